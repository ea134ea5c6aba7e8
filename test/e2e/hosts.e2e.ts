// The examples a developer runs (examples/<name>, test/hosts/examples.json), each copied out of the
// repository into a temporary folder, installed from its lock file with the two packed packages
// and built by `npm run test:hosts` (test/hosts/build.mjs), then served from that copy as its
// README says (`vite preview`, its own Node server, `next start`) with the API proxied to a
// sandbox, and walked in Chromium to the end of its flow with no console error: 'You are logged
// on', the precheck landing and the portal's logout for link mode. The React example is also run
// with `npm run dev`, as its README says: the sandbox beside Vite's dev server, where StrictMode's
// double effects run. Each serves amwa's placeholder image at {staticPath}/image as image/png, and
// shows it when a colour code expires. (The `testing` example is no app to walk: test:hosts runs
// its `npm test` in its copy.) docs/embedding.md's proxy recipes (the Vite proxy, the Next.js
// steps), built as hosts from the docs' snippets (test/hosts/recipes.mjs), are walked the same way.
// Every walk ends on the sandbox's 'You are logged on', styled and linking back to the sandbox.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { BrowserContext, Response } from 'playwright-core';
import { connectKit } from 'amwa-sandbox/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../packages/amwa-sandbox/src/index';
import { copyEnv, exampleCopy, recipeCopy } from '../hosts/copies.mjs';
import ports from '../hosts/ports.json';
import EXAMPLES from '../hosts/examples.json';
import { colourCode, heading, hear, textbox } from './flows';
import { answering, freePort } from './serving';
import { checkA11y, confirmMobile, newPage, resetSandbox, setConfig, tabTo, useE2E, waitForPortal, widget, type NewPageOptions, type TestPage } from './harness';

const PNG_SIGNATURE = '89504e470d0a1a0a';
// The examples served as pages: built by Vite (`vite preview`) or served by their own Node server.
const PAGES = Object.entries(EXAMPLES).filter(([, { server }]) => server === 'vite' || server === 'node');

if (!existsSync(join(exampleCopy('vanilla'), 'dist', 'index.html'))) {
  throw new Error('e2e: the example builds are missing; run `npm run test:hosts` before the e2e suite');
}

const e2e = useE2E();

describe('two widgets on one page (the sandbox page, a second <amwa-portal> added)', () => {
  test('keeps them apart: the second, in memory routing, does not disturb the first', async () => {
    const page = await e2e.open('/access/');
    expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
    await page.evaluate(() => {
      const first = document.querySelector('amwa-portal')!;
      const second = document.createElement('amwa-portal');
      second.setAttribute('settings', JSON.stringify({ ...JSON.parse(first.getAttribute('settings')!), routing: 'memory', initialRoute: '/pages/logout' }));
      first.after(second);
    });
    await expect.poll(() => page.locator('.amwa-root').count()).toBe(2);
    await expect.poll(() => widget(page).first().getByRole('heading', { level: 1 }).textContent()).toBe('Log on with');
    await expect.poll(() => widget(page).nth(1).getByRole('heading', { level: 1 }).textContent()).toBe('You are now logged off');
    expect(new URL(page.url()).pathname).toBe('/access/');
    page.expectNoConsoleErrors();
  });
});

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
  expect(await heading(page, 'You are logged on').count()).toBe(1);
  await endPageStyledAndLinkedToSandbox(page, sandboxUrl);
  page.expectNoConsoleErrors();
}

/**
 * The sandbox's end page, reached through the host's proxy, has its stylesheet (the text colour
 * /__sandbox/demo.css sets, not the browser's black) and links only back to the sandbox's own
 * origin, never into the host app under the same paths.
 */
async function endPageStyledAndLinkedToSandbox(page: TestPage, sandboxUrl: string) {
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).color)).toBe('rgb(31, 35, 40)');
  const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).origin));
  expect(links.length).toBeGreaterThan(0);
  expect(new Set(links)).toEqual(new Set([new URL(sandboxUrl).origin]));
}

/** Home, then EMMA0005's scanner logon to 'You are logged on'. */
async function scannerFromHome(page: TestPage, origin: string, sandboxUrl: string) {
  expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
  await checkA11y(page, `${await page.title()} home`);
  await widget(page).getByRole('link', { name: /bank's scanner/ }).click();
  await logOn(page, origin, sandboxUrl);
}

/**
 * The placeholder image at `{staticPath}/image` (the default staticPath, `{basePath}/static`) is
 * the package's static/image.png served as image/png, and the browser draws it in place of the colour code once that expires
 * (the sandbox's codes live 11 s here, which the widget's 10 s margin leaves 1 s of).
 */
async function placeholderShows(page: TestPage, origin: string, basePath: string, sandboxUrl: string, app: string) {
  const answer = await fetch(`${origin}${basePath}/static/image`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('Content-Type')).toBe('image/png');
  const served = Buffer.from(await answer.arrayBuffer());
  expect(served.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
  // The file the package ships under a name every server types, static/image.png.
  expect(served.equals(readFileSync(join(app, 'node_modules', 'amwa', 'static', 'image.png')))).toBe(true);
  await setConfig(sandboxUrl, { colourCodeExpirySeconds: 11 });
  try {
    await page.goto(`${origin}${basePath}/pages/logon/scanner`);
    await waitForPortal(page, 'Log on with your scanner');
    await textbox(page, 'User ID').fill('EMMA0005');
    await page.keyboard.press('Enter');
    await colourCode(page).waitFor();
    const placeholder = widget(page).locator('img.amwa-colour-code__placeholder');
    await placeholder.waitFor({ timeout: 10_000 });
    await expect.poll(() => placeholder.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(200);
    page.expectNoConsoleErrors();
  } finally {
    await resetSandbox(sandboxUrl);
  }
}

/** The QR code of link mode, confirmed by the app: the portal's precheck landing. */
async function linkToPrecheck(page: TestPage, origin: string, sandboxUrl: string) {
  // The widget asks whether the app confirmed the code (polling) once the QR code is on screen.
  const polled = page.waitForRequest('**/api/access/v1/api/public/link/qr/confirmed', { timeout: 15_000 });
  await page.getByRole('link', { name: 'link your account' }).click();
  await page.getByRole('img', { name: /^QR code to link/ }).waitFor({ timeout: 15_000 });
  await checkA11y(page, 'examples/corporate-portal link QR code');
  await polled;
  await confirmMobile(sandboxUrl, 'link');
  await page.waitForURL(`${origin}/precheck.html`);
  expect(await heading(page, 'Your account is linked').count()).toBe(1);
}

/** What each example's walk needs: the path it starts at, the widget's base path, and the walk from there. */
interface Walk {
  path: string;
  basePath: string;
  /** Events of the widget to hear on the page (they bubble, composed, to the document). */
  hear?: string[];
  walk(page: TestPage, origin: string, sandboxUrl: string, heard: [string, unknown][]): Promise<void>;
}

const WALKS: Record<string, Walk> = {
  vanilla: {
    path: '/',
    basePath: '',
    async walk(page, origin, sandboxUrl) {
      // The page's typed listener of amwa-ready marks the body.
      await waitForPortal(page, 'Log on with');
      await expect.poll(() => page.evaluate(() => document.body.dataset.ready)).toBe('/');
      await scannerFromHome(page, origin, sandboxUrl);
    },
  },
  preact: {
    path: '/',
    basePath: '',
    async walk(page, origin, sandboxUrl) {
      expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
      await checkA11y(page, 'examples/preact home');
      // By keyboard only, this time.
      await tabTo(page, /bank's scanner/);
      await page.keyboard.press('Enter');
      await logOn(page, origin, sandboxUrl);
    },
  },
  'script-tag': {
    path: '/',
    basePath: '',
    async walk(page, origin, sandboxUrl) {
      // The page's policy allows scripts by this response's nonce only, and HTML sinks by Trusted Types.
      const answer = await fetch(`${origin}/pages/logon/scanner`);
      expect(answer.headers.get('Content-Security-Policy')).toMatch(/script-src 'nonce-[\w+/=]+' 'strict-dynamic'.*require-trusted-types-for 'script'/);
      const versioned = await page.locator('script[type="module"]').getAttribute('src');
      expect(versioned).toMatch(/^\/amwa\/\d+\.\d+\.\d+\/amwa\.standalone\.js$/);
      // The module and the chunks it loads come as brotli.
      const brotli = new Set<string>();
      page.on('response', (response) => {
        if (response.url().includes('/amwa/') && response.headers()['content-encoding'] === 'br') brotli.add(new URL(response.url()).pathname);
      });
      const module = await fetch(`${origin}${versioned}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(module.headers.get('Content-Encoding')).toBe('br');
      await page.reload();
      await scannerFromHome(page, origin, sandboxUrl);
      expect(brotli.has(versioned!)).toBe(true);
      expect([...brotli].some((path) => path.includes('/chunks/'))).toBe(true);
    },
  },
  'node-server': {
    path: '/',
    basePath: '',
    async walk(page, origin, sandboxUrl) {
      // The page's HTML already holds Home, in a declarative shadow root rendered by amwa/server.
      const html = await (await fetch(`${origin}/`)).text();
      expect(html).toMatch(/<amwa-portal[^>]*><template shadowrootmode="open">/);
      expect(html).toContain('Log on with');
      // Taken over by the standalone module under the page's own nonce policy.
      await page.locator('[data-amwa-server]').waitFor({ state: 'detached' });
      await scannerFromHome(page, origin, sandboxUrl);
    },
  },
  react: {
    path: '/',
    basePath: '',
    hear: ['amwa-page-load', 'amwa-ready'],
    async walk(page, origin, sandboxUrl, heard) {
      expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
      // Rendered once, under StrictMode too: one page load, one ready.
      await expect.poll(() => heard.map(([type]) => type).sort()).toEqual(['amwa-page-load', 'amwa-ready']);
      // The language switch applies in place, without a new page load.
      await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
      expect(await waitForPortal(page, 'Anmelden mit')).toBe('Anmelden mit');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
      expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
      expect(heard).toHaveLength(2);
      // The ref navigates the widget.
      await page.getByRole('button', { name: 'Log off page' }).click();
      expect(await waitForPortal(page, 'You are now logged off')).toBe('You are now logged off');
      await widget(page).getByRole('link', { name: 'Log on again' }).click();
      await scannerFromHome(page, origin, sandboxUrl);
    },
  },
  'corporate-portal': {
    path: '/',
    basePath: '/access',
    hear: ['amwa-logout'],
    async walk(page, origin, sandboxUrl, heard) {
      await linkToPrecheck(page, origin, sandboxUrl);
      // The linked user goes on to the bank, logs on with the scanner and walks away: at the
      // inactivity limit (5 minutes, run on a fake clock) the bank ends the session, which came
      // through the portal, and names the portal's logout; the portal ends its own session and
      // shows its own logged-out page. The fake clock is the browser's alone: the sandbox's own
      // clock is real, so the approved link code must first really expire there (as it has long
      // before a 5-minute limit), shortened by the sandbox's knob.
      await setConfig(sandboxUrl, { qrExpirySeconds: 1 });
      await expect.poll(async () => (await fetch(`${sandboxUrl}/__sandbox/mobile/pending`)).json()).toEqual([]);
      await page.context().clock.install();
      await page.getByRole('link', { name: 'Log on at the bank' }).click();
      expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
      await widget(page).getByRole('link', { name: /bank's scanner/ }).click();
      await waitForPortal(page, 'Log on with your scanner');
      await page.evaluate(() => sessionStorage.setItem('portal-session', 'open'));
      await textbox(page, 'User ID').fill('EMMA0005');
      await page.keyboard.press('Enter');
      await colourCode(page).waitFor();
      await page.clock.runFor(300_000);
      await page.waitForURL(`${origin}/logged-out.html`);
      expect(await heading(page, 'You are logged out of the corporate portal').count()).toBe(1);
      expect(heard).toEqual([['amwa-logout', { url: `${origin}/__sandbox/corporate/logout` }]]);
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      await checkA11y(page, 'examples/corporate-portal logged out');
      page.expectNoConsoleErrors();
    },
  },
};

/** Runs `use` on a fresh page of the file's browser at `url`, closed afterwards. */
async function withPage(url: string, use: (page: TestPage) => Promise<void>, options?: NewPageOptions) {
  const page = await newPage(e2e.browser, url, options);
  try {
    await use(page);
  } finally {
    await page.close();
  }
}

/** Opens the example's first page and walks it to the end, with no console error. */
async function walkExample(name: string, origin: string, sandboxUrl: string) {
  const { path, hear: events = [], walk } = WALKS[name]!;
  let heard: [string, unknown][] = [];
  const setup = async (context: BrowserContext) => void (heard = await hear(context, events));
  await withPage(`${origin}${path}`, async (page) => {
    await walk(page, origin, sandboxUrl, heard);
    page.expectNoConsoleErrors();
  }, { setup });
}

describe.each(PAGES)('examples/%s, copied out of the repository and installed from the packed packages', (name, { server: kind }) => {
  const app = exampleCopy(name);
  const { basePath } = WALKS[name]!;
  let sandbox: RunningSandbox;
  let server: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    if (kind === 'vite' && !existsSync(join(app, 'dist', 'index.html'))) throw new Error(`e2e: examples/${name} is not built in ${app}; run \`npm run test:hosts\``);
    sandbox = await startSandbox({ port: 0 });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const [command, args] =
      kind === 'vite'
        ? [join(app, 'node_modules', '.bin', 'vite'), ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort']]
        : [process.execPath, ['server.mjs']];
    server = spawn(command, args, { cwd: app, env: copyEnv({ AMWA_SANDBOX_URL: sandbox.url, PORT: String(port) }), stdio: 'ignore' });
    await answering(`${origin}/`);
  }, 90_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    await sandbox?.close();
  });

  test('walks its flow to the end, through the proxied API, with no console error', () => walkExample(name, origin, sandbox.url));

  test('serves the placeholder image at {staticPath}/image as image/png, and shows it when the colour code expires', () =>
    withPage('about:blank', (page) => placeholderShows(page, origin, basePath, sandbox.url, app)));
});

describe('examples/react with `npm run dev`: the sandbox beside Vite\'s dev server', () => {
  const app = exampleCopy('react');
  let dev: ChildProcess;
  let origin: string;
  let sandboxUrl: string;

  beforeAll(async () => {
    const [port, sandboxPort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${port}`;
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    // Its own process group: npm, scripts/dev.mjs, the sandbox and Vite end together.
    dev = spawn('npm', ['run', 'dev', '--', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
      cwd: app,
      env: copyEnv({ AMWA_SANDBOX_URL: sandboxUrl }),
      stdio: 'ignore',
      detached: true,
    });
    await Promise.all([answering(`${origin}/`), answering(`${sandboxUrl}/__sandbox/personas`)]);
  }, 90_000);

  afterAll(() => {
    if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
  });

  test('walks to the end under StrictMode\'s double effects: one page load, one ready, no console error', () => walkExample('react', origin, sandboxUrl));
});

describe('the Next.js App Router example (examples/nextjs), copied out of the repository', () => {
  const app = exampleCopy('nextjs');
  let sandbox: RunningSandbox;
  let next: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    if (!existsSync(join(app, '.next', 'BUILD_ID'))) throw new Error(`e2e: examples/nextjs is not built in ${app}; run \`npm run test:hosts\` (without --no-next)`);
    // The example proxies /api/* to the sandbox on the port it was built for.
    sandbox = await startSandbox({ port: ports.nextApiPort });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    next = spawn(join(app, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: app,
      env: copyEnv({ NEXT_TELEMETRY_DISABLED: '1' }),
      stdio: 'ignore',
    });
    await answering(`${origin}/access`);
  }, 120_000);

  afterAll(async () => {
    next?.kill('SIGTERM');
    await sandbox?.close();
  });

  test("renders <AmwaPortal> on a catch-all route and logs EMMA0005 on to 'You are logged on' through the rewrites", () =>
    withPage('about:blank', async (page) => {
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
      await widget(page).getByRole('link', { name: /bank's scanner/ }).click();
      await waitForPortal(page, 'Log on with your scanner');
      expect(new URL(page.url()).pathname).toBe('/access/pages/logon/scanner');
      await logOn(page, origin, sandbox.url);
    }));

  test('serves the placeholder image at {staticPath}/image as image/png, and shows it when the colour code expires', () =>
    withPage('about:blank', (page) => placeholderShows(page, origin, '/access', sandbox.url, app)));
});

describe("docs/embedding.md's Vite proxy recipe, built from its snippet outside the repository (test/hosts/recipes.mjs)", () => {
  const app = recipeCopy('vite-proxy');
  let sandbox: RunningSandbox;
  let vite: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    if (!existsSync(join(app, 'vite.config.ts'))) throw new Error(`e2e: the Vite recipe is not built in ${app}; run \`npm run test:hosts\``);
    // The snippet's proxy points at the port test:hosts wrote into it.
    sandbox = await startSandbox({ port: ports.recipeViteApiPort });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    vite = spawn(join(app, 'node_modules', '.bin', 'vite'), ['--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: app, env: copyEnv(), stdio: 'ignore' });
    await answering(`${origin}/`);
  }, 90_000);

  afterAll(async () => {
    vite?.kill('SIGTERM');
    await sandbox?.close();
  });

  test("logs EMMA0005 on through the recipe's proxy to a styled 'You are logged on' whose links stay on the sandbox, with no console error", () =>
    withPage(`about:blank`, async (page) => {
      await page.goto(`${origin}/`);
      await scannerFromHome(page, origin, sandbox.url);
    }));
});

describe("docs/embedding.md's Next.js steps, built from their snippets outside the repository (test/hosts/recipes.mjs)", () => {
  const app = recipeCopy('nextjs');
  let sandbox: RunningSandbox;
  let next: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    if (!existsSync(join(app, '.next', 'BUILD_ID'))) throw new Error(`e2e: the Next.js recipe is not built in ${app}; run \`npm run test:hosts\` (without --no-next)`);
    // The recipe's rewrites point at the port it was built for.
    sandbox = await startSandbox({ port: ports.recipeNextApiPort });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    next = spawn(join(app, 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], { cwd: app, env: copyEnv({ NEXT_TELEMETRY_DISABLED: '1' }), stdio: 'ignore' });
    await answering(`${origin}/access`);
  }, 120_000);

  afterAll(async () => {
    next?.kill('SIGTERM');
    await sandbox?.close();
  });

  test("logs EMMA0005 on through the recipe's rewrites to a styled 'You are logged on' whose links stay on the sandbox, with no console error", () =>
    withPage('about:blank', async (page) => {
      await page.goto(`${origin}/access`);
      await scannerFromHome(page, origin, sandbox.url);
    }));

  test('serves the placeholder image at {staticPath}/image as image/png, and shows it when the colour code expires', () =>
    withPage('about:blank', (page) => placeholderShows(page, origin, '/access', sandbox.url, app)));
});
