// The bank's API, call for call (docs/api-contract.md), in real Chromium against the sandbox: the
// calls amwa decided itself (the session-cookie call before the QR code, the mobile logon body,
// the means check, deactivation, trace lines, the corporate-portal logout) are observed as the
// sandbox received them; true inactivity, the index redirect and undo in masked fields are
// observed in the browser. The harness fails any test whose calls leave the contract; the last
// test checks that the flows above made every operation of the document.
import { describe, expect, test } from 'vitest';
import { OPERATIONS } from '../../src/contract/index';
import { scannerDeactivated } from '../../packages/amwa-sandbox/src/cronto';
import { traceLines } from '../../packages/amwa-sandbox/src/trace';
import { button, colourCode, flows, hear, textbox } from './flows';
import { checkA11y, confirmMobile, EXAMPLES, fault, setConfig, tabTo, useE2E, waitForPortal } from './harness';

const e2e = useE2E();

const BASE = EXAMPLES.vanilla.replace(/\/$/, '');
const PORTAL_LOGOUT = '/__sandbox/corporate/logout';
const LOGOUT = '/access/v1/private/logout';
const ATTEMPTS =
  'You have exceeded the number of attempts to enter a code. You have received an email with instructions on how to regain access to the bank.';
const TRACE_ID = /^\d{2}-[a-z\d]{32}-[a-z\d]{16}-\d{2}$/i;

/** The operations the browser called in this test, in order. */
const operations = () => e2e.requests().map((request) => request.operationId);
/** The trace lines the sandbox received in this test, as `kind operation username`. */
const traced = () => traceLines(e2e.server.sandbox.state).map(({ kind, operation, context }) => `${kind} ${operation} ${context.username ?? '-'}`);
const { scanned, toCodeStep, activate } = flows(e2e);


describe('the mobile logon and link mode', () => {
  test('makes the session-cookie call before the QR code, and logs on with a body built from the session data', async () => {
    const page = await e2e.open(`${BASE}/pages/logon/mobile`);
    await page.getByRole('img', { name: /^QR code to log on/ }).waitFor();
    const before = operations().filter((id) => id !== 'xsrfToken');
    expect(before.slice(0, 3)).toEqual(['anonymousSessionInitiate', 'bootstrapWebSession', 'qr']);
    // Unauthenticated and without cookies; the bootstrap then sets the web session's cookie the QR call carries.
    const [initiate] = e2e.requests('anonymousSessionInitiate');
    expect(initiate!.headers.cookie).toBeUndefined();
    expect(initiate!.headers.authorization).toBeUndefined();
    expect(e2e.requests('qr')[0]!.headers.cookie).toContain('web-session');

    await confirmMobile(e2e.url, 'logon');
    await page.waitForURL('**/__sandbox/logged-on');
    const [logon] = e2e.requests('mobileLogon');
    expect(logon).toMatchObject({
      status: 200,
      issues: [],
      headers: expect.objectContaining({ authorization: expect.stringMatching(/^Bearer \w+$/), 'x-xsrf-token': expect.any(String), 'content-type': 'application/json' }),
      body: {
        authenticationContext: { clientId: 'amwa-web', identifyeeType: 'customer', requiredLevelOfAssurance: 1, scopes: [] },
        browser: expect.stringMatching(/^Chrome \d+$/),
        operatingSystem: 'Linux',
        deviceUniqueIdentifier: expect.stringMatching(/^[\w-]{16}$/),
        deviceFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    // Sent with keepalive just before the browser left, so it arrives all the same.
    await expect.poll(traced).toEqual(['trace mobile-logon:confirmed -', 'trace mobile-logon:logged-on -']);
    page.expectNoConsoleErrors();
  });

  test('link mode polls its own QR code and traces the confirmation, without a session call or a logon', async () => {
    const page = await e2e.open(`${BASE}/pages/link-ib-user/mobile`);
    await page.getByRole('img', { name: /^QR code to link/ }).waitFor();
    await expect.poll(() => e2e.requests('linkQrConfirmed').length).toBeGreaterThan(0);
    await confirmMobile(e2e.url, 'link');
    await page.waitForURL('**/__sandbox/corporate/precheck');
    expect(operations()).not.toContain('anonymousSessionInitiate');
    expect(operations()).not.toContain('mobileLogon');
    await expect.poll(traced).toEqual(['trace link:confirmed -']);
  });

  test('traces an error that reaches the shared handler with the trace id of its answer', async () => {
    await fault(e2e.url, { path: '/access/v1/api/public/qr', status: 500, body: { errorCode: 'sandbox-fault' } });
    const page = await e2e.open(`${BASE}/pages/logon/mobile`);
    await page.getByText('This QR code can no longer be used. Refresh it to try again.').waitFor();
    await expect.poll(() => e2e.requests('logTraceError').length).toBe(1);
    const [line] = e2e.requests('logTraceError');
    const [answer] = e2e.requests('qr');
    expect(answer!.status).toBe(500);
    expect(line!.body).toEqual({ operation: '/v1/api/public/qr', context: { responseId: expect.stringMatching(TRACE_ID) } });
    page.expectNoConsoleErrors({ allow: [/status of 500/, /AmwaApiError/] });
  });
});

describe('the scanner logon', () => {
  test('obtains the XSRF cookie with a GET on the API base when it has none, and echoes it on every POST with cookies', async () => {
    const page = await toCodeStep('EMMA0005');
    // Every GET of the sandbox (the page, its chunks) hands out the cookie; a host on another origin would not.
    await page.context().clearCookies({ name: 'XSRF-TOKEN' });
    const before = e2e.requests().length;
    await textbox(page, /^Response code/).fill(await scanned(page, 'EMMA0005'));
    await button(page, 'Log on').click();
    await page.waitForURL('**/__sandbox/logged-on');
    const after = e2e.requests().slice(before);
    expect(after.slice(0, 2).map((request) => request.operationId)).toEqual(['xsrfToken', 'standaloneAuthenticate']);
    expect(after[0]).toMatchObject({ method: 'GET', path: '/access/', headers: expect.objectContaining({ accept: 'application/json' }) });
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    expect(token).toMatch(/^\w+$/);
    const posts = after.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.operationId)).toEqual(expect.arrayContaining(['standaloneAuthenticate', 'transfer', 'scannerLogon']));
    for (const request of posts) expect(request.headers['x-xsrf-token'], request.path).toBe(token);
  });

  test('deactivates the scanner after the fifth wrong code, then shows the spec message', async () => {
    const page = await toCodeStep('EMMA0005');
    const right = await scanned(page, 'EMMA0005');
    const wrong = right.startsWith('9') ? `1${right.slice(1, 6)}` : `9${right.slice(1, 6)}`;
    const luhn = (body: string) =>
      String((10 - ([...body].reverse().reduce((sum, d, i) => sum + (i % 2 ? Number(d) : Number(d) * 2 > 9 ? Number(d) * 2 - 9 : Number(d) * 2), 0) % 10)) % 10);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await textbox(page, /^Response code/).fill(wrong + luhn(wrong));
      await button(page, 'Log on').click();
      await expect.poll(() => e2e.requests('standaloneAuthenticate').length).toBe(attempt);
      if (attempt < 5) await page.getByText(/^The combination of user id and code is not correct/).waitFor();
    }
    await page.getByText(ATTEMPTS).waitFor();
    const [deactivate] = e2e.requests('scannerDeactivate');
    expect(deactivate).toMatchObject({ status: 200, body: { username: 'EMMA0005' }, headers: expect.objectContaining({ 'x-xsrf-token': expect.any(String) }) });
    expect(operations().filter((id) => id === 'standaloneAuthenticate' || id === 'scannerDeactivate').slice(-2)).toEqual(['standaloneAuthenticate', 'scannerDeactivate']);
    expect(e2e.requests('standaloneAuthenticate').at(-1)!.status).toBe(403);
    expect(scannerDeactivated(e2e.server.sandbox.state, 'EMMA0005')).toBe(true);
    await expect.poll(traced).toEqual(['trace scanner-logon:session-started EMMA0005', 'trace scanner-logon:deactivated EMMA0005']);
    page.expectNoConsoleErrors({ allow: [/status of 40[03]/] });
  });

  test('steps up with a second colour code, buys the transfer OTP and logs on, tracing each milestone', async () => {
    await setConfig(e2e.url, { stepUp: true });
    const page = await toCodeStep('HUGO0008');
    await textbox(page, /^Response code/).fill(await scanned(page, 'HUGO0008'));
    await button(page, 'Log on').click();
    await page.getByRole('heading', { name: 'Confirm your logon' }).waitFor();
    await colourCode(page).waitFor();
    await textbox(page, /^Response code/).fill(await scanned(page, 'HUGO0008'));
    await button(page, 'Confirm').click();
    await page.getByRole('button', { name: /^Jansen Holding BV/ }).click();
    await page.waitForURL('**/__sandbox/logged-on');
    expect(operations()).toEqual(expect.arrayContaining(['authenticationInitiate', 'authenticationAuthenticate', 'transfer', 'scannerLogon']));
    expect(e2e.requests('authenticationAuthenticate')[0]!.headers).toMatchObject({ 'x-encrypted-state': expect.any(String), authorization: expect.stringMatching(/^Bearer /) });
    await expect.poll(traced).toEqual([
      'trace scanner-logon:session-started HUGO0008',
      'trace scanner-logon:step-up HUGO0008',
      'trace scanner-logon:authenticated HUGO0008',
      'trace scanner-logon:logged-on HUGO0008',
    ]);
  });

  test('at the inactivity limit the browser goes to the corporate-portal logout at once, after amwa-logout', async () => {
    await setConfig(e2e.url, { inactivityTimeoutLogonS: 40 });
    await fault(e2e.url, { path: LOGOUT, status: 200, body: { ingLogOutUrl: `${e2e.url}${PORTAL_LOGOUT}` } });
    let heard: [string, unknown][] = [];
    const page = await toCodeStep('EMMA0005', {
      setup: async (context) => {
        await context.clock.install();
        heard = await hear(context, ['amwa-logout']);
      },
    });
    await page.clock.runFor(40_000);
    await page.waitForURL(`**${PORTAL_LOGOUT}`);
    expect(heard).toEqual([['amwa-logout', { url: `${e2e.url}${PORTAL_LOGOUT}` }]]);
    expect(e2e.requests('logout')).toHaveLength(1);
    expect(traced()).toContain('trace session:expired EMMA0005');
  });

  test('keeps the device identifier in the tdid cookie where localStorage is denied; Chromium caps its 1e9 s max-age at 400 days', async () => {
    const page = await toCodeStep('EMMA0005', {
      setup: async (context) => {
        await context.addInitScript(`Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });`);
      },
    });
    await textbox(page, /^Response code/).fill(await scanned(page, 'EMMA0005'));
    await button(page, 'Log on').click();
    await page.waitForURL('**/__sandbox/logged-on');
    const tdid = (await page.context().cookies()).find((cookie) => cookie.name === 'tdid');
    expect(tdid).toMatchObject({ path: '/access', sameSite: 'Lax', value: expect.stringMatching(/^[\w-]{16}$/) });
    expect((e2e.requests('scannerLogon')[0]!.body as { deviceUniqueIdentifier: string }).deviceUniqueIdentifier).toBe(tdid!.value);
    const days = (tdid!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(399);
    expect(days).toBeLessThanOrEqual(400);
  });

  test('Ctrl+Z undoes the last edits in a masked field', async () => {
    const page = await toCodeStep('EMMA0005');
    const field = textbox(page, /^Response code/);
    await field.click();
    await page.keyboard.type('12345');
    expect(await field.inputValue()).toBe('1 234 5');
    await page.keyboard.press('Control+z');
    expect(await field.inputValue()).toBe('1 234');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    expect(await field.inputValue()).toBe('1 2');
    await page.keyboard.press('Control+y');
    expect(await field.inputValue()).toBe('1 23');
    page.expectNoConsoleErrors();
  });
});

describe('the activation', () => {
  test('checks the means with the status and the latest agreement, traces each milestone, and leaves done for the corporate-portal logout', async () => {
    let heard: [string, unknown][] = [];
    const page = await activate('CARLA003', 'carla.rossi@example.com', 'serialNumber', { setup: async (context) => void (heard = await hear(context, ['amwa-logout'])) });
    const check = operations().filter((id) => ['scannerStatus', 'provision', 'agreementsLatest', 'identification'].includes(id!));
    expect(check).toEqual(['scannerStatus', 'provision', 'agreementsLatest', 'identification']);
    expect(e2e.requests('agreementsLatest')[0]).toMatchObject({ method: 'GET', headers: expect.objectContaining({ authorization: expect.stringMatching(/^Bearer /) }) });
    await page.close();

    await fault(e2e.url, { path: LOGOUT, status: 200, body: { ingLogOutUrl: `${e2e.url}${PORTAL_LOGOUT}` } });
    let heardAgain: [string, unknown][] = [];
    const done = await activate('DAVID004', 'david.smit@example.com', 'done', { setup: async (context) => void (heardAgain = await hear(context, ['amwa-logout'])) });
    expect(heard).toEqual([]);
    // 'And you're done' is still shown: the navigation waits for the user to leave it.
    expect(heardAgain).toEqual([['amwa-logout', { url: `${e2e.url}${PORTAL_LOGOUT}` }]]);
    expect(new URL(done.url()).pathname).toBe('/access/pages/activate-scanner');
    expect(await done.getByRole('link', { name: 'Log on with your scanner' }).getAttribute('href')).toBe(`${e2e.url}${PORTAL_LOGOUT}`);
    await checkA11y(done, "'And you're done' leading to the corporate-portal logout");
    await tabTo(done, 'Log on with your scanner');
    await done.keyboard.press('Enter');
    await done.waitForURL(`**${PORTAL_LOGOUT}`);
    expect(traced()).toEqual(
      expect.arrayContaining([
        'trace activation:otp-requested DAVID004',
        'trace activation:otp-authenticated DAVID004',
        'trace activation:means-checked DAVID004',
        'trace activation:serial-number DAVID004',
        'trace activation:pin-set DAVID004',
        'trace activation:finished DAVID004',
      ]),
    );
    expect(operations()).toEqual(expect.arrayContaining(['enrolmentValidate', 'activationInitiate', 'activationValidate', 'finish', 'revokeToken', 'logout']));
  });

  test('a host that cancels amwa-logout keeps the browser: done goes on to the scanner logon', async () => {
    await fault(e2e.url, { path: LOGOUT, status: 200, body: { ingLogOutUrl: `${e2e.url}${PORTAL_LOGOUT}` } });
    const page = await activate('ANNA0001', 'anna.devries@example.com', 'done', { setup: (context) => hear(context, ['amwa-logout'], { cancelLogout: true }).then(() => undefined) });
    await page.getByRole('link', { name: 'Log on with your scanner' }).click();
    await page.waitForURL('**/access/pages/logon/scanner');
    page.expectNoConsoleErrors();
  });
});

describe('time and activity', () => {
  test('typing, pointer and focus activity restart the inactivity count; the warning counts down, announced every 10 s', async () => {
    await setConfig(e2e.url, { inactivityTimeoutLogonS: 60 });
    const page = await toCodeStep('EMMA0005', { setup: (context) => context.clock.install() });
    const dialog = page.getByRole('alertdialog', { name: 'Would you like to continue?' });
    // Focus alone, as a screen reader moves it: no scroll, and between two elements of the widget's
    // shadow root, where the window never hears it.
    const focusHelp = () => button(page, 'Help').evaluate((help: HTMLElement) => help.focus({ preventScroll: true }));
    for (const act of [() => page.keyboard.press('Shift'), () => page.mouse.move(10, 10), focusHelp]) {
      await page.clock.runFor(25_000);
      await act();
    }
    await page.clock.runFor(25_000);
    expect(await dialog.count()).toBe(0);
    await page.clock.runFor(5_000);
    await dialog.waitFor();
    const timer = dialog.getByRole('timer');
    expect(await timer.textContent()).toBe('Time left: 0:30');
    const live = dialog.locator('[aria-live="polite"]');
    await page.clock.runFor(5_000);
    expect(await timer.textContent()).toBe('Time left: 0:25');
    expect(await live.textContent()).toBe('');
    await page.clock.runFor(5_000);
    expect(await live.textContent()).toBe('Time left: 0:20');
    // Activity no longer counts once the warning is open: only Continue does.
    await page.mouse.move(40, 40);
    await page.clock.runFor(5_000);
    expect(await timer.textContent()).toBe('Time left: 0:15');
    await checkA11y(page, 'inactivity warning counting down');
    await tabTo(page, 'Continue');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    page.expectNoConsoleErrors();
  });

  test('the refresh tells the token endpoint the real idle time', async () => {
    const page = await activate('ANNA0001', 'anna.devries@example.com', 'serialNumber', { setup: (context) => context.clock.install() });
    await page.clock.runFor(181_000);
    await expect.poll(() => e2e.requests('refreshToken').length).toBe(1);
    await page.clock.runFor(120_000);
    await expect.poll(() => e2e.requests('refreshToken').length).toBe(2);
    await page.mouse.move(20, 20);
    await page.clock.runFor(60_000);
    await expect.poll(() => e2e.requests('refreshToken').length).toBeGreaterThanOrEqual(3);
    const idle = e2e.requests('refreshToken').map((request) => Number(request.headers['x-inactivity-seconds']));
    // Idle since the last activity (Next on the registration code): ~180 s, then 3 s before the 300 s time-out; after the pointer moved, ~1 min.
    expect(idle[0]).toBeGreaterThanOrEqual(178);
    expect(idle[0]).toBeLessThan(200);
    expect(idle[1]).toBeGreaterThanOrEqual(296);
    expect(idle[1]).toBeLessThan(310);
    expect(idle.at(-1)).toBeLessThan(70);
    expect(e2e.requests('refreshToken').every((request) => request.status === 200)).toBe(true);
  });

  test('the index with a remembered logon type replaces the address with the logon page', async () => {
    const page = await e2e.open(`${BASE}/`, {
      setup: (context) => context.addCookies([{ name: 'logonType', value: 'scanner', url: `${e2e.url}/access/` }]),
    });
    await page.waitForURL('**/access/pages/logon/scanner');
    await waitForPortal(page, 'Log on with your scanner');
    await page.goto(`${e2e.url}/access/index.html`);
    await page.waitForURL('**/access/pages/logon/scanner');
    // Back leads to the logon page the first index became, never to an index.
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/access/pages/logon/scanner');
    page.expectNoConsoleErrors();
  });
});

describe('the contract', () => {
  test('every operation of the document was called by some flow of this file, except the server-side ones', () => {
    const expected = OPERATIONS.filter((op) => !op.serverSide).map((op) => op.id);
    expect(expected.filter((id) => !e2e.called.has(id))).toEqual([]);
    expect(OPERATIONS.filter((op) => op.serverSide).map((op) => op.id)).toEqual(['transferAccessTokens']);
  });
});
