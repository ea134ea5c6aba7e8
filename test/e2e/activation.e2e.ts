// Scanner activation in real Chromium against the sandbox: every persona of design section 5,
// every validation and server message, the inactivity limit, the leave warning, axe on every
// screen and a keyboard-only walk.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  checkA11y,
  EXAMPLES,
  expectKeyboardReachable,
  fault,
  focusedName,
  outbox,
  scan,
  setConfig,
  tabTo,
  useE2E,
  waitForPortal,
  type TestPage,
} from './harness';

const e2e = useE2E();

const START = '/access/pages/activate-scanner';
const SCANNER = '/access/v1/api/public/scanner';
const TOKEN = '/security-means/cronto-hardware-token/actions';
const PNG_PREFIX = 'data:image/png;base64,';

const PERSONAS = {
  ANNA0001: 'anna.devries@example.com',
  BORIS002: 'boris.novak@example.com',
  CARLA003: 'carla.rossi@example.com',
  DAVID004: 'david.smit@example.com',
  EMMA0005: 'emma.klein@example.com',
  FRANK006: 'frank.peeters@example.com',
  GRETA007: 'greta.berg@example.com',
} as const;
type UserId = keyof typeof PERSONAS;

const TITLES = {
  overview: 'Activate your scanner',
  credentials: 'Enter your user ID and email',
  registrationCode: 'Confirm your email',
  serialNumber: 'Connect your scanner',
  pin: 'Choose a PIN',
  pinSet: 'Your PIN code is set!',
  doneYesNext: 'Confirm on your scanner',
  finish: 'Finish setting up your scanner',
  done: "And you're done",
  missing: 'You do not have a scanner',
  effective: 'You already have an active scanner',
};

const MESSAGES = {
  userId: 'Please enter a valid user ID',
  email: 'Please enter a valid email address',
  codeFormat: 'The format is not correct. Please enter a 10 digit code.',
  codeInvalid: 'The registration code is not valid. Please check and try again.',
  serial: 'Scan the color code again or find the serial number on the back of your device.',
  pin: 'Please enter a valid confirmation code',
  finishFormat: 'The format is not valid. Please enter a 15 digit code.',
  combination: 'This combination of user ID and email address is not valid. Please check both and try again.',
  blocked: 'Your account is blocked. Please contact your coordinator or get in touch with the bank via service@demobank.example.',
  serialTechnical: 'A technical error occurred, please try again.',
  confirmationInvalid: 'The confirmation code is not valid. Please check and try again.',
  attempts:
    'You have exceeded the number of attempts to enter a confirmation code. You have received an email with instructions on how to regain access to the bank.',
  coordinator:
    'Are you authorised to approve items? Then your coordinator must first verify your identity. We have already asked your coordinator to do this.',
};

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 1 });
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** The message shown under a field, read through its aria-describedby. */
const fieldError = (page: Page, label: string) =>
  field(page, label).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const root = input.getRootNode() as ShadowRoot | Document;
    return ids.map((id) => root.getElementById(id)).find((element) => element?.classList.contains('amwa-field__error'))?.textContent ?? '';
  });

/** How a field's message is announced: the `aria-live` of the message under it. */
const fieldErrorLive = (page: Page, label: string) =>
  field(page, label).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const root = input.getRootNode() as ShadowRoot | Document;
    return ids.map((id) => root.getElementById(id)).find((element) => element?.classList.contains('amwa-field__error'))?.getAttribute('aria-live');
  });

/** Waits for a screen's heading to be shown and focused. */
async function onScreen(page: Page, title: string) {
  await heading(page, title).waitFor();
  await expect.poll(() => focusedName(page)).toBe(title);
}

/** What the persona's scanner shows for the colour code on screen, digits only. */
async function scanScreen(page: Page, userId: UserId) {
  const image = page.locator('img.amwa-colour-code__image');
  await image.waitFor();
  const src = (await image.getAttribute('src')) ?? '';
  return (await scan(e2e.url, userId, src.slice(PNG_PREFIX.length))).replace(/-/g, '');
}

const latestCode = async (userId: UserId) => (await outbox(e2e.url, userId)).at(-1)!.code;

/** The flow driven with the mouse, screen by screen, up to `screen`. */
const steps = {
  async credentials(page: Page) {
    await button(page, 'Start activation').click();
    await onScreen(page, TITLES.credentials);
  },
  async registrationCode(page: Page, userId: UserId) {
    await field(page, 'User ID').fill(userId);
    await field(page, 'Email').fill(PERSONAS[userId]);
    await button(page, 'Next').click();
    await onScreen(page, TITLES.registrationCode);
  },
  async meansCheck(page: Page, userId: UserId) {
    await field(page, 'Registration code').fill(await latestCode(userId));
    await button(page, 'Next').click();
  },
  async pin(page: Page, userId: UserId) {
    await field(page, 'Serial number').fill(await scanScreen(page, userId));
    await button(page, 'Next').click();
    await onScreen(page, TITLES.pin);
  },
  async pinSet(page: Page, userId: UserId) {
    await field(page, 'Confirmation code').fill(await scanScreen(page, userId));
    await button(page, 'Next').click();
    await onScreen(page, TITLES.pinSet);
  },
  async finish(page: Page) {
    await button(page, 'Next').click();
    await onScreen(page, TITLES.doneYesNext);
    await button(page, 'Next').click();
    await onScreen(page, TITLES.finish);
  },
  async done(page: Page, userId: UserId) {
    await field(page, 'Confirmation code').fill(await scanScreen(page, userId));
    await button(page, 'Next').click();
    await onScreen(page, TITLES.done);
  },
};

/** Opens the activation (on the vanilla example unless told) and walks `userId` to the serial number step. */
async function toSerialNumber(userId: UserId, start: string = START): Promise<TestPage> {
  const page = await toMeansCheckDone(userId, start);
  await onScreen(page, TITLES.serialNumber);
  return page;
}

/**
 * Walks `userId` through the means check, not waiting for the serial number screen's focus: under
 * an inactivity limit shorter than the 30 s warning, the warning dialog opens at once and takes it.
 */
async function toMeansCheckDone(userId: UserId, start: string = START): Promise<TestPage> {
  const page = await e2e.open(start);
  await waitForPortal(page, TITLES.overview);
  await steps.credentials(page);
  await steps.registrationCode(page, userId);
  await steps.meansCheck(page, userId);
  return page;
}

/** Opens the activation and walks `userId` to the finish step. */
async function toFinish(userId: UserId, start?: string): Promise<TestPage> {
  const page = await toSerialNumber(userId, start);
  await steps.pin(page, userId);
  await steps.pinSet(page, userId);
  await steps.finish(page);
  return page;
}

describe('personas', () => {
  test('ANNA0001 activates her scanner, passing axe on every screen, then logs on with it', async () => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await expect(page.getByText('In 6 steps').textContent()).resolves.toBe('In 6 steps');
    await checkA11y(page, 'overview');
    await steps.credentials(page);
    expect(await page.locator('[aria-current="step"]').textContent()).toBe('1Step 1 of 6: Enter your user ID and email');
    await checkA11y(page, 'user ID and email');
    await steps.registrationCode(page, 'ANNA0001');
    await expect(page.getByText('We have sent a registration code to ann*********@example.com.').count()).resolves.toBe(1);
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Step 2 of 6');
    await checkA11y(page, 'confirm email');
    await steps.meansCheck(page, 'ANNA0001');
    await onScreen(page, TITLES.serialNumber);
    expect(await field(page, 'Serial number').inputValue()).toBe('38-');
    await page.locator('img.amwa-colour-code__image').waitFor();
    await checkA11y(page, 'serial number');
    await steps.pin(page, 'ANNA0001');
    await page.locator('img.amwa-colour-code__image').waitFor();
    await checkA11y(page, 'choose a PIN');
    await steps.pinSet(page, 'ANNA0001');
    await checkA11y(page, 'PIN set');
    await button(page, 'Next').click();
    await onScreen(page, TITLES.doneYesNext);
    // Step 5 has two screens; the caption counts and never contradicts or repeats their headings.
    expect(await page.locator('.amwa-stepper__caption').textContent()).toBe('Step 5 of 6');
    await expect(page.getByRole('img', { name: 'Enter a PIN of at least 5 digits and choose Done.' }).count()).resolves.toBe(1);
    await expect(page.getByRole('img', { name: 'Choose Yes, then Next.' }).count()).resolves.toBe(1);
    await checkA11y(page, 'done-yes-next');
    await button(page, 'Next').click();
    await onScreen(page, TITLES.finish);
    expect(await page.locator('.amwa-stepper__caption').textContent()).toBe('Step 5 of 6');
    await page.locator('img.amwa-colour-code__image').waitFor();
    await checkA11y(page, 'finish setting up');
    await steps.done(page, 'ANNA0001');
    await expect(page.getByText(MESSAGES.coordinator).count()).resolves.toBe(0);
    // It ends on a picture of success, not on plain text; the heading says it in words.
    expect(await page.locator('.amwa-card__media svg.amwa-success[aria-hidden="true"]').count()).toBe(1);
    expect(await page.locator('.amwa-stepper li').evaluateAll((steps) => steps.map((step) => step.textContent))).toEqual([
      'Step 1 of 6: Enter your user ID and email, completed',
      'Step 2 of 6: Confirm your email, completed',
      'Step 3 of 6: Connect your scanner, completed',
      'Step 4 of 6: Choose a PIN, completed',
      'Step 5 of 6: Finish setting up your scanner, completed',
      'Step 6 of 6: Complete activation and log on, completed',
    ]);
    // The last step is completed, not still current; the caption only counts (the heading names
    // the screen) and 'completed' is for screen readers, in the list.
    expect(await page.locator('.amwa-stepper [aria-current]').count()).toBe(0);
    expect(await page.locator('.amwa-stepper__caption').textContent()).toBe('Step 6 of 6');
    await checkA11y(page, 'done');

    await page.getByRole('link', { name: 'Log on with your scanner' }).click();
    await waitForPortal(page, 'Log on with your scanner');
    await field(page, 'User ID').fill('ANNA0001');
    await button(page, 'Next').click();
    const code = await scanScreen(page, 'ANNA0001');
    await field(page, 'Response code').fill(code);
    await button(page, 'Log on').click();
    await page.waitForURL('**/__sandbox/logged-on**');
    page.expectNoConsoleErrors();
  });

  test.each(Object.entries(EXAMPLES))('BORIS002 ends with the coordinator note (level of assurance 1) on the %s example', async (_, base) => {
    const page = await toFinish('BORIS002', `${base}pages/activate-scanner`);
    await steps.done(page, 'BORIS002');
    await expect(page.getByText(MESSAGES.coordinator).count()).resolves.toBe(1);
    page.expectNoConsoleErrors();
  });

  test.each(['CARLA003', 'DAVID004'] as const)('%s triggers the provision call before the serial number step', async (userId) => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await steps.credentials(page);
    await steps.registrationCode(page, userId);
    const provision = page.waitForRequest((request) => request.url().endsWith(`${SCANNER}/provision`));
    await steps.meansCheck(page, userId);
    expect(JSON.parse((await provision).postData() ?? '{}')).toEqual({ userName: userId });
    await onScreen(page, TITLES.serialNumber);
    await steps.pin(page, userId);
    page.expectNoConsoleErrors();
  });

  test.each([
    ['EMMA0005', 'effective', 'You can only have one active scanner, so the activation cannot continue.'],
    ['FRANK006', 'missing', 'According to our records, you do not have a scanner. Please contact your coordinator or the bank.'],
  ] as const)('%s gets the %s status alert, with Help and back to login, and no leave warning', async (userId, status, text) => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await steps.credentials(page);
    await steps.registrationCode(page, userId);
    await steps.meansCheck(page, userId);
    await onScreen(page, TITLES[status]);
    await expect(page.getByText(text).count()).resolves.toBe(1);
    await expect(page.getByText('Lost your scanner or had it stolen? Report it to your coordinator immediately.').count()).resolves.toBe(1);
    await checkA11y(page, `${status} alert`);
    await expectKeyboardReachable(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => void dialogs.push(dialog.type()));
    // The activation ends here: back to login is its one way on, a primary link.
    const way = page.locator('.amwa-root').getByRole('link', { name: 'Back to login' });
    expect(await way.getAttribute('class')).toContain('amwa-button--primary');
    await way.click();
    await waitForPortal(page, 'Log on with');
    expect(dialogs).toEqual([]);
    page.expectNoConsoleErrors();
  });

  test('GRETA007 is told her account is blocked on the user ID, the e-mail marked invalid, keeping what she typed', async () => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await steps.credentials(page);
    await field(page, 'User ID').fill('GRETA007');
    await field(page, 'Email').fill(PERSONAS.GRETA007);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(page, 'User ID')).toBe(MESSAGES.blocked);
    expect(await fieldError(page, 'Email')).toBe('');
    // Spec section 8: errorCode 14 marks the e-mail field invalid too, with an empty message.
    expect(await field(page, 'User ID').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'User ID').inputValue()).toBe('GRETA007');
    expect(await field(page, 'Email').inputValue()).toBe(PERSONAS.GRETA007);
    await checkA11y(page, 'blocked');
    page.expectNoConsoleErrors({ allow: [/status of 400/] });
  });
});

describe('validation and server messages', () => {
  test('user ID and e-mail: field rules, then the 400 on both fields', async () => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await steps.credentials(page);
    await button(page, 'Next').click();
    expect(await fieldError(page, 'User ID')).toBe(MESSAGES.userId);
    expect(await fieldError(page, 'Email')).toBe(MESSAGES.email);
    // Each field announces its own message, the e-mail's included.
    expect([await fieldErrorLive(page, 'User ID'), await fieldErrorLive(page, 'Email')]).toEqual(['polite', 'polite']);
    await checkA11y(page, 'user ID and e-mail invalid');
    await field(page, 'User ID').fill('A'.repeat(17));
    await field(page, 'Email').fill('anna@example');
    await button(page, 'Next').click();
    expect(await fieldError(page, 'User ID')).toBe(MESSAGES.userId);
    expect(await fieldError(page, 'Email')).toBe(MESSAGES.email);
    await field(page, 'User ID').fill('ANNA0001');
    await field(page, 'Email').fill(PERSONAS.BORIS002);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(page, 'User ID')).toBe(MESSAGES.combination);
    expect(await fieldError(page, 'Email')).toBe(MESSAGES.combination);
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
    // One verdict on both fields is said once, from the user ID.
    expect([await fieldErrorLive(page, 'User ID'), await fieldErrorLive(page, 'Email')]).toEqual(['polite', 'off']);
    await checkA11y(page, 'OTP request 400');
    page.expectNoConsoleErrors({ allow: [/status of 400/] });
  });

  test('registration code: format, check digit and the server’s 400, after which Next works again', async () => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await steps.credentials(page);
    await steps.registrationCode(page, 'ANNA0001');
    await field(page, 'Registration code').fill('12345');
    await button(page, 'Next').click();
    expect(await fieldError(page, 'Registration code')).toBe(MESSAGES.codeFormat);
    await field(page, 'Registration code').fill('1234567891');
    await button(page, 'Next').click();
    expect(await fieldError(page, 'Registration code')).toBe(MESSAGES.codeInvalid);
    // Damm-valid but not the code that was sent.
    const right = await latestCode('ANNA0001');
    const wrong = right === '5724000000' ? '1129460000' : '5724000000';
    await field(page, 'Registration code').fill(wrong);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(page, 'Registration code')).toBe(MESSAGES.codeInvalid);
    expect(await field(page, 'Registration code').inputValue()).toBe(wrong);
    expect(await button(page, 'Next').getAttribute('aria-disabled')).toBeNull();
    await field(page, 'Registration code').fill(right);
    await button(page, 'Next').click();
    await onScreen(page, TITLES.serialNumber);
    page.expectNoConsoleErrors({ allow: [/status of 400/] });
  });

  test('serial number: check digit, a known test serial, and the 500 message', async () => {
    const page = await toSerialNumber('ANNA0001');
    await field(page, 'Serial number').fill('38-1234567-0');
    await button(page, 'Next').click();
    expect(await fieldError(page, 'Serial number')).toBe(MESSAGES.serial);
    await fault(e2e.url, { path: `${TOKEN}/enrolment/initiate`, status: 500 });
    const serial = await scanScreen(page, 'ANNA0001');
    await field(page, 'Serial number').fill(serial);
    expect(await field(page, 'Serial number').inputValue()).toBe('38-0000002-7');
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(page, 'Serial number')).toBe(MESSAGES.serialTechnical);
    expect(await field(page, 'Serial number').inputValue()).toBe('38-0000002-7');
    // 38-9999999-9 fails the check digit but is one of the example's scannerSerialMapping test serials.
    await field(page, 'Serial number').fill('3899999999');
    await button(page, 'Next').click();
    await onScreen(page, TITLES.pin);
    page.expectNoConsoleErrors({ allow: [/status of 500/] });
  });

  test('PIN and finish codes: their formats, a wrong code (400), and too many attempts (403) ending on the lockout screen', async () => {
    const page = await toSerialNumber('ANNA0001');
    await steps.pin(page, 'ANNA0001');
    await field(page, 'Confirmation code').fill('12345678901234');
    await button(page, 'Next').click();
    expect(await fieldError(page, 'Confirmation code')).toBe(MESSAGES.pin);
    expect(await field(page, 'Confirmation code').inputValue()).toBe('123 456 789 012 34');
    await steps.pinSet(page, 'ANNA0001');
    await steps.finish(page);
    await field(page, 'Confirmation code').fill('12345678');
    await button(page, 'Next').click();
    expect(await fieldError(page, 'Confirmation code')).toBe(MESSAGES.finishFormat);
    const right = await scanScreen(page, 'ANNA0001');
    const wrong = right === '1'.repeat(15) ? '2'.repeat(15) : '1'.repeat(15);
    await field(page, 'Confirmation code').fill(wrong);
    await button(page, 'Next').click();
    await expect.poll(() => fieldError(page, 'Confirmation code')).toBe(MESSAGES.confirmationInvalid);
    expect(await field(page, 'Confirmation code').getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page, 'finish 400');
    await fault(e2e.url, { path: `${TOKEN}/activation/validate`, status: 403, body: { errorCode: 'too-many-attempts' } });
    await button(page, 'Next').click();
    // One screen that ends: a plain heading, the spec's message (what happens next), no stepper,
    // colour code, field or Next behind it, the time and trace id, and back to login as the way on.
    await onScreen(page, 'Too many attempts');
    await page.getByText(MESSAGES.attempts).waitFor();
    const portal = page.locator('.amwa-root');
    expect(await portal.locator('.amwa-stepper, .amwa-colour-code, input').count()).toBe(0);
    expect(await button(page, 'Next').count()).toBe(0);
    const card = portal.locator('.amwa-card');
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/Timestamp [A-Z][a-z]+ \d{2}, \d{2}:\d{2}:\d{2} CES?T/);
    const traceId = /Trace ID (\S+)/.exec(text)?.[1];
    expect(traceId).toMatch(/^\d{2}-[a-z\d]{32}-[a-z\d]{16}-\d{2}$/i);
    await checkA11y(page, 'finish 403: locked out');
    // Nothing re-sends the locked call: not Enter in a field (there is none), not a walk over every control.
    const sent = e2e.requests('activationValidate').length;
    await expectKeyboardReachable(page);
    await page.keyboard.press('Enter');
    expect(e2e.requests('activationValidate')).toHaveLength(sent);
    // Copy by keyboard; the way on is a primary link, followed by keyboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    await tabTo(page, 'Copy');
    await page.keyboard.press('Enter');
    await card.getByText('Copied').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(traceId);
    expect(await portal.getByRole('link', { name: 'Back to login' }).getAttribute('class')).toContain('amwa-button--primary');
    await tabTo(page, 'Back to login');
    await page.keyboard.press('Enter');
    await waitForPortal(page, 'Log on with');
    expect(e2e.requests('activationValidate')).toHaveLength(sent);
    page.expectNoConsoleErrors({ allow: [/status of 40[03]/] });
  });

  test('an expired colour code disables the field and Next until Refresh loads a new one', async () => {
    await setConfig(e2e.url, { colourCodeExpirySeconds: 11 });
    const page = await toSerialNumber('ANNA0001');
    await page.getByText('This colour code has expired. Select Refresh for a new one.').waitFor();
    expect(await field(page, 'Serial number').isDisabled()).toBe(true);
    expect(await button(page, 'Next').isDisabled()).toBe(true);
    await checkA11y(page, 'expired colour code');
    await setConfig(e2e.url, { colourCodeExpirySeconds: 120 });
    const reload = page.waitForResponse((response) => response.url().endsWith(`${TOKEN}/management/enrolment/identification`));
    await button(page, 'Refresh').click();
    expect((await reload).status()).toBe(200);
    await field(page, 'Serial number').fill(await scanScreen(page, 'ANNA0001'));
    await button(page, 'Next').click();
    await onScreen(page, TITLES.pin);
    page.expectNoConsoleErrors();
  });

  test('a technical error on the means check is said once, on its own screen with time and trace id, and can be tried again', async () => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await steps.credentials(page);
    await steps.registrationCode(page, 'ANNA0001');
    await fault(e2e.url, { path: `${SCANNER}/status`, status: 503 });
    await steps.meansCheck(page, 'ANNA0001');
    await onScreen(page, 'We could not check your scanner details');
    // Said once: no technical alert above the card; the card says what to do, with the reference.
    await page.getByText(/A technical error occurred\. Please try again\./).waitFor();
    expect(await page.getByText(/A technical error occurred/).count()).toBe(1);
    expect(await page.locator('.amwa-root [role="alert"]').count()).toBe(0);
    const text = (await page.locator('.amwa-root .amwa-card').innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/Timestamp [A-Z][a-z]+ \d{2}, \d{2}:\d{2}:\d{2} CES?T Trace ID \S+/);
    await checkA11y(page, 'means check failed');
    await button(page, 'Try again').click();
    await onScreen(page, TITLES.serialNumber);
    await expect(page.getByText(/A technical error occurred\. Please try again\./).count()).resolves.toBe(0);
    page.expectNoConsoleErrors({ allow: [/503/] });
  });
});

describe('time limits and leaving', () => {
  test('the inactivity dialog asks 30 s before the limit and Continue extends the session', async () => {
    await setConfig(e2e.url, { inactivityTimeoutActivationS: 32 });
    const page = await toMeansCheckDone('ANNA0001');
    const dialog = page.getByRole('alertdialog', { name: 'Would you like to continue?' });
    await dialog.waitFor();
    await expect.poll(() => focusedName(page)).toBe('Would you like to continue?');
    await checkA11y(page, 'inactivity dialog');
    await tabTo(page, 'Continue');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await dialog.waitFor();
    expect(await page.url()).not.toContain('sessionExpired');
    page.expectNoConsoleErrors();
  });

  test('at the limit the user is logged out and sees the session-expired page, without a leave prompt', async () => {
    await setConfig(e2e.url, { inactivityTimeoutActivationS: 5 });
    const page = await toMeansCheckDone('ANNA0001');
    await page.waitForURL('**/pages/activate-scanner/sessionExpired');
    // Read from the sandbox's log, not the page's request events: with a 3 s limit the call can go
    // out before a listener installed after the walk (the widget navigates only once it answered).
    expect(e2e.requests('logout').map(({ path }) => path)).toEqual(['/access/v1/private/logout']);
    await page.getByText('Your session has expired, you need to log on again.').waitFor();
    await waitForPortal(page, TITLES.overview);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => void dialogs.push(dialog.type()));
    await page.close({ runBeforeUnload: true });
    expect(dialogs).toEqual([]);
  });

  test('the leave warning is on during activation and off once it is done', async () => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await steps.credentials(page);
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    await steps.registrationCode(page, 'ANNA0001');
    await steps.meansCheck(page, 'ANNA0001');
    await onScreen(page, TITLES.serialNumber);
    await steps.pin(page, 'ANNA0001');
    await steps.pinSet(page, 'ANNA0001');
    await steps.finish(page);
    await steps.done(page, 'ANNA0001');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => void dialogs.push(dialog.type()));
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(dialogs).toEqual([]);
  });

  test('a leave prompt left open past the limit counts as inactivity', async () => {
    await setConfig(e2e.url, { inactivityTimeoutActivationS: 8 });
    const page = await toMeansCheckDone('ANNA0001');
    await heading(page, TITLES.serialNumber).waitFor();
    const prompt = new Promise<{ dismiss(): Promise<void> }>((resolve) => page.once('dialog', resolve));
    await page.close({ runBeforeUnload: true });
    const dialog = await prompt;
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    await dialog.dismiss();
    await page.waitForURL('**/pages/activate-scanner/sessionExpired');
    await page.getByText('Your session has expired, you need to log on again.').waitFor();
  });
});

describe('help and keyboard', () => {
  test('the help dialog lists every activation topic and opens each', async () => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await button(page, 'Help').click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await dialog.waitFor();
    const topics = [
      'Where can I find my user ID?',
      'My registered email address is wrong',
      'I did not receive a registration code',
      'My registration code did not work',
      'I could not complete the activation',
      'My scanner does not work',
      'Which scanner is mine?',
    ];
    expect(await dialog.locator('.amwa-help__topic').allTextContents()).toEqual(topics);
    await checkA11y(page, 'help list');
    await dialog.getByRole('button', { name: 'Which scanner is mine?' }).click();
    await page.getByRole('dialog', { name: 'Which scanner is mine?' }).getByText(/serial number is on the back/).waitFor();
    await checkA11y(page, 'help topic');
    await page.getByRole('button', { name: 'Back to the list of questions' }).click();
    await dialog.getByRole('button', { name: topics[0] }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    page.expectNoConsoleErrors();
  });

  test('the whole activation works with the keyboard alone', async () => {
    const page = await e2e.open(START);
    await waitForPortal(page, TITLES.overview);
    await expectKeyboardReachable(page);
    const press = async (name: string) => {
      await tabTo(page, name);
      await page.keyboard.press('Enter');
    };
    const type = async (label: string, text: string) => {
      await tabTo(page, label);
      await page.keyboard.type(text);
    };
    await press('Start activation');
    await onScreen(page, TITLES.credentials);
    await expectKeyboardReachable(page);
    await heading(page, TITLES.credentials).focus();
    await type('User ID', 'ANNA0001');
    await type('Email', PERSONAS.ANNA0001);
    await page.keyboard.press('Enter');
    await onScreen(page, TITLES.registrationCode);
    await type('Registration code', await latestCode('ANNA0001'));
    await page.keyboard.press('Enter');
    await onScreen(page, TITLES.serialNumber);
    const serial = await scanScreen(page, 'ANNA0001');
    await expectKeyboardReachable(page);
    await heading(page, TITLES.serialNumber).focus();
    await tabTo(page, 'Serial number');
    await page.keyboard.press('End');
    await page.keyboard.type(serial.slice(2));
    expect(await field(page, 'Serial number').inputValue()).toBe('38-0000002-7');
    await page.keyboard.press('Enter');
    await onScreen(page, TITLES.pin);
    await type('Confirmation code', await scanScreen(page, 'ANNA0001'));
    await page.keyboard.press('Enter');
    await onScreen(page, TITLES.pinSet);
    await press('Next');
    await onScreen(page, TITLES.doneYesNext);
    await expectKeyboardReachable(page);
    await heading(page, TITLES.doneYesNext).focus();
    await press('Next');
    await onScreen(page, TITLES.finish);
    await type('Confirmation code', await scanScreen(page, 'ANNA0001'));
    await page.keyboard.press('Enter');
    await onScreen(page, TITLES.done);
    await expectKeyboardReachable(page);
    page.expectNoConsoleErrors();
  });
});
