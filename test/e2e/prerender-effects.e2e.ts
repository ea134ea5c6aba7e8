// Issue 30, "Prerendering without side effects": a page a host prerenders (speculation rules) may
// never be shown, so the widget in it makes no API call (no anonymous session, web-session
// bootstrap or QR code issued) and writes no cookie until the user is shown the page; then it
// works as if it had just loaded. prerender.e2e.ts shows how: Chromium prerenders nothing for a
// DevTools client attached to the page, so the machine's Chromium runs undriven and the pages
// report to the host server. The host page's own script records every fetch and every cookie
// write of the page together with `document.prerendering` at that moment.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { useE2E } from './harness';
import { BASE_PATH, hostHtml, hostSettings, useHostSite } from './host-site';

const e2e = useE2E();

/** A call or cookie write the page made, and whether the page was prerendered then. */
interface Effect {
  what: string;
  prerendering: boolean;
}

/** What a prerendered page reports: once while prerendered (its widget ready), once when shown. */
interface Report {
  phase: 'prerendered' | 'shown' | 'not-prerendered';
  effects: Effect[];
  cookie: string;
  /** Shown: the page was prerendered and then activated (activationStart > 0). */
  prerendered?: boolean;
  /** Shown: what the widget shows (the QR code's alt text, or the user ID field's value). */
  shows?: string;
}

const MOBILE = `${BASE_PATH}/pages/logon/mobile`;
const ACCESS = `${BASE_PATH}/pages/access-protection?demobank-scanner-user-id=ANNA0001&logonType=scanner&demobank-ref=mail-2026`;

let target = MOBILE;
let reports: Report[] = [];
let prerenderReady = false;
let reported: (() => void) | undefined;

// The same script on every page of the host. Home waits until the target's prerender is ready,
// then goes there (Home's mobile option is an in-app move, which would not use the prerender).
const pageScript = (apiOrigin: string) => `
const effects = [];
const note = (what) => effects.push({ what, prerendering: Boolean(document.prerendering) });
const realFetch = window.fetch;
window.fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.startsWith(${JSON.stringify(apiOrigin)})) note((init?.method ?? 'GET') + ' ' + new URL(url).pathname);
  return realFetch(input, init);
};
const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
Object.defineProperty(document, 'cookie', {
  configurable: true,
  get: () => cookie.get.call(document),
  set: (value) => { note('cookie ' + value.split(';')[0]); cookie.set.call(document, value); },
});
const send = (report) => realFetch('/report', { method: 'POST', body: JSON.stringify({ ...report, effects, cookie: cookie.get.call(document) }) });
const widget = () => document.querySelector('amwa-portal')?.shadowRoot?.querySelector('.amwa-root');
const until = (look, then) => { const found = look(); found ? then(found) : setTimeout(() => until(look, then), 20); };
const mobile = location.pathname.endsWith('/pages/logon/mobile');
if (location.pathname === ${JSON.stringify(`${BASE_PATH}/`)}) {
  until(() => widget()?.querySelector('h1'), async () => {
    while ((await realFetch('/ready')).status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    location.assign(${JSON.stringify('TARGET')});
  });
} else if (document.prerendering) {
  // Ready once the widget shows its screen: the mobile logon's heading with its spinner (or a QR
  // code, had it loaded one), the access-protection page, which is where it writes its cookies.
  const ready = () => (mobile ? widget()?.querySelector('h1') && widget()?.querySelector('.amwa-spinner, img.amwa-qr__image') : widget()?.querySelector('.amwa-page'));
  until(ready, () => send({ phase: 'prerendered' }).then(() => realFetch('/ready', { method: 'POST' })));
  document.addEventListener('prerenderingchange', () => {
    const shows = () => (mobile ? widget()?.querySelector('img[alt^="QR code to log on"]')?.alt : widget()?.querySelector('input[autocomplete="username"]')?.value);
    until(shows, (value) => send({ phase: 'shown', prerendered: performance.getEntriesByType('navigation')[0].activationStart > 0, shows: value }));
  }, { once: true });
} else {
  send({ phase: 'not-prerendered' });
}`;

const site = useHostSite(e2e, {
  page: () => ({
    html: hostHtml({
      title: 'A bank page that prerenders a logon link',
      head: `<script type="speculationrules">${JSON.stringify({ prerender: [{ source: 'list', urls: [target], eagerness: 'immediate' }] })}</script>\n<script>${pageScript(site.apiOrigin()).replace('"TARGET"', JSON.stringify(target))}</script>\n`,
      settings: hostSettings(site.apiOrigin(), { serviceEmail: 'service@demobank.example' }),
    }),
  }),
  extra: async (url, request, response) => {
    if (url.pathname === '/report' && request.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      reports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Report);
      response.writeHead(204).end();
      reported?.();
      return true;
    }
    if (url.pathname === '/ready') {
      if (request.method === 'POST') prerenderReady = true;
      response.writeHead(prerenderReady ? 200 : 204).end();
      return true;
    }
    return false;
  },
  cacheSeconds: 3600,
});

/** Runs the machine's Chromium, undriven, from Home to `to` (prerendered), until the shown page has reported (or 60 s). */
async function prerenderThenShow(to: string): Promise<{ prerendered: Report; shown: Report }> {
  target = to;
  reports = [];
  prerenderReady = false;
  const profile = await mkdtemp(join(tmpdir(), 'amwa-prerender-effects-'));
  let browser: ChildProcess | undefined;
  try {
    browser = spawn(await chromiumPath(), [...CHROMIUM_ARGS, `--user-data-dir=${profile}`, `${site.origin()}${BASE_PATH}/`], { stdio: 'ignore' });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`prerender effects e2e: no report from the shown page within 60 s (${JSON.stringify(reports)})`)), 60_000);
      reported = () => {
        if (!reports.some((report) => report.phase !== 'prerendered')) return;
        clearTimeout(timer);
        resolve();
      };
    });
  } finally {
    reported = undefined;
    browser?.kill();
    await new Promise((resolve) => (browser?.exitCode !== null ? resolve(undefined) : browser.once('exit', resolve)));
    // The browser's helper processes may still be writing into the profile as it ends: rm retries until they are gone.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
  const prerendered = reports.find((report) => report.phase === 'prerendered');
  const shown = reports.find((report) => report.phase !== 'prerendered');
  expect(shown?.phase, 'the target page was prerendered and then shown').toBe('shown');
  return { prerendered: prerendered!, shown: shown! };
}

describe('a page the host prerenders has no effect until it is shown', () => {
  test('the mobile logon makes no API call while prerendered, and shows its QR code once shown', async () => {
    const { prerendered, shown } = await prerenderThenShow(MOBILE);
    // While prerendered: the screen is there, but no session, bootstrap or QR code, and no cookie.
    expect(prerendered.effects).toEqual([]);
    expect(prerendered.cookie).toBe('');
    // Shown: the calls go out then, and only then, and the QR code is there.
    expect(shown.prerendered).toBe(true);
    expect(shown.shows).toMatch(/^QR code to log on/);
    expect(shown.effects.filter((effect) => effect.prerendering)).toEqual([]);
    expect(shown.effects.map((effect) => effect.what)).toContain('GET /access/v1/api/public/qr');
    expect(e2e.requests().some((request) => request.path === '/access/v1/api/public/qr')).toBe(true);
  });

  test('the access-protection link writes no cookie while prerendered, and its cookies once shown', async () => {
    const { prerendered, shown } = await prerenderThenShow(ACCESS);
    expect(prerendered.effects).toEqual([]);
    expect(prerendered.cookie).toBe('');
    // Shown: the link's cookies, then the start page follows the logon type to the scanner logon with the user ID.
    expect(shown.prerendered).toBe(true);
    expect(shown.effects.filter((effect) => effect.prerendering)).toEqual([]);
    expect(shown.effects.map((effect) => effect.what)).toEqual(
      expect.arrayContaining(['cookie demobank-scanner-user-id=ANNA0001', 'cookie logonType=scanner', 'cookie demobank-ref=mail-2026']),
    );
    expect(shown.shows).toBe('ANNA0001');
  });
});
