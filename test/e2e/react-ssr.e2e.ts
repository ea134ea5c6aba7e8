// <AmwaPortal> rendered on the server by a host's React (react-dom/server's renderToString, as any
// React SSR does) and taken over in the browser by the host's hydrateRoot: a tiny Node host of the
// test's own serves the page (its first screen in a declarative shadow root) and the client bundle
// Vite builds from the built `amwa/react`, with React's development build, whose hydration
// warnings go to console.error. In Chromium, Firefox and WebKit (test/engines): Home is in the
// HTML, the browser keeps the server's nodes, and nothing is reported, also on the way to the
// scanner logon and for a returning scanner user, whose first screen is the loading shell. Then
// examples/nextjs's production build (copied out and built by `node test/hosts/build.mjs nextjs`, served by `next start` as
// test/e2e/hosts.e2e.ts serves it): Home in the HTML of a plain GET, and taken over in each engine.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../packages/amwa-sandbox/src/index';
import { copyEnv, exampleCopy } from '../hosts/copies.mjs';
import ports from '../hosts/ports.json';
import { CAPTURE, type Engine } from '../engines/driver';
import { engines } from '../engines/engines';
import { DrivenPage } from '../engines/page';
import { answering, freePort } from './serving';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = join(root, '.tmp', 'react-ssr');
const REACT_BUILD = join(root, 'dist', 'react.js');

// The host's page: a heading of its own and the portal, the same element tree on the server and
// in the browser (the client entry below builds it from the same props).
const APP = `
import { createElement } from 'react';
import { AmwaPortal } from 'amwa/react';
export const App = (props) => createElement('main', null, createElement('h2', null, 'Demo bank'), createElement(AmwaPortal, props));
`;
const CLIENT = `
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app.js';
const props = JSON.parse(document.getElementById('props').textContent);
hydrateRoot(document.getElementById('app'), createElement(App, { ...props, onReady: () => { globalThis.__amwaReady = true; } }));
`;

let server: Server;
let sandbox: RunningSandbox;
let origin = '';
let App: (props: object) => unknown;

/** The settings the host gives, on the server and in the browser alike. */
const settings = () => ({
  basePath: '/access',
  apiBaseUrl: `${sandbox.url}/access`,
  securityApiBaseUrl: sandbox.url,
  staticPath: `${sandbox.url}/access/static`,
  brandPrefix: 'demobank',
  serviceEmail: 'service@demobank.example',
});

/** The page for a request: the portal rendered by React's server renderer, its props for the client beside it. */
function page(url: URL, cookies: string): string {
  const props = { id: 'portal', settings: settings(), request: { url: url.href, cookies } };
  const html = renderToString(createElement(App as never, props));
  const json = JSON.stringify(props).replace(/</g, '\\u003c');
  // The inline script runs as the parser passes it, before the module: it keeps the nodes the
  // server's HTML made, for the test to compare with what the browser shows after hydration.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo bank</title><script>${CAPTURE}</script></head><body>
<div id="app">${html}</div>
<script>globalThis.__serverNodes = { box: document.getElementById('portal')?.shadowRoot?.querySelector('.amwa-root') ?? null, heading: document.getElementById('portal')?.shadowRoot?.querySelector('h1') ?? null };</script>
<script type="application/json" id="props">${json}</script>
<script type="module" src="/client/client.js"></script>
</body></html>`;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };

beforeAll(async () => {
  mkdirSync(join(work, 'src'), { recursive: true });
  writeFileSync(join(work, 'src', 'app.js'), APP);
  writeFileSync(join(work, 'src', 'client.js'), CLIENT);
  writeFileSync(join(work, 'src', 'index.html'), '<script type="module" src="./client.js"></script>');
  // The browser's bundle: React's development build, which reports hydration mismatches.
  await build({
    configFile: false,
    root: join(work, 'src'),
    base: '/client/',
    logLevel: 'warn',
    mode: 'development',
    resolve: { alias: [{ find: /^amwa\/react$/, replacement: REACT_BUILD }] },
    define: { 'process.env.NODE_ENV': '"development"' },
    build: { outDir: join(work, 'dist'), emptyOutDir: true, minify: false, reportCompressedSize: false, rollupOptions: { input: { client: join(work, 'src', 'client.js') }, output: { entryFileNames: '[name].js' } } },
  });
  // The server's copy of the same page, on the built `amwa/react` too.
  writeFileSync(join(work, 'app.mjs'), APP.replace("'amwa/react'", JSON.stringify(REACT_BUILD)));
  ({ App } = await import(/* @vite-ignore */ join(work, 'app.mjs')));

  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname.startsWith('/client/') && !url.pathname.includes('..')) {
      try {
        const body = await readFile(join(work, 'dist', url.pathname.slice('/client/'.length)));
        return void response.writeHead(200, { 'Content-Type': TYPES[extname(url.pathname)] ?? 'application/octet-stream' }).end(body);
      } catch {
        return void response.writeHead(404).end();
      }
    }
    if (url.pathname === '/favicon.ico') return void response.writeHead(204).end();
    if (url.pathname !== '/access' && !url.pathname.startsWith('/access/')) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(url, request.headers.cookie ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox = await startSandbox({ port: 0, corsOrigins: [origin] });
}, 180_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await sandbox?.close();
});

describe('<AmwaPortal> in a React SSR host (renderToString + hydrateRoot)', () => {
  test("the page's HTML holds Home: its heading and its two options as links, in a declarative shadow root with its styles", async () => {
    const html = await (await fetch(`${origin}/access/`)).text();
    expect(html).toContain('<div id="portal"><template shadowrootmode="open"><style>');
    expect(html).toMatch(/<h1 id="amwa[\w-]+title" tabindex="-1" class="amwa-card__title">Log on with<\/h1>/);
    expect(html).toContain(`href="${origin}/access/pages/logon/mobile"`);
    expect(html).toContain(`href="${origin}/access/pages/logon/scanner"`);
  });

  test('a returning scanner user gets the loading shell in the HTML, not Home', async () => {
    const html = await (await fetch(`${origin}/access/`, { headers: { Cookie: 'logonType=scanner' } })).text();
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('Log on with</h1>');
  });
});

const available = (await engines()).filter((entry) => entry.launch);

describe.each(available)('hydrated in $name', ({ launch }) => {
  let engine: Engine;
  const pages = new Set<DrivenPage>();
  const open = async (path: string) => {
    const opened = await DrivenPage.open(engine, origin, path);
    pages.add(opened);
    return opened;
  };
  beforeAll(async () => {
    engine = await launch!();
  });
  afterEach(async () => {
    await Promise.all([...pages].map((opened) => opened.close().catch(() => undefined)));
    pages.clear();
    sandbox.sandbox.reset();
  });
  afterAll(async () => {
    await engine?.close();
  });

  test("takes the server's Home over, keeping its nodes, with no hydration warning or error; its scanner option leads on", { timeout: 120_000 }, async () => {
    const driven = await open('/access/');
    await driven.until('globalThis.__amwaReady === true', 'amwa-ready after hydration');
    expect(await driven.evaluate<boolean>("globalThis.__serverNodes.heading !== null && globalThis.__serverNodes.heading === document.getElementById('portal').shadowRoot.querySelector('h1')"), "the browser shows the server's heading node").toBe(true);
    expect(await driven.evaluate<number>("document.getElementById('portal').shadowRoot.querySelectorAll('.amwa-root').length")).toBe(1);
    expect(await driven.evaluate<number>("document.getElementById('portal').shadowRoot.querySelectorAll('style').length"), "the server's <style> gave way to the adopted sheet").toBe(0);
    expect(await driven.problems()).toEqual([]);
    await driven.click('link', /^The bank's scanner/);
    await driven.waitForPath('/access/pages/logon/scanner');
    await driven.waitFor('textbox', 'User ID');
    expect(await driven.problems()).toEqual([]);
  });

  test('a returning scanner user: the shell from the server, then the scanner logon, with no warning or error', { timeout: 120_000 }, async () => {
    // The cookie the scanner logon leaves, then the page anew (a plain navigation: WebKit's driver once hung on a redirect that set it).
    const driven = await open('/access/');
    await driven.heading('Log on with');
    await driven.evaluate("(document.cookie = 'logonType=scanner; path=/access')");
    await driven.goto('/access/');
    await driven.waitFor('textbox', 'User ID');
    await driven.until('globalThis.__amwaReady === true', 'amwa-ready after hydration');
    expect(await driven.evaluate<boolean>("globalThis.__serverNodes.box === document.getElementById('portal').shadowRoot.querySelector('.amwa-root')"), "the server's root box was taken over").toBe(true);
    expect(await driven.problems()).toEqual([]);
  });
});

// The portal's element in the Next example: the <div> <AmwaPortal> renders in <main>.
const NEXT_HOST = "document.querySelector('main > div')";

describe('examples/nextjs (App Router, production build): <AmwaPortal> rendered on the server', () => {
  const app = exampleCopy('nextjs');
  let next: ChildProcess;
  let nextSandbox: RunningSandbox;
  let nextOrigin = '';

  beforeAll(async () => {
    if (!existsSync(join(app, '.next', 'BUILD_ID'))) throw new Error(`e2e: examples/nextjs is not built in ${app}; run \`node test/hosts/build.mjs nextjs\` (or \`npm run test:hosts\`)`);
    // The example proxies /api/* to the sandbox on the port it was built for.
    nextSandbox = await startSandbox({ port: ports.nextApiPort });
    const port = await freePort();
    nextOrigin = `http://127.0.0.1:${port}`;
    next = spawn(join(app, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], { cwd: app, env: copyEnv({ NEXT_TELEMETRY_DISABLED: '1' }), stdio: 'ignore' });
    await answering(`${nextOrigin}/access`);
  }, 120_000);

  afterAll(async () => {
    next?.kill('SIGTERM');
    await nextSandbox?.close();
  });

  test("a plain GET (no script) gets Home: its heading and options as links on the app's origin", async () => {
    const html = await (await fetch(`${nextOrigin}/access`)).text();
    expect(html).toContain('<template shadowrootmode="open"><style>');
    expect(html).toMatch(/<h1 id="amwa[\w-]+title" tabindex="-1" class="amwa-card__title">Log on with<\/h1>/);
    expect(html).toContain(`href="${nextOrigin}/access/pages/logon/mobile"`);
    expect(html).toContain(`href="${nextOrigin}/access/pages/logon/scanner"`);
  });

  describe.each(available)('in $name', ({ launch }) => {
    let engine: Engine;
    const pages = new Set<DrivenPage>();
    beforeAll(async () => {
      engine = await launch!();
    });
    afterEach(async () => {
      await Promise.all([...pages].map((opened) => opened.close().catch(() => undefined)));
      pages.clear();
      nextSandbox.sandbox.reset();
    });
    afterAll(async () => {
      await engine?.close();
    });

    test("takes the server's Home over with no hydration warning or error, and its scanner option leads to the user ID step, which takes what is typed", { timeout: 120_000 }, async () => {
      const driven = await DrivenPage.open(engine, nextOrigin, '/access');
      pages.add(driven);
      // Taken over: the adopted stylesheet replaced the server's <style>; rendered anew, the ids would count from 1.
      await driven.until(`${NEXT_HOST}?.shadowRoot && !${NEXT_HOST}.shadowRoot.querySelector('style')`, "the server's screen taken over");
      await driven.heading('Log on with');
      expect(await driven.evaluate<string>(`${NEXT_HOST}.shadowRoot.querySelector('h1').id`)).not.toMatch(/^amwa\d+-/);
      expect(await driven.problems()).toEqual([]);
      await driven.click('link', /^The bank's scanner/);
      await driven.waitForPath('/access/pages/logon/scanner');
      await driven.fill('textbox', 'User ID', 'EMMA0005');
      expect(await driven.value('textbox', 'User ID')).toBe('EMMA0005');
      expect(await driven.problems()).toEqual([]);
    });
  });
});
