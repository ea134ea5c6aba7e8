// docs/csp.md's nonce-based policy, as a bank's static page sends it: the standalone module with
// a fresh nonce per response, Trusted Types required, the API on another origin (the sandbox).
// The widget's chunks carry no nonce attribute of their own: they load because a dynamic import()
// inherits the nonce of the module that imports it (and, with 'strict-dynamic', the trust too).
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { newPage, useE2E } from './harness';
import { BASE_PATH, hostHtml, hostSettings, noncePolicy, useHostSite } from './host-site';

const e2e = useE2E();
// docs/csp.md's policy, with 'strict-dynamic' when the page's query asks for it; a fresh nonce per response.
const site = useHostSite(e2e, {
  page: (url) => {
    const nonce = randomBytes(16).toString('base64');
    return {
      headers: { 'Content-Security-Policy': noncePolicy(nonce, site.apiOrigin(), { strictDynamic: url.searchParams.has('strict-dynamic') }) },
      html: hostHtml({ title: 'A bank page under a nonce policy', nonce, settings: hostSettings(site.apiOrigin(), { cspNonce: nonce }) }),
    };
  },
});
const appOrigin = site.origin;

describe('the standalone module under a nonce-based CSP with Trusted Types', () => {
  test.each([
    ["script-src 'nonce-…'", ''],
    ["script-src 'nonce-…' 'strict-dynamic'", '?strict-dynamic'],
  ])('%s: the scanner logon loads its chunks and reaches the colour code with no violation', async (_, query) => {
    const page = await newPage(e2e.browser, `${appOrigin()}${BASE_PATH}/`);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${appOrigin()}/amwa/`)) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${appOrigin()}${BASE_PATH}/pages/logon/scanner${query}`);
    const widget = page.locator('.amwa-root');
    await widget.getByRole('heading', { level: 1, name: 'Log on with your scanner' }).waitFor();
    await widget.getByRole('textbox', { name: 'User ID' }).fill('EMMA0005');
    await widget.getByRole('button', { name: 'Next', exact: true }).click();
    await widget.getByRole('img', { name: 'Colour code to scan with your scanner' }).waitFor();
    // The scanner page and its step are chunks of their own, loaded by import() under the policy.
    expect(scripts.filter((path) => path !== '/amwa/amwa.standalone.js').length).toBeGreaterThan(0);
    // What docs/csp.md says about the nonce: the attribute holding the settings shows it to any
    // script (and any CSS attribute selector) on the page; the script element's own does not.
    const seen = await page.evaluate(() => ({
      settings: document.querySelector('amwa-portal')!.getAttribute('settings'),
      scriptAttribute: document.querySelector('script[nonce]')!.getAttribute('nonce'),
    }));
    expect(seen.settings).toMatch(/"cspNonce":"[\w+/=]+"/);
    expect(seen.scriptAttribute).toBe('');
    page.expectNoConsoleErrors();
  });
});
