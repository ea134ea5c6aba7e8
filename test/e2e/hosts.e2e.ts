// Host apps built from the packed package by `npm run test:hosts` (test/hosts/build.mjs), walked
// in Chromium against the sandbox: a vanilla page bundled by Vite (mounting twice), React 19 and
// Preact hosts under StrictMode in development builds, the Next.js App Router example, and the
// examples a developer runs (test/hosts/examples.json), each served as its README says (`vite
// preview`, or its own Node server) with the API proxied, walked to the end of its flow.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import type { BrowserContext, Response } from 'playwright-core';
import { connectKit } from 'amwa-sandbox/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';
import ports from '../hosts/ports.json';
import EXAMPLES from '../hosts/examples.json';
import { heading } from './flows';
import { checkA11y, confirmMobile, launchBrowser, newPage, tabTo, useE2E, waitForPortal, widget, type TestPage } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hostsDir = join(root, '.tmp', 'hosts');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' };

if (!existsSync(join(hostsDir, 'vanilla', 'dist', 'index.html'))) {
  throw new Error('e2e: the host builds are missing; run `npm run test:hosts` before the e2e suite');
}

/** Serves a host build under `/hosts/{name}/` of the sandbox's origin, as a host's web server would: files, else the page. */
const serveHost = (name: string, dir: string) => async (context: BrowserContext) => {
  await context.route(`**/hosts/${name}/**`, (route) => {
    const path = new URL(route.request().url()).pathname.slice(`/hosts/${name}/`.length);
    const file = path.startsWith('assets/') ? join(dir, path) : join(dir, 'index.html');
    if (!existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ status: 200, contentType: TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
  });
};

const e2e = useE2E();
const openHost = (name: string, dir: string, path = '') => e2e.open(`/hosts/${name}/${path}`, { setup: serveHost(name, dir) });

/** From Home, the scanner option's full page load ends on the user-ID step. */
async function toScannerStep(page: TestPage) {
  await widget(page).getByRole('link', { name: /bank's scanner/ }).click();
  expect(await waitForPortal(page, 'Log on with your scanner')).toBe('Log on with your scanner');
}

describe('a vanilla host bundled by Vite from the packed package', () => {
  const dir = join(hostsDir, 'vanilla', 'dist');

  test('shows Home, says it is ready, and goes on to the scanner logon', async () => {
    const page = await openHost('vanilla', dir);
    expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
    await expect.poll(() => page.evaluate(() => document.body.dataset.ready)).toBe('/');
    await checkA11y(page, 'vanilla host home');
    await toScannerStep(page);
    await checkA11y(page, 'vanilla host scanner user ID step');
    page.expectNoConsoleErrors();
  });

  test('keeps two widgets on one page apart', async () => {
    const page = await openHost('vanilla', dir, '?twice');
    await expect.poll(() => page.locator('.amwa-root').count()).toBe(2);
    await expect.poll(() => widget(page).first().getByRole('heading', { level: 1 }).textContent()).toBe('Log on with');
    await expect.poll(() => widget(page).nth(1).getByRole('heading', { level: 1 }).textContent()).toBe('You are now logged off');
    page.expectNoConsoleErrors();
  });
});

describe.each(['react', 'preact'])('a %s host under StrictMode (development build)', (name) => {
  const dir = join(hostsDir, name, 'dist-dev');
  const open = (path = '') => e2e.open(`/hosts/${name}-dev/${path}`, { setup: serveHost(`${name}-dev`, dir) });

  test('renders once, changes language in place, and navigates through its ref, with no console error', async () => {
    const page = await open();
    expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
    await expect.poll(() => page.locator('#events li').allTextContents()).toEqual(['page logon:choose-access-means', 'ready /']);
    expect(await page.locator('.amwa-root').count()).toBe(1);
    await page.getByRole('button', { name: 'Deutsch' }).click();
    expect(await waitForPortal(page, 'Anmelden mit')).toBe('Anmelden mit');
    expect(await page.locator('#events li').count()).toBe(2);
    await page.getByRole('button', { name: 'Log off page' }).click();
    expect(await waitForPortal(page, 'Sie sind jetzt abgemeldet')).toBe('Sie sind jetzt abgemeldet');
    page.expectNoConsoleErrors();
  });

  test('goes on to the scanner logon by keyboard', async () => {
    const page = await open();
    await waitForPortal(page, 'Log on with');
    await tabTo(page, /bank's scanner/);
    await page.keyboard.press('Enter');
    expect(await waitForPortal(page, 'Log on with your scanner')).toBe('Log on with your scanner');
    await checkA11y(page, `${name} host scanner user ID step`);
    page.expectNoConsoleErrors();
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Resolves once `url` answers 200, polling (a server starting up), or throws after `limit` ms. */
async function answering(url: string, limit = 60_000) {
  for (let waited = 0; (await fetch(url).then((response) => response.status, () => 0)) !== 200; waited += 250) {
    if (waited > limit) throw new Error(`e2e: ${url} did not answer within ${limit / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * EMMA0005's scanner logon from the scanner page of a widget on `origin`, through the testing kit
 * a bank's suite uses (amwa-sandbox/testing): the page it lands on is the sandbox's logged-on page
 * on the app's own origin, with no console error.
 */
async function logOn(page: TestPage, origin: string, sandboxUrl: string) {
  await waitForPortal(page, 'Log on with your scanner');
  const kit = await connectKit(sandboxUrl);
  const { url } = await kit.logOnWithScanner(page, { userId: 'EMMA0005' });
  expect(url).toBe(`${origin}/__sandbox/logged-on`);
  await page.waitForURL(url);
  expect(await page.getByRole('heading', { name: 'You are logged on', level: 1 }).count()).toBe(1);
  page.expectNoConsoleErrors();
}

/** From the example's first page to the end of its flow, on the app's `origin`. */
const WALKS: Record<string, { path: string; walk: (page: TestPage, origin: string, sandboxUrl: string) => Promise<void> }> = {
  vanilla: { path: '/', walk: scannerFromHome },
  preact: { path: '/', walk: scannerFromHome },
  'script-tag': {
    path: '/',
    async walk(page, origin, sandboxUrl) {
      // The page's policy allows scripts by this response's nonce only, and HTML sinks by Trusted Types.
      const answer = await fetch(`${origin}/pages/logon/scanner`);
      expect(answer.headers.get('Content-Security-Policy')).toMatch(/script-src 'nonce-[\w+/=]+' 'strict-dynamic'.*require-trusted-types-for 'script'/);
      const versioned = await page.locator('script[type="module"]').getAttribute('src');
      expect(versioned).toMatch(/^\/amwa\/\d+\.\d+\.\d+\/amwa\.standalone\.js$/);
      const module = await fetch(`${origin}${versioned}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(module.headers.get('Content-Encoding')).toBe('br');
      await scannerFromHome(page, origin, sandboxUrl);
    },
  },
  react: {
    path: '/',
    async walk(page, origin, sandboxUrl) {
      await waitForPortal(page, 'Log on with');
      // The language switch applies in place; back in English, the logon goes on.
      await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
      expect(await waitForPortal(page, 'Anmelden mit')).toBe('Anmelden mit');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
      expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
      await scannerFromHome(page, origin, sandboxUrl);
    },
  },
  'corporate-portal': {
    path: '/',
    async walk(page, origin, sandboxUrl) {
      // The widget asks whether the app confirmed the code (polling) once the QR code is on screen.
      const polled = page.waitForRequest('**/api/access/v1/api/public/link/qr/confirmed', { timeout: 15_000 });
      await page.getByRole('link', { name: 'link your account' }).click();
      await page.getByRole('img', { name: /^QR code to link/ }).waitFor({ timeout: 15_000 });
      await checkA11y(page, 'examples/corporate-portal link QR code');
      await polled;
      await confirmMobile(sandboxUrl, 'link');
      await page.waitForURL(`${origin}/precheck.html`);
      expect(await heading(page, 'Your account is linked').count()).toBe(1);
      page.expectNoConsoleErrors();
    },
  },
};

/** Home, then EMMA0005's scanner logon to 'You are logged on'. */
async function scannerFromHome(page: TestPage, origin: string, sandboxUrl: string) {
  expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
  await checkA11y(page, `${await page.title()} home`);
  await widget(page).getByRole('link', { name: /bank's scanner/ }).click();
  await logOn(page, origin, sandboxUrl);
}

describe.each(Object.entries(EXAMPLES))('examples/%s, installed from its lock file with the packed package', (name, kind) => {
  const app = join(root, 'examples', name);
  let sandbox: RunningSandbox;
  let server: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    if (kind === 'vite' && !existsSync(join(app, 'dist', 'index.html'))) throw new Error(`e2e: examples/${name} is not built; run \`npm run test:hosts\``);
    sandbox = await startSandbox({ port: 0 });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const [command, args] =
      kind === 'vite'
        ? [join(app, 'node_modules', '.bin', 'vite'), ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort']]
        : [process.execPath, ['server.mjs']];
    server = spawn(command, args, { cwd: app, env: { ...process.env, AMWA_SANDBOX_URL: sandbox.url, PORT: String(port) }, stdio: 'ignore' });
    await answering(`${origin}/`);
  }, 90_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    await sandbox?.close();
  });

  test('walks its flow to the end, through the proxied API, with no console error', async () => {
    const { path, walk } = WALKS[name]!;
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser, `${origin}${path}`);
      await walk(page, origin, sandbox.url);
    } finally {
      await browser.close();
    }
  });
});

describe('the Next.js App Router example (examples/nextjs)', () => {
  const app = join(root, 'examples', 'nextjs');
  let sandbox: RunningSandbox;
  let next: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    if (!existsSync(join(app, '.next', 'BUILD_ID'))) throw new Error('e2e: examples/nextjs is not built; run `npm run test:hosts`');
    // The example proxies /api/* to the sandbox on the port it was built for.
    sandbox = await startSandbox({ port: ports.nextApiPort });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    next = spawn(join(app, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: app,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: 'ignore',
    });
    await answering(`${origin}/access`);
  }, 120_000);

  afterAll(async () => {
    next?.kill('SIGTERM');
    await sandbox?.close();
  });

  test("renders <AmwaPortal> on a catch-all route and logs EMMA0005 on to 'You are logged on' through the rewrites", async () => {
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser, 'about:blank');
      const scripts: Promise<number>[] = [];
      const measure = (answer: Response) => {
        if (answer.request().resourceType() === 'script') scripts.push(answer.body().then((body) => brotliCompressSync(body).length));
      };
      page.on('response', measure);
      await page.goto(`${origin}/access`);
      expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
      page.off('response', measure);
      // Next.js splits its own runtime into many chunks: what the page loaded until Home showed.
      const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
      console.log(`examples/nextjs first-load JavaScript until Home: ${(bytes / 1000).toFixed(2)} kB (brotli) in ${scripts.length} file(s)`);
      // The server component imported the framework-free entry too.
      expect(await page.locator('footer').textContent()).toMatch(/^amwa \d+\.\d+\.\d+/);
      await checkA11y(page, 'Next.js home');
      await toScannerStep(page);
      expect(new URL(page.url()).pathname).toBe('/access/pages/logon/scanner');
      await logOn(page, origin, sandbox.url);
    } finally {
      await browser.close();
    }
  });
});
