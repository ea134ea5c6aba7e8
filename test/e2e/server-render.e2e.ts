// amwa/server (docs/embedding.md, "Server rendering"): a bank's page whose HTML holds the first
// screen from renderToString, under docs/csp.md's nonce policy with Trusted Types. The browser
// takes the server's screen over without making it anew (what was typed before the script ran
// stays, with the focus; no layout shift), and without script Home's options are real links to
// the server-rendered scanner logon.
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { checkA11y, newPage, useE2E } from './harness';
import { BASE_PATH, hostSettings, noncePolicy, useHostSite } from './host-site';

const { renderToString } = (await import(new URL('../../dist/server.js', import.meta.url).href)) as typeof import('../../src/server');

const e2e = useE2E();
/** The request header that asks the test's server for the page as a browser without declarative shadow DOM sees it. */
const AS_PLAIN_TEMPLATE = 'x-test-plain-template';
/** Released by a test that types before the widget's script runs; open otherwise. */
let scriptHeld: Promise<void> | undefined;
const site = useHostSite(e2e, {
  page: () => ({ html: '' }),
  async extra(url, request, response) {
    if (url.pathname === '/amwa/amwa.standalone.js') {
      await scriptHeld;
      return false;
    }
    if (url.pathname === '/blank') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>blank</title>'), true;
    if (!url.pathname.startsWith(BASE_PATH)) return false;
    const nonce = randomBytes(16).toString('base64');
    const { html: markup } = await renderToString(hostSettings(site.apiOrigin(), { cspNonce: nonce }), { path: url.pathname + url.search, cookies: request.headers.cookie, nonce, origin: site.origin() });
    // What a browser without declarative shadow DOM parses: the server's template as a plain, inert one.
    const html = request.headers[AS_PLAIN_TEMPLATE] ? markup.replace('<template shadowrootmode="open">', '<template data-shadowrootmode="open">') : markup;
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': noncePolicy(nonce, site.apiOrigin(), { styleNonce: true }) })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Server-rendered logon</title><script type="module" nonce="${nonce}" src="/amwa/amwa.standalone.js"></script></head><body><main><h1>Host page</h1>${html}<p id="below">Below the widget</p></main></body></html>`);
    return true;
  },
});

/** The layout shifts the page has seen so far without user input (CLS counts only those), after two more frames. */
const layoutShift = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        resolve(
          (performance.getEntriesByType('layout-shift') as unknown as { value: number; hadRecentInput: boolean }[])
            .filter((entry) => !entry.hadRecentInput)
            .reduce((sum, entry) => sum + entry.value, 0),
        ),
      ),
    ),
  );

describe('amwa/server in a page under a nonce CSP with Trusted Types', () => {
  test('the user ID typed into the server-rendered field before the script ran stays, with focus, and logs on', async () => {
    let release!: () => void;
    scriptHeld = new Promise<void>((resolve) => (release = resolve));
    const page = await newPage(e2e.browser, `${site.origin()}/blank`);
    await page.goto(`${site.origin()}${BASE_PATH}/pages/logon/scanner`, { waitUntil: 'commit' });
    const widget = page.locator('.amwa-root');
    const field = widget.getByRole('textbox', { name: 'User ID' });
    await field.waitFor();
    expect(await page.locator('[data-amwa-server]').count()).toBe(1);
    await field.fill('EMMA0005');
    release();
    scriptHeld = undefined;
    // Taken over: the server's mark and its no-script note are gone, the same field is there.
    await page.locator('[data-amwa-server]').waitFor({ state: 'detached' });
    expect(await widget.locator('.amwa-needs-script').count()).toBe(0);
    expect(await field.inputValue()).toBe('EMMA0005');
    expect(await page.evaluate(layoutShift)).toBe(0);
    expect(await page.evaluate(() => document.querySelector('amwa-portal')!.shadowRoot!.activeElement?.getAttribute('name'))).toBe('username');
    await widget.getByRole('button', { name: 'Next', exact: true }).click();
    await widget.getByRole('img', { name: 'Colour code to scan with your scanner' }).waitFor();
    page.expectNoConsoleErrors();
  });

  test("Home is the server's, taken over with no layout shift, no console error and no CSP violation", async () => {
    const page = await newPage(e2e.browser, `${site.origin()}${BASE_PATH}/`);
    const widget = page.locator('.amwa-root');
    await page.locator('[data-amwa-server]').waitFor({ state: 'detached' });
    await widget.getByRole('heading', { level: 1, name: 'Log on with' }).waitFor();
    expect(await page.locator('amwa-portal').evaluate((element) => element.shadowRoot!.querySelectorAll('.amwa-root').length)).toBe(1);
    expect(await page.evaluate(layoutShift)).toBe(0);
    // The server's <style> has given way to the adopted stylesheet: one copy of the rules, still styled.
    const styles = await page.locator('amwa-portal').evaluate((element) => ({ elements: element.shadowRoot!.querySelectorAll('style').length, adopted: element.shadowRoot!.adoptedStyleSheets.length }));
    expect(styles.elements).toBe(0);
    expect(styles.adopted).toBeGreaterThan(0);
    expect(await widget.evaluate((root) => getComputedStyle(root).fontFamily)).toMatch(/^system-ui,/);
    await checkA11y(page, 'server-rendered Home, taken over');
    // The client's links: a plain click stays in the single-page app for the QR logon.
    await widget.getByRole('link', { name: /mobile app/ }).click();
    await page.waitForURL(`**${BASE_PATH}/pages/logon/mobile`);
    page.expectNoConsoleErrors();
  });

  test('a browser without declarative shadow DOM (Firefox before 123) renders Home anew, with no error', async () => {
    const page = await newPage(e2e.browser, `${site.origin()}/blank`);
    await page.setExtraHTTPHeaders({ [AS_PLAIN_TEMPLATE]: '1' });
    await page.goto(`${site.origin()}${BASE_PATH}/`);
    const widget = page.locator('.amwa-root');
    await widget.getByRole('heading', { level: 1, name: 'Log on with' }).waitFor();
    const rendered = await page.locator('amwa-portal').evaluate((element) => ({
      inertTemplates: element.querySelectorAll(':scope > template').length,
      roots: element.shadowRoot!.querySelectorAll('.amwa-root').length,
      served: element.shadowRoot!.querySelectorAll('[data-amwa-server]').length,
      styled: element.shadowRoot!.adoptedStyleSheets.length > 0,
    }));
    expect(rendered).toEqual({ inertTemplates: 1, roots: 1, served: 0, styled: true });
    await widget.getByRole('link', { name: /The bank's scanner/ }).waitFor();
    page.expectNoConsoleErrors();
  });

  test("without JavaScript, Home's scanner option leads to the server-rendered user ID step, which says it needs the script", async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    try {
      const page = await context.newPage();
      await page.goto(`${site.origin()}${BASE_PATH}/`);
      const widget = page.locator('.amwa-root');
      await widget.getByRole('heading', { level: 1, name: 'Log on with' }).waitFor();
      // Styled by the server's <style nonce> under the page's nonce-only style-src, with no script to adopt a sheet.
      expect(await widget.evaluate((root) => getComputedStyle(root).fontFamily)).toMatch(/^system-ui,/);
      await widget.getByRole('link', { name: /The bank's scanner/ }).click();
      await page.waitForURL(`${site.origin()}${BASE_PATH}/pages/logon/scanner`);
      await widget.getByRole('heading', { level: 1, name: 'Log on with your scanner' }).waitFor();
      await widget.getByRole('textbox', { name: 'User ID' }).waitFor();
      await widget.getByRole('note').filter({ hasText: 'This step needs JavaScript' }).waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });
});
