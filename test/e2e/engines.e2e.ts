// The core flows in every engine a bank's customers use: Chromium (DevTools protocol) and Firefox
// (WebDriver BiDi) through puppeteer-core, and WebKit (WebKitGTK's WebDriver with MiniBrowser). The
// logons and the activation go through the testing kit (its Puppeteer driver in Chromium and
// Firefox). Each flow is described once (test/engines/flows.ts) and ends with no console error, uncaught error,
// unhandled rejection or CSP violation in the tab. Plus the imports that must fail well: the
// pages chunk aborted by leaving the page, and failing once then loading.
//
// A missing engine is skipped with one printed line, except in CI (CI=true), where it fails:
// .ci/run installs all three.
import { readFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectKit, type AmwaKit } from 'amwa-sandbox/testing';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Engine, EngineName } from '../engines/driver';
import { engines, startGatedSandbox, type GatedSandbox } from '../engines/engines';
import { FLOWS } from '../engines/flows';
import { DrivenPage } from '../engines/page';

/** The pages chunk: the session layer, the API client and every page but Home and activation. */
const PAGES_CHUNK = /\/chunks\/pages-[\w-]+\.js$/;

const available = await engines();
for (const { name, missing } of available) {
  if (!missing) continue;
  if (process.env.CI) throw new Error(`engines: ${name} is missing in CI; install ${missing} (.ci/run does)`);
  console.log(`engines: ${name} skipped, not on this machine; install ${missing} to run the core flows in it`);
}

let sandbox: GatedSandbox;
let kit: AmwaKit;
/** A bank's server that puts the first screen into its page with amwa/server, the sandbox proxied behind it. */
let served: { server: Server; origin: string };
beforeAll(async () => {
  sandbox = await startGatedSandbox();
  kit = await connectKit(sandbox.url);
  const { renderToString } = (await import(new URL('../../dist/server.js', import.meta.url).href)) as typeof import('../../src/server');
  const api = new URL(sandbox.url);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname.startsWith('/served')) {
      const { html } = await renderToString({ basePath: '/served', apiBaseUrl: '/access', securityApiBaseUrl: '/', staticPath: '/access/static' }, { path: req.url, cookies: req.headers.cookie });
      return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Served</title><script type="module" src="/dist/amwa.standalone.js"></script></head><body>${html}</body></html>`);
    }
    if (url.pathname.startsWith('/dist/') && !url.pathname.includes('..')) {
      const body = await readFile(new URL(`../..${url.pathname}`, import.meta.url)).catch(() => undefined);
      return void (body ? res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(body) : res.writeHead(404).end());
    }
    const forwarded = request({ host: api.hostname, port: api.port, method: req.method, path: req.url, headers: { ...req.headers, host: api.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  served = { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await new Promise((resolve) => served?.server.close(resolve));
  await sandbox?.close();
});

/** Run times per engine, printed at the end: CI's time budget is watched through them. */
const timings = new Map<EngineName, { started: number; ended?: number; flows: number }>();
afterAll(() => {
  for (const [name, { started, ended = performance.now(), flows }] of timings) {
    console.log(`engines: ${name} ran ${flows} core flows and the import tests in ${((ended - started) / 1000).toFixed(1)} s (launch and close included)`);
  }
});

describe.each(available.filter((entry) => entry.launch))('in $name', ({ name, launch }) => {
  let engine: Engine;
  const pages = new Set<DrivenPage>();
  const open = async (path: string, options?: { width?: number }) => {
    const page = await DrivenPage.open(engine, sandbox.url, path, options);
    pages.add(page);
    return page;
  };
  /** Every page the test opened had no problem, but those matching `allow`. */
  const expectNoProblems = async (allow: RegExp[] = []) => {
    for (const page of pages) {
      const problems = (await page.problems()).filter((line) => !allow.some((pattern) => pattern.test(line)));
      expect(problems, `console errors, uncaught errors, unhandled rejections or CSP violations in ${name}`).toEqual([]);
    }
  };

  beforeAll(async () => {
    timings.set(name, { started: performance.now(), flows: 0 });
    engine = await launch!();
    console.log(`engines: ${name} is ${engine.version}`);
  });
  afterEach(async () => {
    sandbox.release();
    await Promise.all([...pages].map((page) => page.close().catch(() => undefined)));
    pages.clear();
    sandbox.sandbox.reset();
  });
  afterAll(async () => {
    await engine?.close();
    timings.get(name)!.ended = performance.now();
  });

  // A flow takes seconds; WebKit's MiniBrowser under Xvfb on a loaded two-core machine once took
  // over a minute for the German one, so a flow gets two before it counts as hung.
  test.each(FLOWS)('$name, with no error anywhere', { timeout: 120_000 }, async (flow) => {
    await flow.run({ engine, origin: sandbox.url, kit, open });
    await expectNoProblems();
    timings.get(name)!.flows++;
  });

  test('the pages chunk, delayed and then aborted by choosing the scanner option (a full page load), reports nothing', async () => {
    sandbox.holdOnce(PAGES_CHUNK);
    const page = await open('/access/');
    await page.heading('Log on with');
    // Pointing at Home starts the warm-up, whose import of the pages chunk the gate holds back.
    await page.hover('link', /^The bank's scanner/);
    await expect.poll(() => sandbox.gated, { timeout: 15_000 }).toHaveLength(1);
    await page.click('link', /^The bank's scanner/);
    await page.waitForPath('/access/pages/logon/scanner');
    expect(sandbox.gated, 'the warm-up asked for the pages chunk and the gate held it').toEqual([expect.stringMatching(/^hold \/.*pages-/)]);
    // The old page is gone; its request is let go, since Firefox may make the new page's request
    // for the same chunk wait on it in its cache.
    sandbox.release();
    await page.heading('Log on with your scanner');
    await page.waitFor('textbox', 'User ID');
    await expectNoProblems();
  });

  // Hydration (docs/embedding.md, "Server rendering"): where the engine parses declarative shadow
  // roots, the server's screen is taken over (its mark gone, one root); where it does not, the
  // browser renders anew. Either way no console error, no mismatch warning turned error, no second screen.
  test("a server-rendered page (amwa/server) is taken over with no error, and the user ID step after it", async () => {
    const page = await DrivenPage.open(engine, served.origin, '/served/');
    pages.add(page);
    await page.heading('Log on with');
    await page.until<boolean>(`(() => { const root = document.querySelector('amwa-portal').shadowRoot; return root && root.querySelectorAll('.amwa-root').length === 1 && !root.querySelector('[data-amwa-server]'); })()`, 'one root, taken over');
    await page.click('link', /^The bank's scanner/);
    await page.waitForPath('/served/pages/logon/scanner');
    await page.heading('Log on with your scanner');
    await page.fill('textbox', 'User ID', 'EMMA0005');
    await page.until<boolean>(`!document.querySelector('amwa-portal').shadowRoot.querySelector('[data-amwa-server]')`, 'taken over');
    await page.click('button', 'Next');
    await page.waitFor('img', 'Colour code to scan with your scanner');
    await expectNoProblems();
  });

  test('the pages chunk failing once, then loading: the flow goes on without a reload', async () => {
    sandbox.failOnce(PAGES_CHUNK);
    const page = await open('/access/');
    await page.heading('Log on with');
    await page.evaluate('(globalThis.__amwaSamePage = true)');
    // The warm-up (at idle) asks for the chunk and gets the failure; the page that needs it later loads it again.
    await expect.poll(() => sandbox.gated, { timeout: 15_000 }).toHaveLength(1);
    await page.click('link', /^The bank's mobile app/);
    await page.heading("Log on with the bank's mobile app");
    await page.waitFor('img', /^QR code to log on/);
    expect(sandbox.gated).toEqual([expect.stringMatching(/^fail \/.*pages-/)]);
    expect(await page.evaluate('globalThis.__amwaSamePage === true'), 'no reload').toBe(true);
    // The failed request itself is the browser's to log: Chromium as a console error, Firefox as a page error of the module load.
    await expectNoProblems([/Failed to load resource: the server responded with a status of 503/, /Loading module from .*pages-.* was blocked because of a disallowed MIME type/]);
  });
});
