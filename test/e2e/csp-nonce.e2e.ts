// docs/csp.md's nonce-based policy, as a bank's static page sends it: the standalone module with
// a fresh nonce per response, Trusted Types required, the API on another origin (the sandbox).
// The widget's chunks carry no nonce attribute of their own: they load because a dynamic import()
// inherits the nonce of the module that imports it (and, with 'strict-dynamic', the trust too).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newPage, settingsAttribute, useE2E } from './harness';

const e2e = useE2E();

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const BASE_PATH = '/shop';
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

let host: Server;
let hostPort = 0;
const appOrigin = () => `http://app.localhost:${hostPort}`;
const apiOrigin = () => `http://api.localhost:${e2e.server.port}`;

/** The policy of docs/csp.md, with or without 'strict-dynamic'. */
const policy = (nonce: string, strictDynamic: boolean) =>
  [
    `default-src 'self'`,
    `script-src 'nonce-${nonce}'${strictDynamic ? " 'strict-dynamic'" : ''}`,
    `style-src 'self'`,
    `img-src 'self' data: ${apiOrigin()}`,
    `connect-src 'self' ${apiOrigin()}`,
    `base-uri 'none'`,
    `object-src 'none'`,
    `require-trusted-types-for 'script'`,
  ].join('; ');

const hostPage = (nonce: string) => {
  const settings = {
    basePath: BASE_PATH,
    apiBaseUrl: `${apiOrigin()}/access`,
    securityApiBaseUrl: apiOrigin(),
    staticPath: `${apiOrigin()}/access/static`,
    brandPrefix: 'demobank',
    cspNonce: nonce,
  };
  const attribute = settingsAttribute(settings);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A bank page under a nonce policy</title>
<script type="module" nonce="${nonce}" src="/amwa/amwa.standalone.js"></script></head>
<body><main><h1>Host page</h1><amwa-portal settings='${attribute}'></amwa-portal></main></body>
</html>`;
};

beforeAll(async () => {
  host = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname.startsWith('/amwa/') && !url.pathname.includes('..')) {
      try {
        const body = await readFile(join(DIST, url.pathname.slice('/amwa/'.length)));
        response.writeHead(200, { 'Content-Type': TYPES[extname(url.pathname)] ?? 'application/octet-stream' }).end(body);
      } catch {
        response.writeHead(404).end();
      }
      return;
    }
    if (url.pathname === '/favicon.ico') return void response.writeHead(204).end();
    if (!url.pathname.startsWith(`${BASE_PATH}/`)) return void response.writeHead(404).end();
    const nonce = randomBytes(16).toString('base64');
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy(nonce, url.searchParams.has('strict-dynamic')) })
      .end(hostPage(nonce));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostPort = (host.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

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
