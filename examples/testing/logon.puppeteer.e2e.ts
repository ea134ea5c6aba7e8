// A bank's Puppeteer test of its own logon page with the widget inside, in Chromium (DevTools
// protocol) and Firefox (WebDriver BiDi): the kit logs a persona on with the scanner, and with the
// app, one call each, on the same page object in both; and a page that lies to the kit (an iframe of
// another origin forging the redirect, lines no parser takes) gets nothing past it. Run by the e2e
// suite (vitest as the runner).
// The machine's browsers (browsers.ts); one that is missing runs nothing
// outside CI and says so, and fails in CI (.ci/run installs both).
import { startSandbox, type TestSandbox } from 'amwa-sandbox/testing';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { findChromium, findFirefox } from './browsers';
import { apiOrigin, startHostPage, type HostPage } from './host';

const browsers = [
  { name: 'chrome', path: findChromium(), args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] },
  { name: 'firefox', path: findFirefox(), args: [] },
] as const;
for (const { name, path } of browsers) {
  if (path) continue;
  if (process.env.CI) throw new Error(`testing kit: no ${name} for the Puppeteer example in CI`);
  console.log(`testing kit: the Puppeteer example does not run in ${name}, not on this machine`);
}

/** The languages the bank's page is tested in beside English: the kit names controls in the widget's own texts for each. */
const LANGUAGES = ['de', 'nl', 'pl'] as const;

let sandbox: TestSandbox;
let host: HostPage;
let lyingHost: HostPage;
const hostIn: Partial<Record<(typeof LANGUAGES)[number], HostPage>> = {};
beforeAll(async () => {
  sandbox = await startSandbox();
  host = await startHostPage(apiOrigin(sandbox.url));
  lyingHost = await startHostPage(apiOrigin(sandbox.url), { forged: true });
  for (const language of LANGUAGES) hostIn[language] = await startHostPage(apiOrigin(sandbox.url), { language });
});
afterAll(async () => {
  await host?.close();
  await lyingHost?.close();
  for (const page of Object.values(hostIn)) await page.close();
  await sandbox?.stop();
});

describe.each(browsers.filter(({ path }) => path))('in $name', ({ name, path, args }) => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await puppeteer.launch({ browser: name, executablePath: path, headless: true, args: [...args] });
  });
  // A fresh browser context per test: no test inherits the remembered logon type of another.
  beforeEach(async () => {
    await sandbox.reset();
    page = await (await browser.createBrowserContext()).newPage();
  });
  afterEach(async () => {
    await page?.browserContext().close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('EMMA0005 logs on with the scanner from the bank logon page', async () => {
    await page.goto(`${host.origin}/access/pages/logon/scanner`);
    const { url, events } = await sandbox.logOnWithScanner(page, { userId: 'EMMA0005' });
    expect(url).toBe(`${apiOrigin(sandbox.url)}/__sandbox/logged-on`);
    expect(page.url()).toBe(url);
    expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } });
  });

  test.each(LANGUAGES)('EMMA0005 logs on with the scanner from the bank logon page in %s', async (language) => {
    await page.goto(`${hostIn[language]!.origin}/access/pages/logon/scanner`);
    const { url } = await sandbox.logOnWithScanner(page, { userId: 'EMMA0005', timeoutMs: 10_000 });
    expect(page.url()).toBe(url);
    expect(url).toBe(`${apiOrigin(sandbox.url)}/__sandbox/logged-on`);
  });

  test('a flow started on a page without the widget hears the logon on the page the customer goes on to', async () => {
    await page.goto(`${host.origin}/news`);
    const [{ url, events }] = await Promise.all([sandbox.logOnWithScanner(page, { userId: 'EMMA0005' }), page.click('a')]);
    expect(page.url()).toBe(url);
    expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } });
  });

  test('logs on with the app from Home', async () => {
    await page.goto(`${host.origin}/access/`);
    const { url } = await sandbox.logOnWithApp(page);
    expect(page.url()).toBe(url);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe('You are logged on');
  });

  test('a page whose iframe forges the redirect and logs malformed lines: the real logon is heard, the forgeries are not', async () => {
    await page.goto(`${lyingHost.origin}/access/pages/logon/scanner`);
    await page.waitForFrame((frame) => frame.url().startsWith('http://forge.localhost'));
    const { url, events } = await sandbox.logOnWithScanner(page, { userId: 'EMMA0005' });
    expect(url).toBe(`${apiOrigin(sandbox.url)}/__sandbox/logged-on`);
    expect(events.filter(({ type }) => type === 'amwa-logon-redirect')).toEqual([{ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } }]);
  });

  test('a logon call that answered 500 fails the flow, though an iframe of another origin forges the redirect', async () => {
    await sandbox.fault('scannerLogon', { status: 500, body: { errorCode: 'down' } });
    await page.goto(`${lyingHost.origin}/access/pages/logon/scanner`);
    await page.waitForFrame((frame) => frame.url().startsWith('http://forge.localhost'));
    await expect(sandbox.logOnWithScanner(page, { userId: 'EMMA0005', timeoutMs: 10_000 })).rejects.toThrow(
      'amwa-sandbox/testing: the logon call scannerLogon (POST /access/v1/api/public/scanner/logon) answered 500',
    );
  });
});
