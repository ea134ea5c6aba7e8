// Mobile QR logon and link mode in real Chromium against the sandbox: the QR code is read back
// with a real decoder, approved through the sandbox's phone, and followed to where it leads.
import jsQR from 'jsqr';
import type { Page, Request } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import {
  checkA11y,
  confirmMobile,
  EXAMPLES,
  expectKeyboardReachable,
  fault,
  focused,
  setConfig,
  tabTo,
  useE2E,
  waitForPortal,
  type TestPage,
} from './harness';

const e2e = useE2E();

const API = '/access/v1/api/public';
const LOGON = '/pages/logon/mobile';
const LINK = '/pages/link-ib-user/mobile';
const LOGON_TITLE = "Log on with the bank's mobile app";
const LINK_TITLE = 'Link your InsideBusiness account';
const LOGON_QR = /^QR code to log on/;
const LINK_QR = /^QR code to link your InsideBusiness account/;
const EXPIRED = 'The QR code has expired. Refresh it to get a new one.';
const FAILED = 'This QR code can no longer be used. Refresh it to try again.';

/** What a QR decoder reads in a PNG. */
const decodePng = (png: Buffer) => {
  const { data, width, height } = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(data), width, height)?.data;
};

/** Every API call the page makes, by path, with the time it went out. */
function recordCalls(page: Page) {
  // `at` is when the browser started the request (its own clock), not when Playwright told us:
  // on a loaded machine events arrive late and out of step with the page.
  const calls: { path: string; method: string; readonly at: number }[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    const seen = Date.now();
    if (pathname.startsWith('/access/v1/')) {
      calls.push({
        path: pathname,
        method: request.method(),
        get at() {
          return request.timing().startTime > 0 ? request.timing().startTime : seen;
        },
      });
    }
  });
  return {
    calls,
    count: (path: string, since = 0) => calls.filter((call) => call.path === path && call.at >= since).length,
  };
}

/** Listens to the widget's events (they bubble, composed, to the document). */
async function recordEvents(page: Page) {
  await page.evaluate(`(() => {
    globalThis.__amwaEvents = [];
    for (const type of ['amwa-technical-exception', 'amwa-generic-exception', 'amwa-logon-redirect', 'amwa-next'])
      document.addEventListener(type, (event) => globalThis.__amwaEvents.push([type, event.detail]));
  })()`);
  return () => page.evaluate('globalThis.__amwaEvents') as Promise<[string, unknown][]>;
}

/** Page loads and element events the widget pushed to the data layer. */
const dataLayer = (page: Page) => page.evaluate('globalThis.dataLayer ?? []') as Promise<Record<string, string>[]>;
const pageNames = async (page: Page) => (await dataLayer(page)).filter((entry) => entry.event === 'pageLoad').map((entry) => entry.pageName);

/** Opens a QR page and waits for its heading. */
async function openQr(path: string, title: string, example = EXAMPLES.vanilla): Promise<TestPage> {
  const page = await e2e.open(example.replace(/\/$/, '') + path);
  await waitForPortal(page, title);
  return page;
}

const qrImage = (page: Page, name = LOGON_QR) => page.getByRole('img', { name });
const qrOf = async (page: Page, name = LOGON_QR) => (await qrImage(page, name).getAttribute('src'))!.replace('data:image/png;base64,', '');

/** Makes `document.visibilityState` report `state` and fires visibilitychange, as a browser does on a tab switch. */
const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${state}' });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);

const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((entry) => entry.name === name)?.value;

describe('mobile logon', () => {
  test.each(Object.entries(EXAMPLES))('the %s example shows a real QR code, the phone approves it and the browser lands logged on', async (_, example) => {
    const page = await openQr(LOGON, LOGON_TITLE, example);
    const calls = recordCalls(page);
    await qrImage(page).waitFor();
    const [pending] = e2e.server.sandbox.state.pendingQrs;
    expect(decodePng(Buffer.from(await qrOf(page), 'base64'))).toBe(`demobank://mobile/logon?session=${pending!.id}`);
    await expect.poll(() => calls.count(`${API}/qr/confirmed`)).toBeGreaterThan(0);
    expect(await pageNames(page)).toContain('logon:mobile:step1');

    await confirmMobile(e2e.url, 'logon');
    await page.waitForURL('**/__sandbox/logged-on');
    expect(await page.getByRole('heading', { name: 'You are logged on' }).count()).toBe(1);
    expect(calls.count(`${API}/mobile/logon`)).toBe(1);
    expect(await cookie(page, 'logonType')).toBe('mobile');
    page.expectNoConsoleErrors();
  });

  test("the demo console's phone approves the QR code on screen", async () => {
    const page = await openQr(LOGON, LOGON_TITLE);
    await qrImage(page).waitFor();
    const phone = page.getByRole('region', { name: 'Phone' });
    await phone.getByRole('button', { name: 'Approve logon' }).click();
    await page.waitForURL('**/__sandbox/logged-on');
    page.expectNoConsoleErrors();
  });

  test('every state passes axe and the page is keyboard-operable', async () => {
    await fault(e2e.url, { path: `${API}/qr`, delayMs: 3000 });
    await fault(e2e.url, { path: `${API}/mobile/logon`, delayMs: 3000 });
    const page = await openQr(LOGON, LOGON_TITLE);
    await page.getByRole('status', { name: 'Loading the QR code…' }).waitFor();
    await checkA11y(page, 'QR loading');
    await expectKeyboardReachable(page);
    expect(await qrImage(page).count()).toBe(0); // still loading: the walk above saw that state

    await qrImage(page).waitFor();
    await checkA11y(page, 'QR loaded');
    const order = (await expectKeyboardReachable(page)).map((item) => item.name);
    expect(order).toEqual(expect.arrayContaining(['iPhone', 'Android', 'Android without Google Play (APK)', 'Back to login', 'Help']));

    const events = await recordEvents(page);
    await confirmMobile(e2e.url, 'logon');
    await page.getByRole('status', { name: 'Logging you on…' }).waitFor();
    expect(await qrImage(page).count()).toBe(0);
    expect(await pageNames(page)).toContain('logon:mobile:step2');
    await checkA11y(page, 'QR confirmed, logging on');
    await expectKeyboardReachable(page);
    expect(await events()).toContainEqual(['amwa-next', { flow: 'mobile-logon', step: 'qr-confirmed' }]);
    await page.waitForURL('**/__sandbox/logged-on');
    page.expectNoConsoleErrors();
  });

  test('a QR code past qrTimeout is blurred under Refresh, which brings a new one (by keyboard)', async () => {
    await setConfig(e2e.url, { qrExpirySeconds: 2 });
    const page = await openQr(LOGON, LOGON_TITLE);
    const calls = recordCalls(page);
    const first = await (await qrImage(page).elementHandle())!.getAttribute('src');
    await page.getByText(EXPIRED).waitFor();
    expect(await page.locator('.amwa-qr').getAttribute('data-state')).toBe('invalid');
    expect(await qrImage(page).count()).toBe(0); // the blurred image is decoration now, the message says why
    expect(await page.locator('.amwa-qr__image').evaluate((image) => getComputedStyle(image).filter)).toMatch(/blur\(/);
    expect(await pageNames(page)).toContain('logon:mobile:qr-expired');
    await checkA11y(page, 'QR expired');
    expect((await expectKeyboardReachable(page)).map((item) => item.name)).toContain('Refresh');
    const expiredAt = Date.now();
    await page.waitForTimeout(1200); // a quiet period is the thing measured: no poll after the time-out
    expect(calls.count(`${API}/qr/confirmed`, expiredAt)).toBe(0);

    await tabTo(page, 'Refresh');
    expect((await focused(page)).role).toBe('button');
    // Counted from the key press: the first load's request can reach the recorder after the
    // heading shows (the page's effects run a frame after its first paint), so a count from the
    // start saw it too on a loaded machine. One Refresh, one new load.
    const refreshedAt = Date.now();
    await page.keyboard.press('Enter');
    await qrImage(page).waitFor();
    expect(await qrImage(page).getAttribute('src')).not.toBe(first);
    expect(calls.count(`${API}/qr`, refreshedAt)).toBe(1);
    page.expectNoConsoleErrors();
  });

  test('a click anywhere on the blurred QR code refreshes it', async () => {
    await setConfig(e2e.url, { qrExpirySeconds: 1 });
    const page = await openQr(LOGON, LOGON_TITLE);
    await page.getByText(EXPIRED).waitFor();
    // The panel fills the code's frame (240 px), with Refresh inside it.
    const overlay = (await page.locator('.amwa-qr .amwa-status__panel').boundingBox())!;
    expect(overlay.width).toBeGreaterThanOrEqual(200); // it covers the whole code
    await page.mouse.click(overlay.x + 8, overlay.y + 8); // a corner, away from the Refresh button
    await qrImage(page).waitFor();
    page.expectNoConsoleErrors();
  });

  test('a 400 on load is retried twice, 1 s apart, before the QR code shows', async () => {
    await fault(e2e.url, { path: `${API}/qr`, status: 400, body: { errorCode: 'busy' }, times: 2 });
    const page = await e2e.open('/access/');
    const calls = recordCalls(page);
    await page.getByRole('link', { name: /The bank's mobile app/ }).click();
    await qrImage(page).waitFor();
    // Playwright reports requests asynchronously: on a loaded machine the last one may arrive
    // after the image shows.
    const qrLoads = () => calls.calls.filter((call) => call.path === `${API}/qr`);
    await expect.poll(() => qrLoads().length).toBe(3);
    const loads = qrLoads();
    expect(loads[1]!.at - loads[0]!.at).toBeGreaterThanOrEqual(950);
    expect(loads[2]!.at - loads[1]!.at).toBeGreaterThanOrEqual(950);
    page.expectNoConsoleErrors({ allow: [/status of 400/] });
  });

  test('a 500 hands the error to the shared handler and invalidates the QR code', async () => {
    const page = await openQr(LOGON, LOGON_TITLE);
    await qrImage(page).waitFor();
    const events = await recordEvents(page);
    await fault(e2e.url, { path: `${API}/qr/confirmed`, status: 500 });
    await page.getByText(FAILED).waitFor();
    expect(await pageNames(page)).toContain('logon:mobile:qr-error');
    expect(await events()).toEqual([['amwa-technical-exception', expect.objectContaining({ timeout: false, traceId: expect.any(String) })]]);
    await checkA11y(page, 'QR invalid after an error');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await qrImage(page).waitFor();
    page.expectNoConsoleErrors({ allow: [/status of 500/, /AmwaApiError/] });
  });

  test('a 503 with Retry-After keeps the QR code and holds the next poll back; the phone then approves it', async () => {
    const page = await openQr(LOGON, LOGON_TITLE);
    await qrImage(page).waitFor();
    const events = await recordEvents(page);
    const calls = recordCalls(page);
    await fault(e2e.url, { path: `${API}/qr/confirmed`, status: 503, body: { errorCode: 'busy' }, headers: { 'Retry-After': '2' } });
    const busy = await page.waitForResponse((response) => response.url().endsWith('/qr/confirmed') && response.status() === 503);
    const busyAt = busy.request().timing().startTime + 1;
    expect(await busy.headerValue('retry-after')).toBe('2');
    await expect.poll(() => calls.count(`${API}/qr/confirmed`, busyAt), { timeout: 5_000 }).toBe(1);
    const next = calls.calls.find((call) => call.path === `${API}/qr/confirmed` && call.at >= busyAt)!;
    expect(next.at - busyAt).toBeGreaterThanOrEqual(1_900); // 2 s (plus up to 20 % jitter), not 500 ms
    expect(await page.locator('.amwa-qr').getAttribute('data-state')).toBe('loaded');
    expect(await qrImage(page).count()).toBe(1);
    expect(await events()).toEqual([]);

    await confirmMobile(e2e.url, 'logon');
    await page.waitForURL('**/__sandbox/logged-on');
    page.expectNoConsoleErrors({ allow: [/status of 503/] });
  });

  test('repeated 502s without Retry-After back off (1 s, then 2 s, each with jitter) and keep the QR code', async () => {
    const page = await openQr(LOGON, LOGON_TITLE);
    await qrImage(page).waitFor();
    const calls = recordCalls(page);
    const faultAt = Date.now();
    await fault(e2e.url, { path: `${API}/qr/confirmed`, status: 502, times: 2 });
    await expect.poll(() => calls.count(`${API}/qr/confirmed`, faultAt), { timeout: 6_000 }).toBeGreaterThanOrEqual(3);
    const [first, second, third] = calls.calls.filter((call) => call.path === `${API}/qr/confirmed` && call.at >= faultAt).map((call) => call.at);
    expect(second! - first!).toBeGreaterThanOrEqual(450); // half of 1 s at least
    expect(third! - second!).toBeGreaterThanOrEqual(950); // half of 2 s at least
    expect(await page.locator('.amwa-qr').getAttribute('data-state')).toBe('loaded');
    await checkA11y(page, 'QR kept through a struggling API');
    page.expectNoConsoleErrors({ allow: [/status of 502/] });
  });

  test('polling pauses while the page is hidden and catches up at once when it is visible again', async () => {
    const page = await openQr(LOGON, LOGON_TITLE);
    const calls = recordCalls(page);
    await expect.poll(() => calls.count(`${API}/qr/confirmed`)).toBeGreaterThanOrEqual(2);
    await setVisibility(page, 'hidden');
    const hiddenAt = Date.now();
    await page.waitForTimeout(2500); // the quiet period is what is measured
    // At most the poll that was already in flight when the page was hidden.
    expect(calls.count(`${API}/qr/confirmed`, hiddenAt + 100)).toBe(0);
    const shownAt = Date.now();
    await setVisibility(page, 'visible');
    await expect.poll(() => calls.count(`${API}/qr/confirmed`, shownAt), { timeout: 400, interval: 20 }).toBe(1);
    await page.waitForTimeout(1100);
    const after = calls.count(`${API}/qr/confirmed`, shownAt);
    expect(after).toBeGreaterThanOrEqual(2);
    expect(after).toBeLessThanOrEqual(4);
  });

  test('no poll after the page is left in-app or the widget is removed', async () => {
    const page = await openQr(LOGON, LOGON_TITLE);
    const calls = recordCalls(page);
    await expect.poll(() => calls.count(`${API}/qr/confirmed`)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Back to login' }).click();
    await waitForPortal(page, 'Log on with');
    const leftAt = Date.now();
    await page.waitForTimeout(1500);
    expect(calls.count(`${API}/qr/confirmed`, leftAt)).toBe(0);

    await page.getByRole('link', { name: /The bank's mobile app/ }).click();
    await qrImage(page).waitFor();
    await expect.poll(() => calls.count(`${API}/qr/confirmed`, leftAt)).toBeGreaterThan(0);
    await page.evaluate(`document.querySelector('amwa-portal').remove()`);
    const removedAt = Date.now();
    await page.waitForTimeout(1500);
    expect(calls.count(`${API}/qr/confirmed`, removedAt)).toBe(0);
    page.expectNoConsoleErrors();
  });
});

describe('link mode', () => {
  test('lands on the corporate precheck page without a logon call and without remembering a logon type', async () => {
    const page = await openQr(LINK, LINK_TITLE);
    const calls = recordCalls(page);
    await qrImage(page, LINK_QR).waitFor();
    expect(decodePng(Buffer.from(await qrOf(page, LINK_QR), 'base64'))).toMatch(/^demobank:\/\/mobile\/link\?session=\w+$/);
    expect(await page.getByRole('button', { name: 'Back to login' }).count()).toBe(0);
    expect(await pageNames(page)).toContain('link:mobile:step1');
    await checkA11y(page, 'link QR loaded');
    expect((await expectKeyboardReachable(page)).map((item) => item.name)).toContain('Help');
    await expect.poll(() => calls.count(`${API}/link/qr/confirmed`)).toBeGreaterThan(0);

    await confirmMobile(e2e.url, 'link');
    await page.waitForURL('**/__sandbox/corporate/precheck');
    expect(calls.count(`${API}/mobile/logon`)).toBe(0);
    expect(calls.count(`${API}/qr/confirmed`)).toBe(0);
    expect(await cookie(page, 'logonType')).toBeUndefined();
    page.expectNoConsoleErrors();
  });

  test('shows back-to-login only with the back-to-choice flag, which returns to the choice page', async () => {
    const page = await openQr(LINK, LINK_TITLE);
    await page.evaluate(`(() => {
      const portal = document.querySelector('amwa-portal');
      const settings = JSON.parse(portal.getAttribute('settings'));
      portal.setAttribute('settings', JSON.stringify({ ...settings, businessContext: true, features: { backToChoice: true } }));
    })()`);
    await page.getByRole('button', { name: 'Back to login' }).click();
    await waitForPortal(page, LINK_TITLE);
    expect(new URL(page.url()).pathname).toBe('/access/pages/link-ib-user');
    page.expectNoConsoleErrors();
  });
});

describe('link mode in other languages', () => {
  /** Switches the widget's language in place, as a host's settings change would. */
  const speak = (page: Page, language: string) =>
    page.evaluate(`(() => {
      const portal = document.querySelector('amwa-portal');
      portal.setAttribute('settings', JSON.stringify({ ...JSON.parse(portal.getAttribute('settings')), language: ${JSON.stringify(language)} }));
    })()`);

  test('links the InsideBusiness access, never an account, in French and Dutch (the glossary), and passes axe', async () => {
    const page = await openQr(LINK, LINK_TITLE);
    await speak(page, 'fr');
    await page.getByRole('heading', { level: 1, name: 'Associez votre accès InsideBusiness' }).waitFor();
    await page.getByRole('img', { name: /^Code QR pour associer votre accès InsideBusiness/ }).waitFor();
    await checkA11y(page, 'link QR in French');
    await speak(page, 'nl');
    await page.getByRole('heading', { level: 1, name: 'Koppel uw toegang tot InsideBusiness' }).waitFor();
    // A status, not an order to wait.
    await page.getByText('We wachten op uw bevestiging in de app.').waitFor();
    await page.getByRole('button', { name: 'Help' }).click();
    const topics = await page.getByRole('dialog').getByRole('listitem').allTextContents();
    expect(topics[0]).toBe('Hoe koppel ik mijn toegang tot InsideBusiness aan de app?');
    expect(topics.filter((topic) => /account/i.test(topic))).toEqual([]);
    await checkA11y(page, 'link help in Dutch');
    page.expectNoConsoleErrors();
  });
});

describe('mobile help', () => {
  const topicsOf = (page: Page) => page.getByRole('dialog').getByRole('listitem').allTextContents();

  test('lists the all-mode and mobile topics in logon mode, and the store QR code of a topic is real', async () => {
    const page = await openQr(LOGON, LOGON_TITLE);
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('dialog', { name: 'Help' }).waitFor();
    expect(await topicsOf(page)).toEqual([
      'I forgot my PIN',
      'How do I install the app on my iPhone?',
      'How do I install the app on my Android phone?',
      'Where do I find my user ID?',
      'I have a new smartphone',
      'I lost my smartphone',
      'I want to stop using the app',
      'Who do I contact for help with logging on?',
    ]);
    await checkA11y(page, 'mobile help list');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => focused(page)).toEqual({ role: 'button', name: 'Help' });

    await tabTo(page, 'iPhone', { backwards: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'How do I install the app on my iPhone?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('iOS 12 or higher');
    // The request to scan comes with the QR code it names (storeUrls set in the example).
    expect(await dialog.textContent()).toContain("Or scan this QR code with your phone's camera:");
    const storeQr = dialog.getByRole('img', { name: "QR code that opens the bank's app in the App Store" });
    expect(decodePng(await storeQr.screenshot())).toBe('https://apps.apple.com/app/demobank/id0000000000');
    await checkA11y(page, 'mobile help detail');
    // The dialog keeps Tab inside it: from the title round its controls and back again.
    // Each Tab waits for focus to settle (floating-ui's focus guards hand it on asynchronously);
    // anything focused outside the dialog would break the equality below.
    const seen = new Set<string>();
    for (let presses = 0; presses < 12 && seen.size < 3; presses++) {
      await page.keyboard.press('Tab');
      await expect.poll(async () => (await focused(page)).name).not.toBe('');
      seen.add((await focused(page)).name);
    }
    expect(seen).toEqual(new Set(['Back', 'Close', 'Open the App Store']));

    await dialog.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog', { name: 'Help' }).waitFor();
    await page.getByRole('button', { name: 'Who do I contact for help with logging on?' }).click();
    // Spec section 6: coordinators can block and unblock users, as the help says.
    await page.getByRole('dialog').getByText(/Coordinators can also block and unblock users/).waitFor();
    // Followed for its analytics only: the mail program stays closed.
    await page.evaluate(`document.addEventListener('click', (event) => event.preventDefault(), true)`);
    await page.getByRole('link', { name: 'service@demobank.example' }).click();
    const clicks = (await dataLayer(page)).filter((entry) => entry.event === 'elementsOnPage').map((entry) => entry.content);
    expect(clicks).toEqual(['help', 'iphone', 'help:contact', 'help:contact:mailto:service@demobank.example']);
  });

  test('the APK link opens the Android topic with the store QR code and the version 1.3.110 download', async () => {
    const page = await openQr(LOGON, LOGON_TITLE);
    await page.getByRole('button', { name: 'Android without Google Play (APK)' }).click();
    const dialog = page.getByRole('dialog', { name: 'How do I install the app on my Android phone?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Android 8 or higher');
    const apk = dialog.getByRole('link', { name: 'Download the APK file (version 1.3.110)' });
    expect(await apk.getAttribute('href')).toBe('/access/static/apk/app-1.3.110.apk');
    expect((await page.request.get(new URL('/access/static/apk/app-1.3.110.apk', e2e.url).href)).status()).toBe(200);
    const storeQr = dialog.getByRole('img', { name: "QR code that opens the bank's app in Google Play" });
    expect(decodePng(await storeQr.screenshot())).toBe('https://play.google.com/store/apps/details?id=example.demobank');
    await checkA11y(page, 'mobile help android');
    page.expectNoConsoleErrors();
  });

  test('lists the all-mode and link topics in link mode', async () => {
    const page = await openQr(LINK, LINK_TITLE, EXAMPLES.csp);
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('dialog', { name: 'Help' }).waitFor();
    expect(await topicsOf(page)).toEqual([
      'How do I link my InsideBusiness account to the app?',
      'I forgot my PIN',
      'How do I install the app on my iPhone?',
      'How do I install the app on my Android phone?',
      'Where do I find my user ID?',
      'I have a new smartphone',
      'I lost my smartphone',
      'Do I need to keep the app after linking my account?',
      'Who do I contact for help with logging on?',
    ]);
    await page.getByRole('button', { name: 'How do I install the app on my iPhone?' }).click();
    await page.getByRole('img', { name: "QR code that opens the bank's app in the App Store" }).waitFor();
    await checkA11y(page, 'link help detail under the strict CSP');
    page.expectNoConsoleErrors();
  });
});

// Issue 33: on a phone the QR code cannot be scanned by the phone showing it. With the bank's app
// link (the examples point it at the sandbox's stand-in for the app), 'Open the app' comes first.
describe('open the app on a phone', () => {
  const OPEN_APP = 'Open the app';
  const openOnPhone = async (path: string, title: string, options: { phone?: boolean; viewport?: { width: number; height: number } } = { phone: true }) => {
    const page = await e2e.open(EXAMPLES.vanilla.replace(/\/$/, '') + path, options);
    await waitForPortal(page, title);
    return page;
  };
  const openApp = (page: Page) => page.getByRole('link', { name: OPEN_APP });

  test("'Open the app' comes first and carries the QR code; following it, the app approves and the browser lands logged on (by keyboard)", async () => {
    const page = await openOnPhone(LOGON, LOGON_TITLE);
    expect(await page.evaluate(`matchMedia('(hover: none) and (pointer: coarse)').matches`)).toBe(true);
    await qrImage(page).waitFor();
    await expect.poll(() => openApp(page).getAttribute('href')).toMatch(/qr=/);
    const qr = await qrOf(page);
    expect(await openApp(page).getAttribute('href')).toBe(`/__sandbox/app/logon?qr=${encodeURIComponent(qr)}`);
    expect(await openApp(page).getAttribute('target')).toBe('_blank');
    // First in the card: the primary action above the QR code, which stays for a second device.
    expect(await page.getByText("Open the bank's mobile app on this phone to log on.").count()).toBe(1);
    expect(await page.getByText('Is the app on another device? Scan the QR code below with it.').count()).toBe(1);
    const [link, code] = [(await openApp(page).boundingBox())!, (await qrImage(page).boundingBox())!];
    expect(link.y + link.height).toBeLessThanOrEqual(code.y);
    expect(link.width).toBeGreaterThan(300); // the card's width on a 390 px phone
    await checkA11y(page, 'QR loaded on a phone, Open the app first');
    const order = (await expectKeyboardReachable(page)).map((item) => item.name);
    expect(order.indexOf(OPEN_APP)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(OPEN_APP)).toBeLessThan(order.indexOf('iPhone'));

    await tabTo(page, OPEN_APP);
    const [app] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await app.getByRole('heading', { name: 'Demo bank app' }).waitFor();
    expect(await dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'elementsOnPage', elementEvent: 'clicked', elementType: 'link', content: 'open-app' }));
    await app.getByRole('button', { name: 'Approve logon' }).focus();
    await app.keyboard.press('Enter');
    await app.getByRole('status').getByText('Approved.').waitFor();
    await page.waitForURL('**/__sandbox/logged-on');
    expect(await page.getByRole('heading', { name: 'You are logged on' }).count()).toBe(1);
    page.expectNoConsoleErrors();
  });

  test("'Open the app' says it is disabled until the QR code is there, and keeps focus when the code expires", async () => {
    await setConfig(e2e.url, { qrExpirySeconds: 3 });
    await fault(e2e.url, { path: `${API}/qr`, delayMs: 2000 });
    const page = await openOnPhone(LOGON, LOGON_TITLE);
    await page.getByRole('status', { name: 'Loading the QR code…' }).waitFor();
    expect(await openApp(page).getAttribute('aria-disabled')).toBe('true');
    expect(await openApp(page).getAttribute('href')).toBeNull();
    await checkA11y(page, 'QR loading on a phone');
    // Focused while the code loads (or, on a slow machine, once it is there): the same element
    // gets its address, then loses it when the code expires, and keeps focus throughout.
    await tabTo(page, OPEN_APP);
    await page.getByText(EXPIRED).waitFor();
    expect(await openApp(page).getAttribute('aria-disabled')).toBe('true');
    expect(await focused(page)).toEqual({ role: 'link', name: OPEN_APP });
    await checkA11y(page, 'QR expired on a phone');
    // The sandbox may expire the code a moment before the widget's timer: the poll's 410 is logged by the browser.
    page.expectNoConsoleErrors({ allow: [/status of 410 \(Gone\).*\/qr\/confirmed/] });
  });

  test("link mode: 'Open the app' links the account and lands on the corporate precheck page", async () => {
    const page = await openOnPhone(LINK, LINK_TITLE);
    await qrImage(page, LINK_QR).waitFor();
    expect(await page.getByText("Open the bank's mobile app on this phone to link your InsideBusiness account to the app.").count()).toBe(1);
    await expect.poll(() => openApp(page).getAttribute('href')).toMatch(/qr=/);
    const [app] = await Promise.all([page.context().waitForEvent('page'), openApp(page).click()]);
    await app.getByRole('button', { name: 'Approve link' }).click();
    await page.waitForURL('**/__sandbox/corporate/precheck');
    page.expectNoConsoleErrors();
  });

  test.each([
    ['a desktop', { viewport: { width: 1280, height: 800 } }],
    ['a narrow desktop window (no touch screen)', { viewport: { width: 375, height: 700 } }],
  ])('on %s the QR page is as it was: no Open the app', async (_, options) => {
    const page = await openOnPhone(LOGON, LOGON_TITLE, options);
    await qrImage(page).waitFor();
    expect(await page.getByText("Open the bank's mobile app and scan the QR code below to log on.").count()).toBe(1);
    expect(await openApp(page).count()).toBe(0);
    expect(await page.getByText('Is the app on another device?').count()).toBe(0);
    page.expectNoConsoleErrors();
  });
});
