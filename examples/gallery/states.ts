// Every screen state of every flow the gallery shows, and how each is reached: the route the
// widget starts on, settings of its own, and a walk that drives the real widget against the
// sandbox until the state shows. Walks run in English (controls are found by their English
// names, as the e2e tests find them); the gallery switches the language once the state shows.
//
// A walk runs beside others (up to a few at once). What changes the sandbox for everyone, a
// fault or a knob, goes in `alone`: it runs after `walk`, while no other walk runs, and the
// knobs go back to the gallery's baseline when it ends.
import type { AmwaSettings } from 'amwa';
import type { Walker } from './walker';

/** The groups of the gallery, in page order. */
export const GROUPS = {
  pages: 'Start and ending pages',
  mobile: 'Mobile logon and link mode',
  scanner: 'Scanner logon',
  activation: 'Scanner activation',
} as const;

/** One screen state. */
export interface GalleryState {
  /** Lowercase words joined by hyphens: the screenshot's file name and the frame's host name. */
  id: string;
  group: keyof typeof GROUPS;
  /** What the state shows, in English. */
  name: string;
  /** The widget's first route (memory routing). */
  route: string;
  /** Settings of this state beyond the gallery's own. */
  settings?: AmwaSettings;
  /** Drives the widget until the state shows; without it, the first screen is the state. */
  walk?: (t: Walker) => Promise<unknown>;
  /** The part of the walk that sets faults or knobs, run after `walk` while no other walk runs. */
  alone?: (t: Walker) => Promise<unknown>;
  /** False once the state has gone by itself (a delayed answer came): the tile walks again. */
  holds?: (root: ShadowRoot) => boolean;
  /**
   * The state ends by itself this long after it shows, in a logout every other tile would hear
   * (an inactivity limit): the tile walks it again before.
   */
  renewAfterMs?: number;
  /** Walks alone from the start: it acts on the newest QR code, or its end logs every tile out. */
  exclusive?: boolean;
}

// ---------------------------------------------------------------------------------------------
// The sandbox's side (design section 5)

const API = '/access/v1/api/public';
const TOKEN = '/security-means/cronto-hardware-token/actions';
const PERSONAS: Readonly<Record<string, string>> = {
  ANNA0001: 'anna.devries@example.com',
  BORIS002: 'boris.novak@example.com',
  DAVID004: 'david.smit@example.com',
  EMMA0005: 'emma.klein@example.com',
  FRANK006: 'frank.peeters@example.com',
  GRETA007: 'greta.berg@example.com',
};
const TRACE_ID = '01-0123456789abcdef0123456789abcdef-0123456789abcdef-01';
/**
 * The longest the sandbox may hold a call back: a state of waiting for an answer (a spinner)
 * shows this long, then walks again. The widget's time-out of that call is longer.
 */
const LONGEST_DELAY_MS = 120_000;
const HELD_TIMEOUT_MS = LONGEST_DELAY_MS + 10_000;
/** An answer held back as long as the sandbox can, then an error: the state waits for it until then. */
const held = (path: string) => ({ path, delayMs: LONGEST_DELAY_MS, status: 500, body: { errorCode: 'gallery-held' } });
/** Makes every colour code count as expired as soon as it shows (the baseline code lives an hour). */
const EXPIRED_AT_ONCE = { colourCodeExpiryMarginS: 3600 };

// ---------------------------------------------------------------------------------------------
// Walks, named after the English texts they look for

const TITLES = {
  home: 'Log on with',
  scanner: 'Log on with your scanner',
  overview: 'Activate your scanner',
  credentials: 'Enter your user ID and email',
  registrationCode: 'Confirm your email',
  meansCheck: 'One moment, please',
  serialNumber: 'Connect your scanner',
  pin: 'Choose a PIN',
  pinSet: 'Your PIN code is set!',
  doneYesNext: 'Confirm on your scanner',
  finish: 'Finish setting up your scanner',
  done: "And you're done",
};
const RESPONSE_CODE = /^Response code/;
const COLOUR_CODE_EXPIRED = 'This colour code has expired. Select Refresh for a new one.';

const help = async (t: Walker) => {
  await t.click('Help');
  await t.dialog('Help');
};
const helpTopic = (topic: string) => async (t: Walker) => {
  await help(t);
  await t.click(topic);
  await t.dialog(topic);
};

const qrShown = (name: RegExp) => (t: Walker) => t.until('the QR code', () => t.root.querySelector(`.amwa-qr[data-state="loaded"] img`)?.getAttribute('alt')?.match(name));
const LOGON_QR = /^QR code to log on/;
const LINK_QR = /^QR code to link/;

/** User ID, Next, and the colour code of the code step. */
async function toCode(t: Walker, userId = 'EMMA0005') {
  await t.heading(TITLES.scanner);
  await t.fill('User ID', userId);
  await t.click('Next');
  await t.colourCode();
}

/** Types what `userId`'s scanner shows for the colour code on screen and presses `button`. */
async function answer(t: Walker, userId: string, label: RegExp | string, button: string) {
  await t.fill(label, await t.scan(userId));
  await t.click(button);
}

async function toCredentials(t: Walker) {
  await t.heading(TITLES.overview);
  await t.click('Start activation');
  await t.heading(TITLES.credentials);
}

async function submitCredentials(t: Walker, userId: string, email = PERSONAS[userId]!) {
  await t.fill('User ID', userId);
  await t.fill('Email', email);
  await t.click('Next');
}

/** From the overview to the registration code step, the code e-mailed to `userId` typed in and sent. */
async function confirmEmail(t: Walker, userId: string, beforeSending?: () => Promise<unknown>) {
  await toCredentials(t);
  await t.persona(userId, async () => {
    await submitCredentials(t, userId);
    await t.heading(TITLES.registrationCode);
    await t.fill('Registration code', await t.registrationCode(userId));
    await beforeSending?.();
    await t.click('Next');
    // The code is used up once its step has gone: another walk may ask for a new one.
    await t.noHeading(TITLES.registrationCode);
  });
}

async function toSerialNumber(t: Walker, userId = 'ANNA0001') {
  await confirmEmail(t, userId);
  await t.heading(TITLES.serialNumber);
  await t.colourCode();
}

async function toPin(t: Walker, userId = 'ANNA0001') {
  await toSerialNumber(t, userId);
  await answer(t, userId, 'Serial number', 'Next');
  await t.heading(TITLES.pin);
  await t.colourCode();
}

async function toPinSet(t: Walker, userId = 'ANNA0001') {
  await toPin(t, userId);
  await answer(t, userId, 'Confirmation code', 'Next');
  await t.heading(TITLES.pinSet);
}

async function toFinish(t: Walker, userId = 'ANNA0001') {
  await toPinSet(t, userId);
  await t.click('Next');
  await t.heading(TITLES.doneYesNext);
  await t.click('Next');
  await t.heading(TITLES.finish);
  await t.colourCode();
}

async function toDone(t: Walker, userId: string) {
  await toFinish(t, userId);
  await answer(t, userId, 'Confirmation code', 'Next');
  await t.heading(TITLES.done);
}

const MESSAGES = {
  scannerUserId: 'Please enter a valid user ID of at least 8 characters',
  logonCode: 'The format of the code is incorrect. Please try again.',
  combination: 'The combination of user id and code is not correct.',
  attempts: 'You have exceeded the number of attempts to enter a code.',
  technical: 'A technical error occurred. Please try again.',
  activationUserId: 'Please enter a valid user ID',
  otpCombination: 'This combination of user ID and email address is not valid.',
  blocked: 'Your account is blocked.',
  registrationCodeFormat: 'The format is not correct. Please enter a 10 digit code.',
  registrationCodeInvalid: 'The registration code is not valid.',
  serial: 'Scan the color code again or find the serial number on the back of your device.',
  serialTechnical: 'A technical error occurred, please try again.',
  pin: 'Please enter a valid confirmation code',
  finishFormat: 'The format is not valid. Please enter a 15 digit code.',
  confirmationInvalid: 'The confirmation code is not valid.',
  finishAttempts: 'You have exceeded the number of attempts to enter a confirmation code.',
  coordinator: 'Are you authorised to approve items?',
};

/** A Damm-valid registration code other than `right`, so only the server can say it is wrong. */
const wrongRegistrationCode = (right: string) => (right === '5724000000' ? '1129460000' : '5724000000');

// ---------------------------------------------------------------------------------------------
// The states

/** Every state the gallery shows, in page order within each group. */
export const STATES: readonly GalleryState[] = [
  // Start and ending pages
  { id: 'home', group: 'pages', name: 'Home: choose how to log on', route: '/', walk: (t) => t.heading(TITLES.home) },
  { id: 'link-user', group: 'pages', name: 'Link user: choose the app', route: '/pages/link-ib-user', walk: (t) => t.heading('Link your InsideBusiness account') },
  { id: 'access-protection', group: 'pages', name: 'Access protection without parameters: not allowed', route: '/pages/access-protection', walk: (t) => t.text('You are not allowed to access') },
  {
    id: 'access-protection-closed',
    group: 'pages',
    name: 'Access protection: the alert closed',
    route: '/pages/access-protection',
    walk: async (t) => {
      await t.click('Close');
      // The alert gives way to a card with the same heading and text, and the way on.
      await t.text('Go to the start page');
    },
  },
  {
    id: 'access-protection-parameters',
    group: 'pages',
    name: 'Access protection with parameters: on to the start page',
    route: '/pages/access-protection?demobank-campaign=gallery',
    walk: (t) => t.heading(TITLES.home),
  },
  { id: 'logged-off', group: 'pages', name: 'Logged off', route: '/pages/logout', walk: (t) => t.heading('You are now logged off') },
  {
    id: 'error-page',
    group: 'pages',
    name: 'Error page with a trace id',
    route: `/pages/error?trace-id=${TRACE_ID}`,
    walk: async (t) => {
      await t.heading('Something went wrong');
      await t.text(TRACE_ID);
    },
  },
  { id: 'not-found', group: 'pages', name: 'Not found', route: '/pages/not-found', walk: (t) => t.heading('404 - Page Not Found') },
  { id: 'not-found-moved', group: 'pages', name: 'Not found: the mobile logon page has moved', route: '/pages/not-found#mobile', walk: (t) => t.heading('The logon page has moved') },

  // Mobile logon and link mode
  { id: 'mobile-qr', group: 'mobile', name: 'Mobile logon: QR code', route: '/pages/logon/mobile', walk: qrShown(LOGON_QR) },
  {
    id: 'mobile-qr-loading',
    group: 'mobile',
    name: 'Mobile logon: loading the QR code',
    route: '/pages/logon/mobile',
    settings: { qrTimeout: 1000, bmgApiTimeout: HELD_TIMEOUT_MS },
    walk: (t) => t.text('The QR code has expired.'),
    alone: async (t) => {
      await t.fault(held(`${API}/qr`));
      await t.click('Refresh');
      await t.element('.amwa-qr[data-state="loading"]');
    },
    holds: (root) => root.querySelector('.amwa-qr[data-state="loading"]') !== null,
  },
  {
    id: 'mobile-qr-confirmed',
    group: 'mobile',
    name: 'Mobile logon: approved in the app, logging on',
    route: '/pages/logon/mobile',
    settings: { bmgApiTimeout: HELD_TIMEOUT_MS },
    // The app approves the newest QR code waiting: this frame's, while no other walk runs.
    exclusive: true,
    walk: async (t) => {
      await qrShown(LOGON_QR)(t);
      await t.fault(held(`${API}/mobile/logon`));
      await t.confirmMobile('logon');
      await t.element('.amwa-qr[data-state="confirmed"]');
    },
    holds: (root) => root.querySelector('.amwa-qr[data-state="confirmed"]') !== null,
  },
  {
    id: 'mobile-qr-expired',
    group: 'mobile',
    name: 'Mobile logon: QR code expired',
    route: '/pages/logon/mobile',
    settings: { qrTimeout: 1000 },
    walk: (t) => t.text('The QR code has expired. Refresh it to get a new one.'),
  },
  {
    id: 'mobile-qr-failed',
    group: 'mobile',
    name: 'Mobile logon: QR code failed (500)',
    route: '/pages/logon/mobile',
    settings: { qrTimeout: 1000 },
    walk: (t) => t.text('The QR code has expired.'),
    alone: async (t) => {
      await t.fault({ path: `${API}/qr`, status: 500, body: { errorCode: 'gallery-fault' } });
      await t.click('Refresh');
      await t.text('This QR code can no longer be used. Refresh it to try again.');
    },
  },
  {
    id: 'mobile-help',
    group: 'mobile',
    name: 'Mobile logon: help',
    route: '/pages/logon/mobile',
    walk: async (t) => {
      await qrShown(LOGON_QR)(t);
      await help(t);
    },
  },
  {
    id: 'mobile-help-iphone',
    group: 'mobile',
    name: 'Mobile logon: help, install on iPhone',
    route: '/pages/logon/mobile',
    walk: async (t) => {
      await qrShown(LOGON_QR)(t);
      await t.click('iPhone');
      await t.dialog('How do I install the app on my iPhone?');
    },
  },
  {
    id: 'mobile-help-android',
    group: 'mobile',
    name: 'Mobile logon: help, install on Android (APK)',
    route: '/pages/logon/mobile',
    walk: async (t) => {
      await qrShown(LOGON_QR)(t);
      await t.click('Android without Google Play (APK)');
      await t.dialog('How do I install the app on my Android phone?');
    },
  },
  {
    id: 'mobile-help-forgot-pin',
    group: 'mobile',
    name: 'Mobile logon: help, forgot PIN',
    route: '/pages/logon/mobile',
    walk: async (t) => {
      await qrShown(LOGON_QR)(t);
      await helpTopic('I forgot my PIN')(t);
    },
  },
  { id: 'link-qr', group: 'mobile', name: 'Link mode: QR code', route: '/pages/link-ib-user/mobile', walk: qrShown(LINK_QR) },
  {
    id: 'link-help',
    group: 'mobile',
    name: 'Link mode: help',
    route: '/pages/link-ib-user/mobile',
    walk: async (t) => {
      await qrShown(LINK_QR)(t);
      await help(t);
    },
  },

  // Scanner logon
  { id: 'scanner-user-id', group: 'scanner', name: 'Scanner logon: user ID', route: '/pages/logon/scanner', walk: (t) => t.heading(TITLES.scanner) },
  {
    id: 'scanner-user-id-invalid',
    group: 'scanner',
    name: 'Scanner logon: user ID too short',
    route: '/pages/logon/scanner',
    walk: async (t) => {
      await t.fill('User ID', 'EMMA05');
      await t.click('Next');
      await t.text(MESSAGES.scannerUserId);
    },
  },
  { id: 'scanner-help', group: 'scanner', name: 'Scanner logon: help', route: '/pages/logon/scanner', walk: help },
  { id: 'scanner-help-lost', group: 'scanner', name: 'Scanner logon: help, scanner lost or stolen', route: '/pages/logon/scanner', walk: helpTopic('My scanner is lost or stolen') },
  { id: 'scanner-code', group: 'scanner', name: 'Scanner logon: colour code', route: '/pages/logon/scanner', walk: (t) => toCode(t) },
  {
    id: 'scanner-code-loading',
    group: 'scanner',
    name: 'Scanner logon: loading the colour code',
    route: '/pages/logon/scanner',
    settings: { apiGatewayTimeout: HELD_TIMEOUT_MS },
    walk: async (t) => {
      await t.heading(TITLES.scanner);
      await t.fill('User ID', 'EMMA0005');
    },
    alone: async (t) => {
      await t.fault(held(`${TOKEN}/authentication/standalone/initiate`));
      await t.click('Next');
      await t.element('.amwa-colour-code[data-state="loading"]');
    },
    holds: (root) => root.querySelector('.amwa-colour-code[data-state="loading"]') !== null,
  },
  {
    id: 'scanner-code-invalid',
    group: 'scanner',
    name: 'Scanner logon: response code format',
    route: '/pages/logon/scanner',
    walk: async (t) => {
      await toCode(t);
      await t.fill(RESPONSE_CODE, '123456');
      await t.click('Log on');
      await t.text(MESSAGES.logonCode);
    },
  },
  {
    id: 'scanner-help-trouble',
    group: 'scanner',
    name: 'Scanner logon: help, trouble scanning',
    route: '/pages/logon/scanner',
    walk: async (t) => {
      await toCode(t);
      await t.click('Trouble scanning the colour code?');
      await t.dialog('I have trouble scanning the colour code');
    },
  },
  {
    id: 'scanner-code-expired',
    group: 'scanner',
    name: 'Scanner logon: colour code expired',
    route: '/pages/logon/scanner',
    settings: EXPIRED_AT_ONCE,
    walk: async (t) => {
      await t.heading(TITLES.scanner);
      await t.fill('User ID', 'EMMA0005');
      await t.click('Next');
      await t.text(COLOUR_CODE_EXPIRED);
    },
  },
  {
    id: 'scanner-technical-error',
    group: 'scanner',
    name: 'Scanner logon: technical error (500)',
    route: '/pages/logon/scanner',
    walk: (t) => toCode(t),
    alone: async (t) => {
      await t.fault({ path: `${API}/scanner/logon`, status: 500, body: { errorCode: 'gallery-fault' } });
      await answer(t, 'EMMA0005', RESPONSE_CODE, 'Log on');
      await t.text(MESSAGES.technical);
    },
  },
  {
    id: 'scanner-code-400',
    group: 'scanner',
    name: 'Scanner logon: wrong code (400)',
    route: '/pages/logon/scanner',
    walk: (t) => toCode(t),
    alone: async (t) => {
      await t.fault({ path: `${TOKEN}/authentication/standalone/authenticate`, status: 400, body: { errorCode: 'invalid-response' } });
      await answer(t, 'EMMA0005', RESPONSE_CODE, 'Log on');
      await t.text(MESSAGES.combination);
    },
  },
  {
    id: 'scanner-code-403',
    group: 'scanner',
    name: 'Scanner logon: too many attempts (403), the lockout screen',
    route: '/pages/logon/scanner',
    walk: (t) => toCode(t),
    alone: async (t) => {
      await t.fault({ path: `${TOKEN}/authentication/standalone/authenticate`, status: 403, body: { errorCode: 'scanner-deactivated' } });
      await answer(t, 'EMMA0005', RESPONSE_CODE, 'Log on');
      // One screen that ends: heading, the spec's message, time and trace id, back to login.
      await t.heading('Your scanner has been deactivated');
      await t.text(MESSAGES.attempts);
    },
  },
  {
    id: 'scanner-inactivity',
    group: 'scanner',
    name: 'Scanner logon: inactivity warning',
    route: '/pages/logon/scanner',
    // The warning comes 30 s before the limit: here 1 s after the code step shows, for 30 s.
    settings: { inactivityTimeoutLogonS: 31 },
    renewAfterMs: 25_000,
    walk: async (t) => {
      await toCode(t);
      await t.dialog('Would you like to continue?');
    },
  },
  {
    id: 'scanner-session-expired',
    group: 'scanner',
    name: 'Scanner logon: session expired',
    route: '/pages/logon/scanner/sessionExpired',
    walk: (t) => t.text('Your session has expired, you need to log on again.'),
  },
  {
    id: 'select-profile',
    group: 'scanner',
    name: 'Scanner logon: select profile',
    route: '/pages/logon/scanner',
    walk: async (t) => {
      await toCode(t, 'HUGO0008');
      await answer(t, 'HUGO0008', RESPONSE_CODE, 'Log on');
      await t.heading('Select a profile');
    },
  },
  {
    id: 'step-up',
    group: 'scanner',
    name: 'Scanner logon: step-up colour code',
    route: '/pages/logon/scanner',
    walk: (t) => toCode(t, 'HUGO0008'),
    alone: async (t) => {
      await t.knobs({ stepUp: true });
      await answer(t, 'HUGO0008', RESPONSE_CODE, 'Log on');
      await t.heading('Confirm your logon');
      await t.colourCode();
    },
  },
  {
    id: 'step-up-unavailable',
    group: 'scanner',
    name: 'Scanner logon: step-up, other means not available',
    route: '/pages/logon/scanner',
    walk: (t) => toCode(t, 'HUGO0008'),
    alone: async (t) => {
      await t.knobs({ stepUp: true });
      await answer(t, 'HUGO0008', RESPONSE_CODE, 'Log on');
      await t.heading('Confirm your logon');
      await t.click('Use another access means');
      await t.text('This access means cannot be used here.');
    },
  },

  // Scanner activation
  { id: 'activation-overview', group: 'activation', name: 'Activation: overview', route: '/pages/activate-scanner', walk: (t) => t.heading(TITLES.overview) },
  { id: 'activation-help', group: 'activation', name: 'Activation: help', route: '/pages/activate-scanner', walk: help },
  { id: 'activation-help-which-scanner', group: 'activation', name: 'Activation: help, which scanner is mine', route: '/pages/activate-scanner', walk: helpTopic('Which scanner is mine?') },
  { id: 'activation-credentials', group: 'activation', name: 'Activation 1: user ID and email', route: '/pages/activate-scanner', walk: toCredentials },
  {
    id: 'activation-credentials-invalid',
    group: 'activation',
    name: 'Activation 1: fields empty',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toCredentials(t);
      await t.click('Next');
      await t.text(MESSAGES.activationUserId);
      await t.text('Please enter a valid email address');
    },
  },
  {
    id: 'activation-credentials-400',
    group: 'activation',
    name: 'Activation 1: user ID and email do not match (400)',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toCredentials(t);
      await submitCredentials(t, 'ANNA0001', PERSONAS.BORIS002);
      await t.text(MESSAGES.otpCombination);
    },
  },
  {
    id: 'activation-credentials-blocked',
    group: 'activation',
    name: 'Activation 1: account blocked (400, error code 14)',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toCredentials(t);
      await submitCredentials(t, 'GRETA007');
      await t.text(MESSAGES.blocked);
    },
  },
  {
    id: 'activation-registration-code',
    group: 'activation',
    name: 'Activation 2: registration code',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toCredentials(t);
      await t.persona('ANNA0001', async () => {
        await submitCredentials(t, 'ANNA0001');
        await t.heading(TITLES.registrationCode);
      });
    },
  },
  {
    id: 'activation-registration-code-format',
    group: 'activation',
    name: 'Activation 2: registration code format',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toCredentials(t);
      await t.persona('ANNA0001', async () => {
        await submitCredentials(t, 'ANNA0001');
        await t.heading(TITLES.registrationCode);
      });
      await t.fill('Registration code', '12345');
      await t.click('Next');
      await t.text(MESSAGES.registrationCodeFormat);
    },
  },
  {
    id: 'activation-registration-code-400',
    group: 'activation',
    name: 'Activation 2: registration code not valid (400)',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toCredentials(t);
      await t.persona('ANNA0001', async () => {
        await submitCredentials(t, 'ANNA0001');
        await t.heading(TITLES.registrationCode);
        await t.fill('Registration code', wrongRegistrationCode(await t.registrationCode('ANNA0001')));
        await t.click('Next');
        await t.text(MESSAGES.registrationCodeInvalid);
      });
    },
  },
  {
    id: 'activation-means-check',
    group: 'activation',
    name: 'Activation: checking the scanner details',
    route: '/pages/activate-scanner',
    settings: { bmgApiTimeout: HELD_TIMEOUT_MS },
    alone: async (t) => {
      await confirmEmail(t, 'ANNA0001', () => t.fault({ path: `${API}/scanner/status`, delayMs: LONGEST_DELAY_MS }));
      await t.heading(TITLES.meansCheck);
    },
    holds: (root) => root.querySelector('.amwa-card .amwa-spinner') !== null,
  },
  {
    id: 'activation-means-check-failed',
    group: 'activation',
    name: 'Activation: scanner check failed (503)',
    route: '/pages/activate-scanner',
    alone: async (t) => {
      await confirmEmail(t, 'ANNA0001', () => t.fault({ path: `${API}/scanner/status`, status: 503, body: { errorCode: 'gallery-fault' } }));
      // Said once: the screen's heading and the technical text with its reference, no alert above.
      await t.heading('We could not check your scanner details');
      await t.text(MESSAGES.technical);
    },
  },
  { id: 'activation-serial-number', group: 'activation', name: 'Activation 3: serial number', route: '/pages/activate-scanner', walk: (t) => toSerialNumber(t) },
  {
    id: 'activation-serial-number-invalid',
    group: 'activation',
    name: 'Activation 3: serial number not valid',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toSerialNumber(t);
      await t.fill('Serial number', '3812345670');
      await t.click('Next');
      await t.text(MESSAGES.serial);
    },
  },
  {
    id: 'activation-serial-number-500',
    group: 'activation',
    name: 'Activation 3: serial number, technical error (500)',
    route: '/pages/activate-scanner',
    walk: (t) => toSerialNumber(t),
    alone: async (t) => {
      await t.fault({ path: `${TOKEN}/enrolment/initiate`, status: 500, body: { errorCode: 'gallery-fault' } });
      await answer(t, 'ANNA0001', 'Serial number', 'Next');
      await t.text(MESSAGES.serialTechnical);
    },
  },
  {
    id: 'activation-serial-number-expired',
    group: 'activation',
    name: 'Activation 3: colour code expired',
    route: '/pages/activate-scanner',
    settings: EXPIRED_AT_ONCE,
    walk: async (t) => {
      await confirmEmail(t, 'ANNA0001');
      await t.heading(TITLES.serialNumber);
      await t.text(COLOUR_CODE_EXPIRED);
    },
  },
  { id: 'activation-pin', group: 'activation', name: 'Activation 4: choose a PIN', route: '/pages/activate-scanner', walk: (t) => toPin(t) },
  {
    id: 'activation-pin-invalid',
    group: 'activation',
    name: 'Activation 4: confirmation code not valid',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toPin(t);
      await t.fill('Confirmation code', '12345678901234');
      await t.click('Next');
      await t.text(MESSAGES.pin);
    },
  },
  { id: 'activation-pin-set', group: 'activation', name: 'Activation 4: PIN set', route: '/pages/activate-scanner', walk: (t) => toPinSet(t) },
  {
    id: 'activation-done-yes-next',
    group: 'activation',
    name: 'Activation: confirm on the scanner (Done, Yes, Next)',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toPinSet(t);
      await t.click('Next');
      await t.heading(TITLES.doneYesNext);
    },
  },
  { id: 'activation-finish', group: 'activation', name: 'Activation 5: finish setting up', route: '/pages/activate-scanner', walk: (t) => toFinish(t) },
  {
    id: 'activation-finish-format',
    group: 'activation',
    name: 'Activation 5: confirmation code format',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await toFinish(t);
      await t.fill('Confirmation code', '12345678');
      await t.click('Next');
      await t.text(MESSAGES.finishFormat);
    },
  },
  {
    id: 'activation-finish-400',
    group: 'activation',
    name: 'Activation 5: confirmation code not valid (400)',
    route: '/pages/activate-scanner',
    walk: (t) => toFinish(t),
    alone: async (t) => {
      await t.fault({ path: `${TOKEN}/activation/validate`, status: 400, body: { errorCode: 'invalid-token-response' } });
      await answer(t, 'ANNA0001', 'Confirmation code', 'Next');
      await t.text(MESSAGES.confirmationInvalid);
    },
  },
  {
    id: 'activation-finish-403',
    group: 'activation',
    name: 'Activation 5: too many attempts (403), the lockout screen',
    route: '/pages/activate-scanner',
    walk: (t) => toFinish(t),
    alone: async (t) => {
      await t.fault({ path: `${TOKEN}/activation/validate`, status: 403, body: { errorCode: 'too-many-attempts' } });
      await answer(t, 'ANNA0001', 'Confirmation code', 'Next');
      // One screen that ends: no stepper, colour code, field or Next; time, trace id, back to login.
      await t.heading('Too many attempts');
      await t.text(MESSAGES.finishAttempts);
    },
  },
  // Finishing makes the persona's scanner EFFECTIVE: these two personas do nothing else here. It
  // also logs out of the single-sign-on session, which every other tile hears (as every tab of a
  // browser would) and drops its sign-in, spoiling any walk under way: so they walk alone.
  {
    id: 'activation-done',
    group: 'activation',
    name: 'Activation 6: done (level of assurance 2)',
    route: '/pages/activate-scanner',
    exclusive: true,
    walk: (t) => toDone(t, 'DAVID004'),
  },
  {
    id: 'activation-done-coordinator',
    group: 'activation',
    name: 'Activation 6: done, coordinator note (level of assurance 1)',
    route: '/pages/activate-scanner',
    exclusive: true,
    walk: async (t) => {
      await toDone(t, 'BORIS002');
      await t.text(MESSAGES.coordinator);
    },
  },
  {
    id: 'activation-missing',
    group: 'activation',
    name: 'Activation: no scanner (MISSING)',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await confirmEmail(t, 'FRANK006');
      await t.heading('You do not have a scanner');
    },
  },
  {
    id: 'activation-effective',
    group: 'activation',
    name: 'Activation: scanner already active (EFFECTIVE)',
    route: '/pages/activate-scanner',
    walk: async (t) => {
      await confirmEmail(t, 'EMMA0005');
      await t.heading('You already have an active scanner');
    },
  },
  {
    id: 'activation-session-expired',
    group: 'activation',
    name: 'Activation: session expired',
    route: '/pages/activate-scanner/sessionExpired',
    walk: (t) => t.text('Your session has expired, you need to log on again.'),
  },
];
