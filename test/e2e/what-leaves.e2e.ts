// What leaves the widget (issue 30): the host forwards amwa events and console lines to its
// monitoring, so neither may carry a credential. Each test plants secrets in the answers of one
// flow (sandbox faults on 2xx answers, the logonRedirectUrl knob, a host cookie), walks the flow
// in real Chromium, and looks for them in every amwa event detail, every console call's
// arguments (walked deep: properties, causes, stacks) and every trace line the widget sent.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { mobileLogon, qrConfirmed } from '../../src/contract/mobile';
import { scannerLogon, standaloneAuthenticate, transfer } from '../../src/contract/scanner-logon';
import { bootstrapWebSession } from '../../src/contract/session';
import { identification, scannerStatus } from '../../src/contract/activation';
import { AMWA_EVENT_TYPES } from '../../src/core/events';
import { SECRET, SECRET_FIELDS, SECRET_NUMBER, secretsIn } from '../../src/core/leak-probe';
import { button, flows, textbox } from './flows';
import { checkA11y, confirmMobile, EXAMPLES, fault, outbox, setConfig, useE2E, waitForPortal, type TestPage } from './harness';

const e2e = useE2E();
const { scanned, toCodeStep, activate } = flows(e2e);

const BASE = EXAMPLES.vanilla.replace(/\/$/, '');
const ACCESS = '/access';
/** The planted secrets of one answer, a numeric one among them. */
const PLANTED = { ...SECRET_FIELDS, codes: [`${SECRET}-code`], cookie: `SESSION=${SECRET}-cookie` };
const TICKET_URL_TAIL = `?ticket=${SECRET_FIELDS.ticket}#${SECRET}-fragment`;

// In the page, before its own scripts: every amwa event's detail and every console call's
// arguments, walked as a host's error monitor could (own properties enumerable or not, causes,
// stacks, Headers, Maps), sent to the test as text. A string, so it runs as written under Trusted Types.
const PROBE = `(() => {
  const walk = (value, found, seen) => {
    if (value === null || value === undefined || typeof value === 'function') return;
    if (typeof value !== 'object') return void found.push(String(value));
    if (seen.has(value)) return;
    seen.add(value);
    if (value instanceof Error) { found.push(value.message, value.stack || ''); walk(value.cause, found, seen); }
    if (value instanceof Headers || value instanceof Map || value instanceof Set || value instanceof URLSearchParams) for (const entry of value.entries()) walk(entry, found, seen);
    for (const key of Reflect.ownKeys(value)) {
      found.push(String(key));
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (descriptor && 'value' in descriptor) walk(descriptor.value, found, seen);
    }
  };
  const text = (value) => { const found = []; walk(value, found, new Set()); return found.join('\\n'); };
  for (const type of ${JSON.stringify(AMWA_EVENT_TYPES)}) {
    document.addEventListener(type, (event) => globalThis.__amwaLeakProbe(type, text(event.detail), JSON.parse(JSON.stringify(event.detail ?? null))), true);
  }
  for (const level of ['debug', 'log', 'info', 'warn', 'error', 'trace']) {
    const original = console[level];
    console[level] = function (...args) {
      globalThis.__amwaLeakProbe('console.' + level, text(args), null);
      return original.apply(this, args);
    };
  }
})()`;

/** What the host could see: amwa events (with their details) and console calls, as walked text. */
interface Seen {
  events: [string, unknown][];
  texts: string[];
}

/** The probe for one browser context: a host cookie holding a secret, and the recorder of what the host could see. */
function probe(): { seen: Seen; setup: (context: BrowserContext) => Promise<void> } {
  const seen: Seen = { events: [], texts: [] };
  const setup = async (context: BrowserContext) => {
    await context.addCookies([{ name: 'SESSION', value: PLANTED.cookie.slice('SESSION='.length), url: e2e.url }]);
    await context.exposeFunction('__amwaLeakProbe', (kind: string, text: string, detail: unknown) => {
      seen.texts.push(`${kind}: ${text}`);
      if (kind.startsWith('amwa-')) seen.events.push([kind, detail]);
    });
    await context.addInitScript(PROBE);
  };
  return { seen, setup };
}

/** Also records Chromium's own rendering of console calls (an Error's stack and cause, for instance). */
const recordConsoleText = (page: TestPage, seen: Seen) => page.on('console', (message) => void seen.texts.push(`console text: ${message.text()}`));

/** Opens `path` with the probe in place. */
async function openProbed(path: string): Promise<{ page: TestPage; seen: Seen }> {
  const { seen, setup } = probe();
  const page = await e2e.open(path, { setup });
  recordConsoleText(page, seen);
  return { page, seen };
}

/** EMMA0005's scanner logon up to its code step, with the probe in place. */
async function probedCodeStep(): Promise<{ page: TestPage; seen: Seen }> {
  const { seen, setup } = probe();
  const page = await toCodeStep('EMMA0005', { setup });
  recordConsoleText(page, seen);
  return { page, seen };
}

/** Fails naming every planted secret (and each `typed` value) that reached an event, the console or a trace line. */
function expectNothingLeaked(seen: Seen, typed: string[] = []) {
  const traceLines = [...e2e.requests('logTrace'), ...e2e.requests('logTraceError')].map((request) => JSON.stringify(request.body));
  const everything = [...seen.texts, ...traceLines].join('\n');
  expect(secretsIn(everything), 'planted secrets in events, console or trace lines').toEqual([]);
  for (const value of typed) expect(everything, 'a code the user typed').not.toContain(value);
}

const generic = (seen: Seen) => seen.events.filter(([type]) => type === 'amwa-generic-exception').map(([, detail]) => detail);

/** The scanner logon of EMMA0005 up to and with Log on; returns the response code typed. */
async function logOnWithScanner(page: TestPage): Promise<string> {
  const code = await scanned(page, 'EMMA0005');
  await textbox(page, /^Response code/).fill(code);
  await button(page, 'Log on').click();
  return code;
}

describe('scanner logon: no secret of an answer leaves the widget', () => {
  test('a numeric otp beside tokens from transfers: the error names the fields, never their values', async () => {
    const { page, seen } = await probedCodeStep();
    await fault(e2e.url, { path: transfer.path, status: 200, body: { ...PLANTED, otp: SECRET_NUMBER } });
    const code = await logOnWithScanner(page);
    await waitForPortal(page, 'Something went wrong');
    expectNothingLeaked(seen, [code]);
    expect(generic(seen)).toEqual([
      {
        origin: transfer.path,
        status: 200,
        data: { operation: 'transfer', path: transfer.path, status: 200, fields: Object.keys(PLANTED), invalidFields: ['otp'] },
        message: `Unexpected response from ${transfer.path}`,
        traceId: expect.any(String),
      },
    ]);
    await checkA11y(page, 'error page after an unusable transfer answer');
  });

  test('a session ticket beside a malformed logon url: named as fields only', async () => {
    const { page, seen } = await probedCodeStep();
    await fault(e2e.url, { path: ACCESS + scannerLogon.path, status: 200, body: { url: 42, ...PLANTED } });
    const code = await logOnWithScanner(page);
    await waitForPortal(page, 'Something went wrong');
    expectNothingLeaked(seen, [code]);
    expect(generic(seen)).toEqual([
      expect.objectContaining({ status: 200, data: { operation: 'scannerLogon', path: scannerLogon.path, status: 200, fields: ['url', ...Object.keys(PLANTED)], invalidFields: ['url'] } }),
    ]);
  });

  test('a refused logon url carrying ?ticket=…: named by origin and path', async () => {
    await setConfig(e2e.url, { logonRedirectUrl: `https://user:${SECRET}-password@evil.example/landing${TICKET_URL_TAIL}` });
    const { page, seen } = await probedCodeStep();
    const code = await logOnWithScanner(page);
    await waitForPortal(page, 'Something went wrong');
    expectNothingLeaked(seen, [code]);
    expect(generic(seen)).toEqual([
      expect.objectContaining({ message: 'Invalid redirection url', data: { url: 'https://evil.example/landing', allowedOrigins: [e2e.url] } }),
    ]);
  });

  test('a followed logon url carrying ?ticket=…: amwa-logon-redirect names origin and path, the browser gets it whole', async () => {
    await setConfig(e2e.url, { logonRedirectUrl: `/__sandbox/logged-on${TICKET_URL_TAIL}` });
    const { page, seen } = await probedCodeStep();
    const code = await logOnWithScanner(page);
    await page.waitForURL(`**/__sandbox/logged-on${TICKET_URL_TAIL.slice(0, TICKET_URL_TAIL.indexOf('#'))}*`);
    expect(page.url()).toBe(`${e2e.url}/__sandbox/logged-on${TICKET_URL_TAIL}`);
    expectNothingLeaked(seen, [code]);
    expect(seen.events).toContainEqual(['amwa-logon-redirect', { url: `${e2e.url}/__sandbox/logged-on`, logonType: 'scanner' }]);
  });

  test('tokens in a malformed authentication result: the means error names no token', async () => {
    const { page, seen } = await probedCodeStep();
    await fault(e2e.url, { path: standaloneAuthenticate.path, status: 200, body: { accessTokens: [{ accessToken: PLANTED.accessToken, refreshToken: PLANTED.refreshToken }], ...PLANTED } });
    const code = await logOnWithScanner(page);
    await waitForPortal(page, 'Something went wrong');
    expectNothingLeaked(seen, [code]);
    expect(generic(seen)).toEqual([expect.objectContaining({ origin: 'authentication-means-error', message: 'malformed means response' })]);
  });

  test('tokens in a malformed anonymous session: the session error and its cause name no token', async () => {
    const { page, seen } = await openProbed(`${BASE}/pages/logon/scanner`);
    await waitForPortal(page, 'Log on with your scanner');
    const tokens = { accessTokens: [{ accessToken: PLANTED.accessToken, refreshToken: PLANTED.refreshToken }] };
    await fault(e2e.url, { path: bootstrapWebSession.path, status: 200, body: { authenticationResponse: { ...tokens, ...PLANTED }, ...PLANTED } });
    await textbox(page, 'User ID').fill('EMMA0005');
    await button(page, 'Next').click();
    await waitForPortal(page, 'Something went wrong');
    expectNothingLeaked(seen);
    expect(generic(seen)).toEqual([expect.objectContaining({ message: 'Can not GET anonymous session response' })]);
    expect(seen.texts.some((text) => text.startsWith('console.error') && text.includes('bootstrapWebSession'))).toBe(true);
  });
});

describe('mobile logon and activation: no secret of an answer leaves the widget', () => {
  test('a refused mobile logon url carrying ?ticket=… beside tokens', async () => {
    const { page, seen } = await openProbed(`${BASE}/pages/logon/mobile`);
    await waitForPortal(page, "Log on with the bank's mobile app");
    await page.getByRole('img', { name: /^QR code to log on/ }).waitFor();
    await fault(e2e.url, { path: ACCESS + mobileLogon.path, status: 200, body: { url: `https://evil.example/landing${TICKET_URL_TAIL}`, ...PLANTED } });
    await confirmMobile(e2e.url, 'logon');
    await waitForPortal(page, 'Something went wrong');
    expectNothingLeaked(seen);
    expect(generic(seen)).toEqual([
      expect.objectContaining({ message: 'Invalid redirection url', data: { url: 'https://evil.example/landing', allowedOrigins: [e2e.url] } }),
    ]);
  });

  test('tokens beside an unknown scanner status, after a typed registration code', async () => {
    const { seen, setup } = probe();
    const page = await activate('ANNA0001', 'anna.devries@example.com', 'registrationCode', { setup });
    recordConsoleText(page, seen);
    const registrationCode = (await outbox(e2e.url, 'ANNA0001')).at(-1)!.code;
    await fault(e2e.url, { path: ACCESS + scannerStatus.path, status: 200, body: { status: 7, ...PLANTED } });
    await textbox(page, 'Registration code').fill(registrationCode);
    await button(page, 'Next').click();
    await waitForPortal(page, 'Something went wrong');
    expectNothingLeaked(seen, [registrationCode]);
    expect(generic(seen)).toEqual([
      expect.objectContaining({ data: { operation: 'scannerStatus', path: scannerStatus.path, status: 200, fields: ['status', ...Object.keys(PLANTED)], invalidFields: ['status'] } }),
    ]);
  });

  test('tokens beside an unusable QR confirmation', async () => {
    const { page, seen } = await openProbed(`${BASE}/pages/logon/mobile`);
    await waitForPortal(page, "Log on with the bank's mobile app");
    await page.getByRole('img', { name: /^QR code to log on/ }).waitFor();
    await fault(e2e.url, { path: ACCESS + qrConfirmed.path, status: 200, body: { confirmed: 'yes', ...PLANTED } });
    await waitForPortal(page, 'Something went wrong');
    expectNothingLeaked(seen);
    expect(generic(seen)).toEqual([
      expect.objectContaining({ data: { operation: 'qrConfirmed', path: qrConfirmed.path, status: 200, fields: ['confirmed', ...Object.keys(PLANTED)], invalidFields: ['confirmed'] } }),
    ]);
  });

  test('tokens beside an unusable colour code of the activation: the technical error names none', async () => {
    const { seen, setup } = probe();
    const page = await activate('ANNA0001', 'anna.devries@example.com', 'registrationCode', { setup });
    recordConsoleText(page, seen);
    const registrationCode = (await outbox(e2e.url, 'ANNA0001')).at(-1)!.code;
    await fault(e2e.url, { path: identification.path, status: 200, body: { base64Cronto: '', ...PLANTED } });
    await textbox(page, 'Registration code').fill(registrationCode);
    await button(page, 'Next').click();
    await expect.poll(() => seen.events.some(([type]) => type === 'amwa-technical-exception')).toBe(true);
    expect(seen.texts.some((text) => text.startsWith('console.error') && text.includes('base64Cronto'))).toBe(true);
    expectNothingLeaked(seen, [registrationCode]);
  });
});
