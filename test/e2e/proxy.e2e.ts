// The sandbox behind a proxy, the way a Next.js rewrite or a gateway puts it under the app's own
// origin: the browser talks only to http://app.localhost:<proxy>, and the proxy passes every
// request on to the sandbox with the Host rewritten to api.localhost:<sandbox>. Every URL the
// sandbox hands out (the example's settings, the logon's redirect) must be on the proxy's origin,
// from the forwarded headers the proxy sets, or from --public-url when it sets none.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { contractLog } from '../../packages/amwa-sandbox/src/contract';
import { startSandbox, type RunningSandbox } from '../../packages/amwa-sandbox/src/index';
import { button, colourCode, textbox } from './flows';
import { newPage, scan, useE2E, waitForPortal, type TestPage } from './harness';

const e2e = useE2E();

const PNG = 'data:image/png;base64,';

interface Proxy {
  server: Server;
  origin: string;
}

/** A reverse proxy on app.localhost that rewrites Host to the sandbox's and, with `forward`, sets X-Forwarded-Host/-Proto. */
async function startProxy(sandboxPort: () => number, { forward }: { forward: boolean }): Promise<Proxy> {
  const server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, host: `api.localhost:${sandboxPort()}` };
    if (forward) Object.assign(headers, { 'x-forwarded-host': incoming.headers.host, 'x-forwarded-proto': 'http' });
    const upstream = request({ host: '127.0.0.1', port: sandboxPort(), method: incoming.method, path: incoming.url, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://app.localhost:${(server.address() as AddressInfo).port}` };
}

const stop = (server: Server | undefined) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

const pages = new Set<TestPage>();
afterEach(async () => {
  await Promise.all([...pages].map((page) => page.close()));
  pages.clear();
});

/**
 * EMMA0005's scanner logon on the example page the proxy serves, to 'You are logged on'. Every
 * request the page makes over HTTP must go to the proxy's origin: none to the sandbox's own name.
 */
async function logOnThrough(proxy: Proxy, sandboxUrl: string) {
  const page = await newPage(e2e.browser, 'about:blank');
  pages.add(page);
  const origins = new Set<string>();
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.protocol.startsWith('http')) origins.add(url.origin);
  });
  await page.goto(`${proxy.origin}/access/pages/logon/scanner`);
  await waitForPortal(page, 'Log on with your scanner');
  await textbox(page, 'User ID').fill('EMMA0005');
  await button(page, 'Next').click();
  await colourCode(page).waitFor();
  const code = await scan(sandboxUrl, 'EMMA0005', ((await colourCode(page).getAttribute('src')) ?? '').slice(PNG.length));
  await textbox(page, /^Response code/).fill(code.replace(/-/g, ''));
  await button(page, 'Log on').click();
  await page.waitForURL(`${proxy.origin}/__sandbox/logged-on`);
  expect(await page.getByRole('heading', { name: 'You are logged on', level: 1 }).count()).toBe(1);
  expect([...origins]).toEqual([proxy.origin]);
  page.expectNoConsoleErrors();
}

describe('behind a proxy that sets X-Forwarded-Host and X-Forwarded-Proto', () => {
  let proxy: Proxy | undefined;
  beforeAll(async () => {
    proxy = await startProxy(() => e2e.server.port, { forward: true });
  });
  afterAll(() => stop(proxy?.server));

  test("EMMA0005 logs on with the scanner and lands on the logged-on page of the proxy's origin", async () => {
    await logOnThrough(proxy!, e2e.url);
    // The calls came through the proxy, with the sandbox's name as Host and the browser's as the forwarded one.
    const logon = e2e.requests('scannerLogon');
    expect(logon).toHaveLength(1);
    expect(logon[0]!.headers).toMatchObject({ host: `api.localhost:${e2e.server.port}`, 'x-forwarded-host': new URL(proxy!.origin).host, 'x-forwarded-proto': 'http' });
  });
});

describe('behind a proxy that forwards nothing, with --public-url', () => {
  let proxy: Proxy | undefined;
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    proxy = await startProxy(() => sandbox!.port, { forward: false });
    sandbox = await startSandbox({ port: 0, publicUrl: proxy.origin });
  });
  afterAll(async () => {
    await stop(proxy?.server);
    await sandbox?.close();
  });

  test("EMMA0005 logs on with the scanner and lands on the logged-on page of the public URL's origin", async () => {
    await logOnThrough(proxy!, sandbox!.url);
    const calls = contractLog(sandbox!.sandbox.state).filter((call) => call.fromBrowser);
    expect(calls.filter((call) => call.operationId === 'scannerLogon')).toHaveLength(1);
    expect(calls.every((call) => call.headers.host === `api.localhost:${sandbox!.port}` && call.headers['x-forwarded-host'] === undefined)).toBe(true);
    expect(calls.filter((call) => !call.operationId || call.issues.length > 0), 'API calls outside the contract').toEqual([]);
  });
});
