// The sandbox as the API of a host page on another site, the way a bank's web team embeds the
// widget: the host page on http://app.localhost:<port>, the API on http://api.localhost:<port>
// (./host-site.ts).
// The host sets an XSRF-TOKEN cookie of its own, which the widget must never send to the API.
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { confirmMobile, newPage, scan, type TestPage, useE2E, waitForPortal } from './harness';
import { BASE_PATH, hostHtml, hostSettings, useHostSite } from './host-site';

const e2e = useE2E();

const HOST_XSRF = 'the-host-page-own-token';

// The host's page: the standalone bundle from its own origin, the API and the widget's static
// files (locale tables, images) from the sandbox's; it sets an XSRF-TOKEN cookie of its own.
const site = useHostSite(e2e, {
  page: () => ({
    headers: { 'Set-Cookie': `XSRF-TOKEN=${HOST_XSRF}; Path=/` },
    html: hostHtml({
      title: 'A host on another site',
      settings: hostSettings(site.apiOrigin(), { language: 'en', country: 'GB', serviceEmail: 'service@demobank.example' }),
    }),
  }),
});
const appOrigin = site.origin;
const apiOrigin = site.apiOrigin;

/** Every request the page sends to the API origin, with its XSRF header, for the assertions below. */
function recordApiCalls(page: Page) {
  const calls: { method: string; path: string; xsrf: string | undefined }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === apiOrigin()) calls.push({ method: request.method(), path: url.pathname, xsrf: request.headers()['x-xsrf-token'] });
  });
  return calls;
}

async function openHost(route: string, title: string): Promise<{ page: TestPage; calls: ReturnType<typeof recordApiCalls> }> {
  const page = await newPage(e2e.browser, `${appOrigin()}${BASE_PATH}/`);
  const calls = recordApiCalls(page);
  await page.goto(`${appOrigin()}${BASE_PATH}${route}`);
  await waitForPortal(page, title);
  return { page, calls };
}

/** The API's cookie jar in the browser: what the sandbox set on api.localhost (paths up to the API base). */
const apiCookie = async (page: Page, name: string) => (await page.context().cookies(`${apiOrigin()}/access/`)).find((cookie) => cookie.name === name);

/** The API's XSRF calls: every mutating call carried the API's token (from the bootstrap's header), never the host's. */
async function expectApiXsrf(page: Page, calls: ReturnType<typeof recordApiCalls>) {
  const token = (await apiCookie(page, 'XSRF-TOKEN'))?.value;
  expect(token).toMatch(/^[a-z0-9]{24}$/);
  const posts = calls.filter((call) => call.method === 'POST' && call.path !== '/access/v1/public/session/anonymous/initiate');
  expect(posts.length).toBeGreaterThan(0);
  expect(new Set(posts.map((call) => call.xsrf))).toEqual(new Set([token]));
  expect(calls.filter((call) => call.method === 'GET' && call.path === '/access/')).toHaveLength(1);
}

describe('the widget on app.localhost, its API on api.localhost', () => {
  test('EMMA0005 logs on with the scanner and lands on the logged-on page of the API origin', async () => {
    const { page, calls } = await openHost('/pages/logon/scanner', 'Log on with your scanner');
    expect((await page.context().cookies(appOrigin())).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value).toBe(HOST_XSRF);
    const widget = page.locator('.amwa-root');
    await widget.getByRole('textbox', { name: 'User ID' }).fill('EMMA0005');
    await widget.getByRole('button', { name: 'Next', exact: true }).click();
    const colourCode = widget.getByRole('img', { name: 'Colour code to scan with your scanner' });
    await colourCode.waitFor();
    const code = await scan(e2e.url, 'EMMA0005', (await colourCode.getAttribute('src'))!.replace('data:image/png;base64,', ''));
    await widget.getByRole('textbox', { name: /^Response code/ }).fill(code);
    await widget.getByRole('button', { name: 'Log on', exact: true }).click();
    await page.waitForURL(`${apiOrigin()}/__sandbox/logged-on`);
    expect(await page.getByRole('heading', { name: 'You are logged on' }).count()).toBe(1);
    await expectApiXsrf(page, calls);
    expect(await apiCookie(page, 'XSRF-TOKEN')).toMatchObject({ sameSite: 'None', secure: true, partitionKey: 'http://app.localhost' });
    page.expectNoConsoleErrors();
  });

  test('the QR logon polls across origins with its session cookie, and lands logged on once the phone approves', async () => {
    const { page, calls } = await openHost('/pages/logon/mobile', "Log on with the bank's mobile app");
    await page.locator('.amwa-root').getByRole('img', { name: /^QR code to log on/ }).waitFor();
    await expect.poll(() => calls.filter((call) => call.path === '/access/v1/api/public/qr/confirmed').length).toBeGreaterThan(1);
    expect(await apiCookie(page, 'qr-session')).toMatchObject({ httpOnly: true, sameSite: 'None', secure: true, path: '/', partitionKey: 'http://app.localhost' });
    await confirmMobile(e2e.url, 'logon');
    await page.waitForURL(`${apiOrigin()}/__sandbox/logged-on`);
    await expectApiXsrf(page, calls);
    page.expectNoConsoleErrors();
  });
});

describe('the control API in the browser', () => {
  test("the demo console resets the sandbox from the sandbox's own origin", async () => {
    e2e.server.sandbox.state.faults.push({ path: '/access/v1/api/public/qr', status: 500, times: 3 });
    const page = await e2e.open('/access/');
    await page.getByRole('button', { name: 'Reset sandbox' }).click();
    await expect.poll(() => page.locator('.demo-status').textContent()).toBe('Sandbox reset.');
    expect(e2e.server.sandbox.state.faults).toEqual([]);
    page.expectNoConsoleErrors();
  });

  test('a page on another site can neither store faults nor move the logon redirect', async () => {
    // The host server again, by IP address: an origin that is neither the sandbox's nor allowed.
    const page = await newPage(e2e.browser, `http://127.0.0.1:${site.port()}${BASE_PATH}/`);
    const outcome = await page.evaluate(async (sandbox) => {
      const fault = JSON.stringify({ path: '/access/v1/api/public/scanner/logon', status: 500, times: 100 });
      const config = JSON.stringify({ logonRedirectUrl: 'https://evil.example/' });
      // What needs no permission: a no-cors text/plain POST (its answer is opaque to the page).
      await fetch(`${sandbox}/__sandbox/faults`, { method: 'POST', mode: 'no-cors', body: fault });
      await fetch(`${sandbox}/__sandbox/config`, { method: 'POST', mode: 'no-cors', body: config });
      // What needs a preflight, which the sandbox refuses.
      return fetch(`${sandbox}/__sandbox/config`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: config }).then(
        (response) => `answered ${response.status}`,
        (error: Error) => `refused: ${error.name}`,
      );
    }, e2e.url);
    expect(outcome).toBe('refused: TypeError');
    expect(e2e.server.sandbox.state.faults).toEqual([]);
    expect(e2e.server.sandbox.state.config.logonRedirectUrl).toBe('/__sandbox/logged-on');
    await page.close();
  });
});
