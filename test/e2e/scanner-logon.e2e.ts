// Scanner logon in real Chromium against the sandbox: the colour code on screen is scanned by
// the persona's virtual scanner, its response code typed in, and the browser followed to where
// the logon sends it. Short expiries and time-outs come from sandbox knobs, never long sleeps.
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  checkA11y,
  EXAMPLES,
  expectKeyboardReachable,
  fault,
  focused,
  scan,
  setConfig,
  tabTo,
  useE2E,
  waitForPortal,
  widget,
  type TestPage,
} from './harness';
import { acceptedLogons } from '../../packages/amwa-sandbox/src/scanner-logon';

const e2e = useE2E();

const PAGE = '/pages/logon/scanner';
const TITLE = 'Log on with your scanner';
const LOGON = '/access/v1/api/public/scanner/logon';
const COLOUR_CODE = 'Colour code to scan with your scanner';
const USER_ID_MESSAGE = 'Please enter a valid user ID of at least 8 characters';
const CODE_MESSAGE = 'The format of the code is incorrect. Please try again.';
const COMBINATION =
  'The combination of user id and code is not correct. Please check both user id and code and try again. You have 5 attempts before your scanner gets deactivated.';
const ATTEMPTS =
  'You have exceeded the number of attempts to enter a code. You have received an email with instructions on how to regain access to the bank.';
const TECHNICAL =
  'A technical error occurred. Please try again. If the issue persists, send your user ID and a screenshot of the whole page to your service team via service@demobank.example for support.';
const EXPIRED = 'This colour code has expired. Select Refresh for a new one.';
const REFRESH_FOR_NEW = 'Select Refresh for a new colour code.';
const TRACE_ID = /^\d{2}-[a-z\d]{32}-[a-z\d]{16}-\d{2}$/i;

/** A Luhn-valid 7-digit code other than `right`, so only the server can say it is wrong. */
function wrongCode(right: string): string {
  const body = right.startsWith('9') ? `1${right.slice(1, 6)}` : `9${right.slice(1, 6)}`;
  const sum = [...body].reverse().reduce((total, digit, i) => {
    const value = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** 'MMMM dd, HH:mm:ss' in Amsterdam time, as the alert shows a Date header. */
const amsterdam = (date: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', month: 'long', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.hour}:${parts.minute}:${parts.second}`;
};

/** Hears the widget's events (they bubble, composed, to the document) in the test, so they survive leaving the page. */
async function recordEvents(page: Page) {
  const events: [string, Record<string, unknown>][] = [];
  await page.exposeFunction('__amwaEvent', (type: string, detail: Record<string, unknown>) => void events.push([type, detail]));
  await page.evaluate(`(() => {
    for (const type of ['amwa-technical-exception', 'amwa-clear-technical-exception', 'amwa-generic-exception', 'amwa-logon-redirect', 'amwa-next'])
      document.addEventListener(type, (event) => globalThis.__amwaEvent(type, event.detail));
  })()`);
  return async () => events;
}

/** Every API call the page makes, by path. */
function recordCalls(page: Page) {
  const paths: string[] = [];
  page.on('request', (request: Request) => void paths.push(new URL(request.url()).pathname));
  return (path: string) => paths.filter((candidate) => candidate === path).length;
}

const dataLayer = (page: Page) => page.evaluate('globalThis.dataLayer ?? []') as Promise<Record<string, string>[]>;
const pageNames = async (page: Page) => (await dataLayer(page)).filter((entry) => entry.event === 'pageLoad').map((entry) => entry.pageName);
const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((entry) => entry.name === name)?.value;

const userIdField = (page: Page) => page.getByRole('textbox', { name: 'User ID' });
const codeField = (page: Page) => page.getByRole('textbox', { name: /^Response code/ });
const colourCode = (page: Page) => page.getByRole('img', { name: COLOUR_CODE });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function openLogon(example: string = EXAMPLES.vanilla): Promise<TestPage> {
  const page = await e2e.open(example.replace(/\/$/, '') + PAGE);
  await waitForPortal(page, TITLE);
  return page;
}

/** Types the user ID, presses Next and waits for the colour code. */
async function toCodeStep(page: Page, userId = 'EMMA0005') {
  await userIdField(page).fill(userId);
  await button(page, 'Next').click();
  await colourCode(page).waitFor();
}

/** What EMMA0005's scanner shows for the colour code on screen. */
async function scanScreen(page: Page, userId = 'EMMA0005') {
  const src = (await colourCode(page).getAttribute('src'))!;
  return scan(e2e.url, userId, src.replace('data:image/png;base64,', ''));
}

describe('scanner logon', () => {
  test.each(Object.entries(EXAMPLES))('on the %s example EMMA0005 scans the colour code and lands logged on', async (_, example) => {
    const page = await openLogon(example);
    await toCodeStep(page);
    await expect.poll(() => focused(page)).toEqual({ role: 'heading', name: TITLE });

    // Drawn pixel for pixel: the PNG at its own size, no smoothing.
    const rendering = await colourCode(page).evaluate((img: HTMLImageElement) => ({
      natural: [img.naturalWidth, img.naturalHeight],
      shown: [img.clientWidth, img.clientHeight],
      imageRendering: getComputedStyle(img).imageRendering,
      filter: getComputedStyle(img).filter,
    }));
    expect(rendering).toEqual({ natural: [200, 200], shown: [200, 200], imageRendering: 'pixelated', filter: 'none' });

    const code = await scanScreen(page);
    expect(code).toMatch(/^\d{7}$/);
    await codeField(page).fill(code);
    expect(await codeField(page).inputValue()).toBe(`${code[0]} ${code.slice(1, 4)} ${code.slice(4)}`);
    await button(page, 'Log on').click();
    await page.waitForURL('**/__sandbox/logged-on');
    expect(await page.getByRole('heading', { name: 'You are logged on' }).count()).toBe(1);
    expect(await cookie(page, 'logonType')).toBe('scanner');
    page.expectNoConsoleErrors();

    const [accepted] = acceptedLogons(e2e.server.sandbox.state);
    expect(accepted).toMatchObject({ username: 'EMMA0005', deviceProfile: { browser: expect.stringMatching(/^Chrome /), deviceFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  test('every step reports its page name and step events, and logs on by keyboard alone', async () => {
    const page = await openLogon();
    const events = await recordEvents(page);
    await tabTo(page, 'User ID');
    await page.keyboard.type('EMMA0005');
    await page.keyboard.press('Enter');
    await colourCode(page).waitFor();
    await tabTo(page, /^Response code/);
    await page.keyboard.type(await scanScreen(page));
    expect(await pageNames(page)).toEqual(['logon:scanner:step1', 'logon:scanner:step1-success', 'logon:scanner:step2']);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/__sandbox/logged-on');
    expect(await events()).toEqual(
      expect.arrayContaining([
        ['amwa-next', { flow: 'scanner-logon', step: 'userId' }],
        ['amwa-next', { flow: 'scanner-logon', step: 'code' }],
        ['amwa-logon-redirect', { url: `${e2e.url}/__sandbox/logged-on`, logonType: 'scanner' }],
      ]),
    );
    page.expectNoConsoleErrors();
  });

  test('remembers the user ID across reloads only while Remember me is on', async () => {
    const page = await openLogon();
    const remember = () => page.getByRole('checkbox', { name: 'Remember me' });
    expect(await remember().isChecked()).toBe(false);
    await remember().check();
    await toCodeStep(page);
    expect(await cookie(page, 'demobank-scanner-user-id')).toBe('EMMA0005');

    await page.reload();
    await waitForPortal(page, TITLE);
    expect(await userIdField(page).inputValue()).toBe('EMMA0005');
    expect(await remember().isChecked()).toBe(true);

    await remember().uncheck();
    await toCodeStep(page);
    expect(await cookie(page, 'demobank-scanner-user-id')).toBeUndefined();
    await page.reload();
    await waitForPortal(page, TITLE);
    expect(await userIdField(page).inputValue()).toBe('');
    expect(await remember().isChecked()).toBe(false);
    page.expectNoConsoleErrors();
  });

  test('shows every validation message, linked to its field, and keeps what was typed', async () => {
    const page = await openLogon();
    const message = page.getByText(USER_ID_MESSAGE);
    await button(page, 'Next').click();
    await message.waitFor();
    expect(await userIdField(page).getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page, 'user ID invalid');
    for (const bad of ['EMMA005', 'EMMA 0005', 'EMMA00050000000XY']) {
      await userIdField(page).fill(bad);
      await button(page, 'Next').click();
      await message.waitFor();
      expect(await userIdField(page).inputValue()).toBe(bad);
    }
    await toCodeStep(page);

    const codeMessage = page.getByText(CODE_MESSAGE);
    await button(page, 'Log on').click();
    await codeMessage.waitFor();
    for (const bad of ['123456', '1234567', '12345678']) {
      await codeField(page).fill(bad);
      await button(page, 'Log on').click();
      await codeMessage.waitFor();
    }
    expect(await codeField(page).getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField(page).getAttribute('inputmode')).toBe('numeric');
    expect(await userIdField(page).count()).toBe(0);
    await checkA11y(page, 'response code invalid');
    page.expectNoConsoleErrors();
  });

  test('answers a wrong code with the 400 message and, at the fifth, ends on the lockout screen that never sends the code again', async () => {
    const page = await openLogon();
    await toCodeStep(page);
    const wrong = wrongCode(await scanScreen(page));
    for (let attempt = 1; attempt <= 4; attempt++) {
      // Cleared first, as someone retyping the code would.
      await codeField(page).clear();
      await codeField(page).fill(wrong);
      const answer = page.waitForResponse((response) => response.url().endsWith('/standalone/authenticate'));
      await button(page, 'Log on').click();
      expect((await answer).status()).toBe(400);
      await page.getByText(COMBINATION).waitFor();
    }
    await checkA11y(page, 'wrong code (400)');
    await codeField(page).clear();
    await codeField(page).fill(wrong);
    await button(page, 'Log on').click();
    await waitForPortal(page, 'Your scanner has been deactivated');
    await page.getByText(ATTEMPTS).waitFor();
    expect(await page.getByText(COMBINATION).count()).toBe(0);
    // One screen that ends: no scan instructions, colour code frame, field, Log on or Back behind it.
    const card = widget(page).locator('.amwa-card');
    expect(await card.count()).toBe(1);
    expect(await page.getByText('Scan the colour code below with your scanner.').count()).toBe(0);
    expect(await widget(page).locator('.amwa-colour-code').count()).toBe(0);
    expect(await codeField(page).count()).toBe(0);
    expect(await button(page, 'Log on').count()).toBe(0);
    expect(await button(page, 'Back').count()).toBe(0);
    // The time with its zone and the trace id of the 403, in plain sight.
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/Timestamp [A-Z][a-z]+ \d{2}, \d{2}:\d{2}:\d{2} CES?T/);
    const traceId = /Trace ID (\S+)/.exec(text)?.[1];
    expect(traceId).toMatch(TRACE_ID);
    await checkA11y(page, 'scanner deactivated (403)');
    // Nothing re-sends the locked call: not a wait, not every control on the screen.
    const sent = e2e.requests('standaloneAuthenticate').length;
    await expectKeyboardReachable(page);
    expect(e2e.requests('standaloneAuthenticate')).toHaveLength(sent);
    // Copy by keyboard, then the one way on, a primary link, by keyboard too.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    await tabTo(page, 'Copy');
    await page.keyboard.press('Enter');
    await card.getByRole('status').getByText('Copied').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(traceId);
    const way = widget(page).getByRole('link', { name: 'Back to login' });
    expect(await way.getAttribute('class')).toContain('amwa-button--primary');
    await tabTo(page, 'Back to login');
    await page.keyboard.press('Enter');
    await waitForPortal(page, 'Log on with');
    expect(e2e.requests('standaloneAuthenticate')).toHaveLength(sent);
    page.expectNoConsoleErrors({ allow: [/status of 40[03]/] });
  });

  test('after a 400 from the logon call shows the message and a fresh colour code, and the retry logs on by keyboard', async () => {
    const page = await openLogon();
    await toCodeStep(page);
    const spent = await colourCode(page).getAttribute('src');
    await fault(e2e.url, { path: LOGON, status: 400, body: { errorCode: 'invalid-transfer-otp' } });
    await codeField(page).fill(await scanScreen(page));
    await button(page, 'Log on').click();
    await page.getByText(COMBINATION).waitFor();
    await expect.poll(() => colourCode(page).getAttribute('src').catch(() => null)).not.toBe(spent);
    await colourCode(page).waitFor();
    expect(await page.getByText(COMBINATION).count()).toBe(1);
    await checkA11y(page, 'logon call refused (400), fresh colour code');

    const code = await scanScreen(page);
    await tabTo(page, /^Response code/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/__sandbox/logged-on');
    expect(acceptedLogons(e2e.server.sandbox.state)).toHaveLength(1);
    page.expectNoConsoleErrors({ allow: [/status of 400/] });
  });

  test('expires the colour code 10 s early, disables the inputs, and refreshes with a new session', async () => {
    await setConfig(e2e.url, { colourCodeExpirySeconds: 12 });
    const page = await openLogon();
    const calls = recordCalls(page);
    await toCodeStep(page);
    // Read before the axe scan: the code lives 2 s, which a scan on a loaded machine can outlast.
    const first = await colourCode(page).getAttribute('src', { timeout: 2000 });
    await checkA11y(page, 'colour code shown');

    await page.getByText(EXPIRED).waitFor({ timeout: 5000 });
    expect(await colourCode(page).count()).toBe(0);
    expect(await codeField(page).isDisabled()).toBe(true);
    expect(await button(page, 'Log on').isDisabled()).toBe(true);
    await checkA11y(page, 'colour code expired');

    await setConfig(e2e.url, { colourCodeExpirySeconds: 120 });
    await button(page, 'Refresh').click();
    await page.getByRole('status', { name: 'Loading the colour code…' }).waitFor();
    await colourCode(page).waitFor();
    expect(await colourCode(page).getAttribute('src')).not.toBe(first);
    expect(calls('/access/v1/public/session/anonymous/initiate')).toBe(2);
    // The spinner stays for 3 s after a refresh, then the code stands alone.
    await page.getByRole('status', { name: 'Loading the colour code…' }).waitFor({ state: 'detached', timeout: 5000 });
    expect(await codeField(page).isDisabled()).toBe(false);

    await codeField(page).fill(await scanScreen(page));
    await button(page, 'Log on').click();
    await page.waitForURL('**/__sandbox/logged-on');
    page.expectNoConsoleErrors();
  });

  test('shows a server fault in the technical error alert with Amsterdam time and its zone, the trace id in plain sight with Copy, until a refresh clears it', async () => {
    const page = await openLogon();
    const events = await recordEvents(page);
    await toCodeStep(page);
    await fault(e2e.url, { path: LOGON, status: 500, body: { errorCode: 'sandbox-fault' } });
    await codeField(page).fill(await scanScreen(page));
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === LOGON);
    await button(page, 'Log on').click();
    const response = await answer;
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(TECHNICAL);
    // The time zone is named after the time (CET in winter, CEST in summer).
    expect(text).toMatch(new RegExp(`Timestamp ${amsterdam(new Date((await response.allHeaders()).date!))} CES?T`));
    const traceId = (await response.allHeaders())['x-trace-id']!;
    expect(traceId).toMatch(TRACE_ID);
    // The trace id in plain sight, without a click, so the screenshot the text asks for carries it (S2.105).
    expect(text).toContain(`Trace ID ${traceId}`);
    expect(await alert.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    expect(await codeField(page).isDisabled()).toBe(true);
    // Said once: the alert says what failed, the spoiled code's frame only the way on.
    expect(await page.getByText(REFRESH_FOR_NEW).count()).toBe(1);
    expect(await page.getByText('A technical error occurred', { exact: false }).count()).toBe(1);
    expect(await page.getByText(EXPIRED).count()).toBe(0);
    await checkA11y(page, 'technical error');
    // Copy by keyboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    await tabTo(page, 'Copy');
    await page.keyboard.press('Enter');
    await alert.getByText('Copied').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(traceId);

    await button(page, 'Refresh').click();
    await alert.waitFor({ state: 'detached' });
    await colourCode(page).waitFor();
    expect((await events()).map(([type]) => type)).toEqual(expect.arrayContaining(['amwa-technical-exception', 'amwa-clear-technical-exception']));
    page.expectNoConsoleErrors({ allow: [/status of 500/, /AmwaApiError/] });
  });

  test('reports a logon call that outlives the time-out as a technical error without trace id', async () => {
    const page = await openLogon();
    const events = await recordEvents(page);
    await toCodeStep(page);
    await fault(e2e.url, { path: LOGON, delayMs: 6000 });
    await codeField(page).fill(await scanScreen(page));
    await button(page, 'Log on').click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect((await alert.innerText()).replace(/\s+/g, ' ')).toContain(TECHNICAL);
    expect(await alert.getByText('Trace ID').count()).toBe(0);
    expect(await events()).toContainEqual(['amwa-technical-exception', expect.objectContaining({ timeout: true })]);
    expect(await pageNames(page)).toContain('logon:scanner:step2');
    expect((await dataLayer(page)).some((entry) => entry.content === 'Request timeout')).toBe(true);
    page.expectNoConsoleErrors({ allow: [/AmwaApiError/, /timeout/] });
  });

  test("refuses a logon url outside the allowed origins: 'Invalid redirection url' and the error page", async () => {
    await setConfig(e2e.url, { logonRedirectUrl: 'https://evil.example/phish' });
    const page = await openLogon();
    const events = await recordEvents(page);
    await toCodeStep(page);
    await codeField(page).fill(await scanScreen(page));
    await button(page, 'Log on').click();
    await waitForPortal(page, 'Something went wrong');
    expect(new URL(page.url()).origin).toBe(e2e.url);
    // The host hears which url was refused and what was allowed (never shown to the user).
    expect(await events()).toContainEqual([
      'amwa-generic-exception',
      expect.objectContaining({ message: 'Invalid redirection url', data: { url: 'https://evil.example/phish', allowedOrigins: [e2e.url] } }),
    ]);
    expect(await widget(page).getByText('evil.example').count()).toBe(0);
    expect((await events()).some(([type]) => type === 'amwa-logon-redirect')).toBe(false);
    // The error page revoked the tab's tokens: no grant of the logon is left alive.
    const stats = async () => (await fetch(`${e2e.url}/__sandbox/session/stats`)).json() as Promise<{ revoked: number; liveGrants: number }>;
    await expect.poll(stats).toMatchObject({ liveGrants: 0, revoked: 1 });
    page.expectNoConsoleErrors({ allow: [/Invalid redirection url/] });
  });

  test('help: list and detail by keyboard, back arrow, preselected topic, tracked clicks', async () => {
    const page = await openLogon();
    await checkA11y(page, 'user ID step');
    await expectKeyboardReachable(page);
    await tabTo(page, 'Help');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(
      expect.arrayContaining(['Where can I find my user ID?', 'I forgot my PIN', 'My scanner is lost or stolen', "My scanner shows 'Colour code not intended for this scanner'"]),
    );
    expect(await dialog.getByRole('listitem').count()).toBe(12);
    // The logon's own situations come first, ahead of the activation's it shares.
    expect((await dialog.getByRole('listitem').allInnerTexts()).slice(0, 2)).toEqual(['I forgot my PIN', 'I want to log on with a new scanner']);
    await checkA11y(page, 'help list');

    await tabTo(page, 'My scanner is lost or stolen');
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'My scanner is lost or stolen' });
    await detail.waitFor();
    await expect.poll(() => focused(page)).toEqual({ role: 'heading', name: 'My scanner is lost or stolen' });
    expect(await detail.getByRole('link', { name: 'service@demobank.example' }).getAttribute('href')).toBe('mailto:service@demobank.example');
    await checkA11y(page, 'help detail');
    await tabTo(page, 'Back to the list', { backwards: true });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toEqual({ role: 'button', name: 'Help' });

    await toCodeStep(page);
    await page.getByRole('button', { name: 'Trouble scanning the colour code?' }).click();
    await page.getByRole('dialog', { name: 'I have trouble scanning the colour code' }).waitFor();
    const clicks = (await dataLayer(page)).filter((entry) => entry.event === 'elementsOnPage').map((entry) => entry.content);
    expect(clicks).toEqual(expect.arrayContaining(['help', 'help:lost-scanner', 'help:trouble-scanning']));
    page.expectNoConsoleErrors();
  });

  test('warns 30 s before the inactivity limit, continues on request, and ends on the session-expired page', async () => {
    await setConfig(e2e.url, { inactivityTimeoutLogonS: 31 });
    const page = await openLogon();
    const calls = recordCalls(page);
    await toCodeStep(page);
    const warning = page.getByRole('alertdialog', { name: 'Would you like to continue?' });
    await warning.waitFor({ timeout: 5000 });
    await checkA11y(page, 'inactivity warning');
    await button(page, 'Continue').click();
    await warning.waitFor({ state: 'detached' });
    await warning.waitFor({ timeout: 5000 });

    await page.waitForURL(`**${PAGE}/sessionExpired`, { timeout: 40_000 });
    await page.getByText('Your session has expired, you need to log on again.').waitFor();
    await userIdField(page).waitFor();
    expect(await warning.count()).toBe(0);
    expect(calls('/access/v1/private/logout')).toBe(1);
    await checkA11y(page, 'session expired');
    page.expectNoConsoleErrors();
  }, 60_000);

  test('every state passes axe: loading colour code, code step, keyboard-reachable', async () => {
    await fault(e2e.url, { path: '/security-means/cronto-hardware-token/actions/authentication/standalone/initiate', delayMs: 1500 });
    const page = await openLogon();
    await userIdField(page).fill('EMMA0005');
    await button(page, 'Next').click();
    await page.getByRole('status', { name: 'Loading the colour code…' }).waitFor();
    await checkA11y(page, 'colour code loading');
    await colourCode(page).waitFor();
    const order = (await expectKeyboardReachable(page)).map((item) => item.name);
    expect(order).toEqual(expect.arrayContaining(['Back', 'Help', 'Trouble scanning the colour code?', 'Activate your scanner first']));
    expect(await pageNames(page)).toEqual(expect.arrayContaining(['logon:scanner:step1', 'logon:scanner:step1-success', 'logon:scanner:step2']));
    await button(page, 'Back').click();
    await userIdField(page).waitFor();
    expect(await userIdField(page).inputValue()).toBe('EMMA0005');
    expect(await pageNames(page)).toContain('logon:scanner:step2-go_back');
    page.expectNoConsoleErrors();
  });

  test("the demo console's 'Scan with my scanner' shows what the chosen scanner displays", async () => {
    const page = await openLogon();
    await toCodeStep(page);
    const display = page.locator('#sandbox-scanner-display');
    await page.getByRole('button', { name: 'Scan with my scanner' }).click();
    await expect.poll(() => display.textContent()).toMatch(/^\d{7}$/);
    await page.getByLabel('Scanner of').selectOption('ANNA0001');
    await page.getByRole('button', { name: 'Scan with my scanner' }).click();
    await expect.poll(() => display.textContent()).toBe('Colour code not intended for this scanner');
    page.expectNoConsoleErrors({ allow: [/status of 422/] });
  });
});
