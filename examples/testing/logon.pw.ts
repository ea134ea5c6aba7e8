// A bank's Playwright test of its own logon page with the widget inside: one call logs a
// persona on with the scanner, one with the app. The kit starts the sandbox for the worker and
// resets it before each test (amwaFixtures); the bank's page is its own server (host.ts).
import { test as base, expect } from '@playwright/test';
import { amwaFixtures, type AmwaFixtures, type AmwaWorkerFixtures } from 'amwa-sandbox/testing';
import { apiOrigin, startHostPage, type HostPage } from './host';

const test = base.extend<AmwaFixtures & { host: HostPage; lyingHost: HostPage }, AmwaWorkerFixtures>({
  ...amwaFixtures(),
  host: async ({ amwa }, use) => {
    const host = await startHostPage(apiOrigin(amwa.url));
    await use(host);
    await host.close();
  },
  // A page that lies to the kit: an iframe of another origin forges the redirect event, and lines no parser takes.
  lyingHost: async ({ amwa }, use) => {
    const host = await startHostPage(apiOrigin(amwa.url), { forged: true });
    await use(host);
    await host.close();
  },
});

test('EMMA0005 logs on with the scanner from the bank logon page', async ({ page, amwa, host }) => {
  await page.goto(`${host.origin}/access/pages/logon/scanner`);
  const { url, events } = await amwa.logOnWithScanner(page, { userId: 'EMMA0005' });
  expect(url).toBe(`${apiOrigin(amwa.url)}/__sandbox/logged-on`);
  await expect(page.getByRole('heading', { name: 'You are logged on' })).toBeVisible();
  expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } });
});

test('a flow started on a page without the widget hears the logon on the page the customer goes on to', async ({ page, amwa, host }) => {
  await page.goto(`${host.origin}/news`);
  const [{ url, events }] = await Promise.all([amwa.logOnWithScanner(page, { userId: 'EMMA0005' }), page.getByRole('link', { name: 'Log on to online banking' }).click()]);
  expect(page.url()).toBe(url);
  expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } });
});

test('logs on with the app from Home', async ({ page, amwa, host }) => {
  await page.goto(`${host.origin}/access/`);
  const { url } = await amwa.logOnWithApp(page);
  expect(page.url()).toBe(url);
  await expect(page.getByRole('heading', { name: 'You are logged on' })).toBeVisible();
});

test('links the corporate account from the link page', async ({ page, amwa, host }) => {
  await page.goto(`${host.origin}/access/pages/link-ib-user`);
  const { url, events } = await amwa.linkCorporateAccount(page);
  expect(new URL(url).pathname).toBe('/__sandbox/corporate/precheck');
  expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'link' } });
});

test('a failing logon call (fault by operationId) ends the flow with the technical error', async ({ page, amwa, host }) => {
  await amwa.fault('scannerLogon', { status: 503 });
  await page.goto(`${host.origin}/access/pages/logon/scanner`);
  await expect(amwa.logOnWithScanner(page, { userId: 'EMMA0005', timeoutMs: 5000 })).rejects.toThrow(/the logon call scannerLogon \(POST \/access\/v1\/api\/public\/scanner\/logon\) answered 503/);
  await expect(page.getByRole('alert')).toContainText('A technical error occurred');
});

test('a logon call that answered 500 fails the flow, though an iframe of another origin forges the redirect', async ({ page, amwa, lyingHost }) => {
  await amwa.fault('scannerLogon', { status: 500, body: { errorCode: 'down' } });
  await page.goto(`${lyingHost.origin}/access/pages/logon/scanner`);
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith('http://forge.localhost'))).toBe(true);
  await expect(amwa.logOnWithScanner(page, { userId: 'EMMA0005', timeoutMs: 10_000 })).rejects.toThrow(
    'amwa-sandbox/testing: the logon call scannerLogon (POST /access/v1/api/public/scanner/logon) answered 500',
  );
});

test('the forgeries of a lying page are not heard; its real logon is', async ({ page, amwa, lyingHost }) => {
  await page.goto(`${lyingHost.origin}/access/pages/logon/scanner`);
  const { url, events } = await amwa.logOnWithScanner(page, { userId: 'EMMA0005' });
  expect(events.filter(({ type }) => type === 'amwa-logon-redirect')).toEqual([{ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } }]);
});
