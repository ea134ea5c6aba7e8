// @vitest-environment node
// The activation controller against the in-process sandbox as its network edge: the real API
// client, error handler and colour-code machines, the sandbox's personas and virtual scanners.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../../packages/amwa-sandbox/src/index';
import { createAnalytics } from '../analytics';
import { createApiClient } from '../api';
import { createCookies } from '../cookies';
import { createErrorHandler } from '../error-handler';
import { createEmitter, type AmwaEventMap, type AmwaEventType } from '../events';
import { createScope } from '../scope';
import { createSession } from '../session/session';
import { parseSettings } from '../settings';
import { createTraceLog } from '../trace';
import * as contract from '../../contract/activation';
import { traceLines } from '../../../packages/amwa-sandbox/src/trace';
import {
  activationSteps,
  createActivation,
  initialActivationState,
  parseScannerStatus,
  reduceActivation,
  UNKNOWN_STEP,
  type ActivationScreen,
} from './activation';
import { createLeaveWarning } from './leave-warning';

const ORIGIN = 'http://sandbox.test';
const EMAILS: Record<string, string> = {
  ANNA0001: 'anna.devries@example.com',
  BORIS002: 'boris.novak@example.com',
  CARLA003: 'carla.rossi@example.com',
  DAVID004: 'david.smit@example.com',
  EMMA0005: 'emma.klein@example.com',
  FRANK006: 'frank.peeters@example.com',
  GRETA007: 'greta.berg@example.com',
};

/** The activation over the real services, talking to a fresh sandbox through a cookie-keeping fetch. */
function setup({ limitS = 900, activity = [] as readonly EventTarget[] } = {}) {
  const sandbox = createSandbox();
  const jar = new Map<string, string>();
  const paths: string[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const request = new Request(url, init);
    request.headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    paths.push(new URL(url).pathname);
    const response = await sandbox.fetch(request);
    for (const line of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split('=');
      jar.set(name, value);
    }
    return response;
  }) as typeof globalThis.fetch;
  const parsed = parseSettings({ apiBaseUrl: `${ORIGIN}/access`, inactivityTimeoutActivationS: limitS }, ORIGIN);
  if (!parsed.ok) throw new Error(parsed.message);
  const { settings } = parsed;
  const scope = createScope();
  const emitter = createEmitter();
  const events: [AmwaEventType, unknown][] = [];
  for (const type of ['amwa-generic-exception', 'amwa-technical-exception', 'amwa-next', 'amwa-logout'] as const) {
    emitter.on(type, (detail: AmwaEventMap[typeof type]) => events.push([type, detail]));
  }
  const api = createApiClient({ settings, emit: emitter.emit, scope, language: () => 'en-GB', fetch });
  const analytics = createAnalytics({ settings, emit: emitter.emit, cookies: createCookies(settings) });
  const navigateToError = vi.fn();
  const traceLog = createTraceLog(api);
  const errors = createErrorHandler({ emit: emitter.emit, analytics, traceLog, navigateToError, signal: scope.signal });
  const leaveWarning = createLeaveWarning(scope, new EventTarget());
  const onSessionExpired = vi.fn();
  const leave = vi.fn<(url: string) => void>();
  const session = createSession({ api, scope, window: null, BroadcastChannel: null, storage: null });
  const activation = createActivation({
    api,
    scope,
    settings,
    emit: emitter.emit,
    errors,
    traceLog,
    session,
    leaveWarning,
    base: `${ORIGIN}/access/`,
    activity,
    onSessionExpired,
    leave,
  });

  const control = async (path: string, body?: unknown) => {
    const response = await sandbox.fetch(
      new Request(`${ORIGIN}/__sandbox/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    );
    return response.json();
  };
  const fault = (path: string, status: number, body?: unknown) => control('faults', { path, status, body });
  const code = async (userId: string) => ((await control(`outbox?userId=${userId}`)) as { code: string }[]).at(-1)!.code;
  /** What the persona's scanner shows for the colour code on screen. */
  const scan = async (userId: string, screen: keyof typeof activation.colourCodes) => {
    await vi.waitFor(() => expect(activation.colourCodes[screen].state.status).toBe('shown'));
    const { display } = (await control('scanner/scan', { userId, image: activation.colourCodes[screen].state.image!.base64Cronto })) as { display: string };
    return display.replace(/-/g, '');
  };

  /** Walks `userId` through the flow, as the user would, until `screen` shows. */
  const walkTo = async (userId: string, screen: ActivationScreen) => {
    const actions: Partial<Record<ActivationScreen, () => Promise<void> | void>> = {
      overview: () => activation.start(),
      credentials: () => activation.submitCredentials(userId, EMAILS[userId]!),
      registrationCode: async () => activation.submitRegistrationCode(await code(userId)),
      serialNumber: async () => activation.submitSerialNumber(await scan(userId, 'serialNumber')),
      pin: async () => activation.submitPin(await scan(userId, 'pin')),
      pinSet: () => activation.next(),
      doneYesNext: () => activation.next(),
      finish: async () => activation.submitFinish(await scan(userId, 'finish')),
    };
    for (let steps = 0; activation.state.screen !== screen && steps < 10; steps++) await actions[activation.state.screen]?.();
    expect(activation.state.screen).toBe(screen);
  };

  /** The milestones traced so far, as `operation username`. */
  const traced = async () => {
    await traceLog.settled();
    return traceLines(sandbox.state).map(({ kind, operation, context }) => `${kind} ${operation} ${context.username ?? '-'}`);
  };
  return { sandbox, activation, session, scope, events, paths, leaveWarning, navigateToError, onSessionExpired, leave, fault, control, code, scan, walkTo, traced, hear: emitter.on };
}

const nextSteps = (events: [AmwaEventType, unknown][]) =>
  events.filter(([type]) => type === 'amwa-next').map(([, detail]) => (detail as AmwaEventMap['amwa-next']).step);

afterEach(() => {
  vi.useRealTimers();
});

describe('the step table', () => {
  it('leads from the overview through every screen to done', () => {
    const screens: ActivationScreen[] = [];
    let state = initialActivationState;
    while (activationSteps[state.screen].next) {
      state = reduceActivation(state, { type: 'move', move: 'next' });
      screens.push(state.screen);
    }
    expect(screens).toEqual(['credentials', 'registrationCode', 'meansCheck', 'serialNumber', 'pin', 'pinSet', 'doneYesNext', 'finish', 'done']);
  });

  it("raises 'Unknown step definition' for a move the screen does not have", () => {
    expect(() => reduceActivation({ ...initialActivationState, screen: 'done' }, { type: 'move', move: 'next' })).toThrow(UNKNOWN_STEP);
    expect(() => reduceActivation({ ...initialActivationState, screen: 'pin' }, { type: 'move', move: 'missing' })).toThrow(UNKNOWN_STEP);
    expect(UNKNOWN_STEP).toBe('Unknown step definition');
  });

  it('clears server verdicts and the busy flag when the screen changes', () => {
    const rejected = reduceActivation({ ...initialActivationState, screen: 'credentials', busy: true }, { type: 'reject', fieldErrors: { email: 'x' } });
    expect(rejected).toMatchObject({ busy: false, fieldErrors: { email: 'x' } });
    expect(reduceActivation({ ...rejected, busy: true }, { type: 'move', move: 'next', data: { userName: 'ANNA0001' } })).toMatchObject({
      screen: 'registrationCode',
      busy: false,
      fieldErrors: {},
      userName: 'ANNA0001',
    });
  });

  it('drops the verdict on a field the user edits, and only that one', () => {
    const rejected = reduceActivation(initialActivationState, { type: 'reject', fieldErrors: { userName: 'a', email: 'b' } });
    expect(reduceActivation(rejected, { type: 'edit', field: 'email' }).fieldErrors).toEqual({ userName: 'a' });
    expect(reduceActivation(initialActivationState, { type: 'edit', field: 'email' })).toBe(initialActivationState);
  });
});

describe('parseScannerStatus', () => {
  it('reads the received statuses and the means-agreement codes they stand for', () => {
    expect(['REQUESTED', 'POTENTIAL', 'OFFERED', 'COMPLETED', 'EFFECTIVE', 'MISSING'].map(parseScannerStatus)).toEqual([
      'REQUESTED', 'POTENTIAL', 'OFFERED', 'COMPLETED', 'EFFECTIVE', 'MISSING',
    ]);
    expect(['REQD_AR', 'POTEN_AR', 'OFFRD_AR', 'COMPLD_AR', 'EFF_AR'].map(parseScannerStatus)).toEqual([
      'REQUESTED', 'POTENTIAL', 'OFFERED', 'COMPLETED', 'EFFECTIVE',
    ]);
    expect([undefined, 'requested', 'toString', 'BLOCKED', 7].map(parseScannerStatus)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('activation against the sandbox', () => {
  it('walks ANNA0001 to done at level of assurance 2, firing next for every step and logging out first', async () => {
    const { activation, events, paths, leaveWarning, session, walkTo, traced } = setup();
    expect(activation.state.screen).toBe('overview');
    await walkTo('ANNA0001', 'credentials');
    expect(leaveWarning.enabled).toBe(true);
    await walkTo('ANNA0001', 'registrationCode');
    expect(activation.state).toMatchObject({ userName: 'ANNA0001', anonymizedEmail: 'ann*********@example.com' });
    await walkTo('ANNA0001', 'serialNumber');
    expect(session.activeProfile).toMatchObject({ name: 'ANNA0001', requesterLevelOfAssurance: 3 });
    await walkTo('ANNA0001', 'pin');
    expect(activation.colourCodes.serialNumber.state.status).toBe('idle');
    await walkTo('ANNA0001', 'done');
    expect(activation.state).toMatchObject({ screen: 'done', levelOfAssurance: 2, busy: false });
    expect(nextSteps(events)).toEqual(['overview', 'credentials', 'registrationCode', 'meansCheck', 'serialNumber', 'pin', 'pinSet', 'doneYesNext', 'finish']);
    expect(leaveWarning.enabled).toBe(false);
    expect(paths.filter((path) => !path.endsWith('/access/') && !path.includes('/log/'))).toEqual([
      `/access${contract.otpRequest.path}`,
      `/access${contract.otpAuthenticate.path}`,
      `/access${contract.scannerStatus.path}`,
      contract.agreementsLatest.path,
      contract.identification.path,
      contract.enrolmentInitiate.path,
      contract.enrolmentValidate.path,
      contract.activationInitiate.path,
      contract.activationValidate.path,
      `/access${contract.finish.path}`,
      '/oauth2/token/revoke',
      '/access/v1/private/logout',
    ]);
    expect(session.profiles).toEqual([]);
    expect(events.filter(([type]) => type.endsWith('exception'))).toEqual([]);
    expect(await traced()).toEqual([
      'trace activation:otp-requested ANNA0001',
      'trace activation:otp-authenticated ANNA0001',
      'trace activation:means-checked ANNA0001',
      'trace activation:serial-number ANNA0001',
      'trace activation:pin-set ANNA0001',
      'trace activation:finished ANNA0001',
    ]);
  });

  it('goes on to the serial number only when the latest agreement is one to enrol into', async () => {
    const { activation, code, events, fault, walkTo } = setup();
    await walkTo('CARLA003', 'registrationCode');
    await fault(contract.agreementsLatest.path, 200, { status: 'OFFRD_AR' });
    await activation.submitRegistrationCode(await code('CARLA003'));
    expect(activation.state).toMatchObject({ screen: 'meansCheck', checkFailed: true });
    expect(events.find(([type]) => type === 'amwa-technical-exception')).toBeDefined();
    await activation.retryCheck();
    expect(activation.state.screen).toBe('serialNumber');
  });

  it('keeps the corporate-portal logout the finish named for leaving done, unless the host cancels amwa-logout', async () => {
    const portal = `${ORIGIN}/__sandbox/corporate/logout`;
    for (const cancel of [false, true]) {
      const { activation, events, fault, scan, walkTo, hear } = setup();
      if (cancel) hear('amwa-logout', () => false);
      await walkTo('ANNA0001', 'finish');
      await fault('/access/v1/private/logout', 200, { ingLogOutUrl: portal });
      await activation.submitFinish(await scan('ANNA0001', 'finish'));
      expect(activation.state.screen).toBe('done');
      expect(events.filter(([type]) => type === 'amwa-logout')).toEqual([['amwa-logout', { url: portal }]]);
      expect(activation.state.logoutUrl).toBe(cancel ? undefined : portal);
    }
  });

  it('goes to the corporate-portal logout at once when the inactivity limit ends the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fault, leave, onSessionExpired, walkTo, traced } = setup({ limitS: 60 });
    await walkTo('ANNA0001', 'serialNumber');
    await fault('/access/v1/private/logout', 200, { ingLogOutUrl: `${ORIGIN}/__sandbox/corporate/logout` });
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith(`${ORIGIN}/__sandbox/corporate/logout`));
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(await traced()).toContain('trace session:expired ANNA0001');
  });

  it('counts typing, pointer and focus activity as activity until the warning opens; then only Continue extends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const activity = new EventTarget();
    const { activation, walkTo } = setup({ limitS: 60, activity: [activity] });
    await walkTo('ANNA0001', 'serialNumber');
    for (const type of ['keydown', 'pointermove', 'focusin']) {
      await vi.advanceTimersByTimeAsync(20_000);
      activity.dispatchEvent(new Event(type));
    }
    await vi.advanceTimersByTimeAsync(29_000);
    expect(activation.state.warning).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(activation.state.warning).toBe(true);
    expect(activation.inactivityDeadline).toBe(Date.now() + 30_000);
    activity.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(activation.state.warning).toBe(true);
    activation.continueSession();
    expect(activation.state.warning).toBe(false);
    expect(activation.inactivityDeadline).toBeUndefined();
  });

  it('ends BORIS002 at level of assurance 1', async () => {
    const { activation, walkTo } = setup();
    await walkTo('BORIS002', 'done');
    expect(activation.state.levelOfAssurance).toBe(1);
  });

  it.each(['CARLA003', 'DAVID004'])('makes the provision call for %s before the serial number step', async (userId) => {
    const { activation, paths, walkTo } = setup();
    await walkTo(userId, 'serialNumber');
    const calls = paths.filter((path) => !path.includes('/log/') && !path.endsWith('/access/'));
    const status = calls.indexOf(`/access${contract.scannerStatus.path}`);
    expect(calls.slice(status + 1, status + 3)).toEqual([`/access${contract.provision.path}`, contract.agreementsLatest.path]);
    await walkTo(userId, 'pin');
    expect(activation.state.screen).toBe('pin');
  });

  it.each([
    ['EMMA0005', 'effective'],
    ['FRANK006', 'missing'],
  ] as const)('shows %s the %s alert and ends the flow', async (userId, screen) => {
    const { activation, leaveWarning, paths, walkTo } = setup();
    await walkTo(userId, screen);
    expect(leaveWarning.enabled).toBe(false);
    expect(paths).not.toContain(contract.identification.path);
  });

  it("starts only from the overview, and raises 'Unknown step definition' for Next on a screen with a call of its own", async () => {
    const { activation, events, walkTo } = setup();
    await walkTo('ANNA0001', 'credentials');
    activation.start();
    expect(activation.state.screen).toBe('credentials');
    expect(nextSteps(events)).toEqual(['overview']);
    expect(() => activation.next()).toThrow(UNKNOWN_STEP);
  });

  it('marks both fields on a 400 to the OTP request; for a blocked account the message on the user ID and the e-mail invalid without one', async () => {
    const { activation, walkTo } = setup();
    await walkTo('ANNA0001', 'credentials');
    await activation.submitCredentials('ANNA0001', 'boris.novak@example.com');
    expect(activation.state).toMatchObject({
      screen: 'credentials',
      busy: false,
      fieldErrors: { userName: 'validation.otpCombination', email: 'validation.otpCombination' },
    });
    await activation.submitCredentials('GRETA007', EMAILS.GRETA007!);
    expect(activation.state).toMatchObject({ screen: 'credentials', busy: false, fieldErrors: { userName: 'validation.blocked', email: '' } });
    // Spec section 8: the e-mail field is marked invalid with an empty message.
    expect(activation.state.fieldErrors.email).toBe('');
  });

  it('shows the registration code message on a 400 and lets the user try again', async () => {
    const { activation, code, walkTo } = setup();
    await walkTo('ANNA0001', 'registrationCode');
    const right = await code('ANNA0001');
    await activation.submitRegistrationCode(right === '0000000000' ? '1111111111' : '0000000000');
    expect(activation.state).toMatchObject({ screen: 'registrationCode', busy: false, fieldErrors: { registrationCode: 'validation.registrationCodeInvalid' } });
    await activation.submitRegistrationCode(right);
    expect(activation.state.screen).toBe('serialNumber');
  });

  it('refuses a registration-code session below level of assurance 3 and ends the flow', async () => {
    const { activation, code, events, fault, leaveWarning, session, walkTo } = setup();
    await walkTo('ANNA0001', 'registrationCode');
    const token = { accessToken: 't0', accessTokenTimeToLive: 900, profileId: 'weak', requesterLevelOfAssurance: 2, executorLevelOfAssurance: 2 };
    await fault(`/access${contract.otpAuthenticate.path}`, 200, { person: { id: 'p1' }, authentication: { status: 'complete' }, accessTokens: [token] });
    await activation.submitRegistrationCode(await code('ANNA0001'));
    expect(activation.state.screen).toBe('registrationCode');
    expect(session.activeProfileId).toBeUndefined();
    expect(events.find(([type]) => type === 'amwa-generic-exception')?.[1]).toMatchObject({ message: 'insufficient level of assurance' });
    expect(leaveWarning.enabled).toBe(false);
  });

  it('treats an unknown scanner status as a technical error the user can retry', async () => {
    const { activation, code, events, fault, walkTo } = setup();
    await walkTo('ANNA0001', 'registrationCode');
    await fault(`/access${contract.scannerStatus.path}`, 200, { status: 'BLOCKED' });
    await activation.submitRegistrationCode(await code('ANNA0001'));
    expect(activation.state).toMatchObject({ screen: 'meansCheck', checkFailed: true, busy: false });
    expect(events.map(([type]) => type)).toContain('amwa-technical-exception');
    await activation.retryCheck();
    expect(activation.state.screen).toBe('serialNumber');
  });

  it('shows the technical message on the serial number field when the serial step answers 500', async () => {
    const { activation, fault, scan, walkTo } = setup();
    await walkTo('ANNA0001', 'serialNumber');
    await fault(contract.enrolmentInitiate.path, 500);
    const serial = await scan('ANNA0001', 'serialNumber');
    await activation.submitSerialNumber(serial);
    expect(activation.state).toMatchObject({ screen: 'serialNumber', busy: false, fieldErrors: { serialNumber: 'validation.serialTechnical' } });
    await activation.submitSerialNumber(serial);
    expect(activation.state.screen).toBe('pin');
  });

  it('answers a wrong finish code with 400, keeping the user on the step', async () => {
    const { activation, scan, walkTo } = setup();
    await walkTo('ANNA0001', 'finish');
    const right = await scan('ANNA0001', 'finish');
    await activation.submitFinish(right === '0'.repeat(15) ? '1'.repeat(15) : '0'.repeat(15));
    expect(activation.state).toMatchObject({ screen: 'finish', busy: false, fieldErrors: { finishCode: 'validation.confirmationCodeInvalid' } });
  });

  it('ends on the lockout at too many attempts (403): no colour code, no timers, no token, and the call is never sent again', async () => {
    const { activation, events, fault, leaveWarning, paths, scan, session, walkTo } = setup({ limitS: 60 });
    await walkTo('ANNA0001', 'finish');
    const right = await scan('ANNA0001', 'finish');
    await fault(contract.activationValidate.path, 403);
    await activation.submitFinish(right);
    expect(activation.state).toMatchObject({ screen: 'locked', busy: false, fieldErrors: {} });
    // When it came and the answer's trace id, for the service team.
    expect(Number.isNaN(Date.parse(activation.state.lockout!.date))).toBe(false);
    expect(activation.state.lockout!.traceId).toMatch(/^\d{2}-[a-z\d]{32}-[a-z\d]{16}-\d{2}$/i);
    expect(activation.colourCodes.finish.state.status).toBe('idle');
    expect(leaveWarning.enabled).toBe(false);
    expect(activation.inactivityDeadline).toBeUndefined();
    // The profile the registration code signed in is gone; no logout call (its event could take the page away).
    await vi.waitFor(() => expect(session.profiles).toEqual([]));
    expect(events.filter(([type]) => type === 'amwa-logout' || type === 'amwa-next').map(([, detail]) => detail)).not.toContainEqual({ flow: 'activation', step: 'finish' });
    const sent = paths.filter((path) => path.endsWith(contract.activationValidate.path)).length;
    await activation.submitFinish(right);
    expect(() => activation.next()).toThrow(UNKNOWN_STEP);
    expect(paths.filter((path) => path.endsWith(contract.activationValidate.path)).length).toBe(sent);
    expect(activation.state.screen).toBe('locked');
  });

  it('raises an error for a finish answer outside level of assurance 1 or 2 and ends the flow', async () => {
    const { activation, events, fault, leaveWarning, navigateToError, scan, walkTo } = setup();
    await walkTo('ANNA0001', 'finish');
    await fault(`/access${contract.finish.path}`, 200, { levelOfAssurance: 3 });
    await activation.submitFinish(await scan('ANNA0001', 'finish'));
    expect(activation.state.screen).toBe('finish');
    expect(events.find(([type]) => type === 'amwa-generic-exception')?.[1]).toMatchObject({ message: 'invalid-level-of-assurance' });
    expect(leaveWarning.enabled).toBe(false);
    await vi.waitFor(() => expect(navigateToError).toHaveBeenCalled());
  });

  it('sends a generic error to the error page and switches the leave warning off', async () => {
    const { activation, fault, leaveWarning, navigateToError, walkTo } = setup();
    await walkTo('ANNA0001', 'credentials');
    await fault(`/access${contract.otpRequest.path}`, 409, { errorCode: 'conflict' });
    await activation.submitCredentials('ANNA0001', EMAILS.ANNA0001!);
    expect(leaveWarning.enabled).toBe(false);
    await vi.waitFor(() => expect(navigateToError).toHaveBeenCalled());
  });

  it('warns 30 s before the inactivity limit, extends on continue, and at the limit logs out and expires the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { activation, leaveWarning, onSessionExpired, paths, walkTo } = setup({ limitS: 60 });
    await walkTo('ANNA0001', 'serialNumber');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(activation.state.warning).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(activation.state.warning).toBe(true);
    activation.continueSession();
    expect(activation.state.warning).toBe(false);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(onSessionExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(onSessionExpired).toHaveBeenCalledOnce());
    expect(activation.state).toMatchObject({ warning: false, userName: undefined, anonymizedEmail: undefined });
    expect(paths.filter((path) => !path.includes('/log/')).slice(-2)).toEqual(['/oauth2/token/revoke', '/access/v1/private/logout']);
    expect(leaveWarning.enabled).toBe(false);
  });

  describe('answered 429 Too Many Requests', () => {
    /** The next call to `path` answers 429, with `headers`. */
    const tooMany = (control: ReturnType<typeof setup>['control'], path: string, headers?: Record<string, string>) =>
      control('faults', { path, status: 429, body: { errorCode: 'too-many-requests' }, ...(headers && { headers }) });
    /** No error page, no error event: a 429 only holds Next back. */
    const expectNoError = ({ events, navigateToError }: ReturnType<typeof setup>) => {
      expect(events.filter(([type]) => type === 'amwa-generic-exception' || type === 'amwa-technical-exception')).toEqual([]);
      expect(navigateToError).not.toHaveBeenCalled();
    };

    it('on the OTP request (Retry-After: 2): stays on the step, refuses Next for 2 s without a call, then goes on', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const ctx = setup();
      const { activation, control, paths, walkTo } = ctx;
      await walkTo('ANNA0001', 'credentials');
      await tooMany(control, `/access${contract.otpRequest.path}`, { 'Retry-After': '2' });
      await activation.submitCredentials('ANNA0001', EMAILS.ANNA0001!);
      expect(activation.state).toMatchObject({ screen: 'credentials', busy: false, fieldErrors: {}, retryInS: 2 });
      expectNoError(ctx);
      const calls = paths.length;
      await activation.submitCredentials('ANNA0001', EMAILS.ANNA0001!);
      expect(paths.length).toBe(calls);
      await vi.advanceTimersByTimeAsync(1999);
      expect(activation.state.retryInS).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(activation.state.retryInS).toBeUndefined();
      await activation.submitCredentials('ANNA0001', EMAILS.ANNA0001!);
      expect(activation.state.screen).toBe('registrationCode');
    });

    it('on the OTP authenticate (no Retry-After): Next held 1 s, then the same code signs in', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const ctx = setup();
      const { activation, code, control, walkTo } = ctx;
      await walkTo('ANNA0001', 'registrationCode');
      await tooMany(control, `/access${contract.otpAuthenticate.path}`);
      const otp = await code('ANNA0001');
      await activation.submitRegistrationCode(otp);
      expect(activation.state).toMatchObject({ screen: 'registrationCode', busy: false, retryInS: 1 });
      expectNoError(ctx);
      await vi.advanceTimersByTimeAsync(1000);
      await activation.submitRegistrationCode(otp);
      expect(activation.state.screen).toBe('serialNumber');
    });

    it('on the means check: keeps checking, and asks again by itself after the Retry-After', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(Math, 'random').mockReturnValue(0);
      const ctx = setup();
      const { activation, code, control, walkTo } = ctx;
      await walkTo('ANNA0001', 'registrationCode');
      await tooMany(control, `/access${contract.scannerStatus.path}`, { 'Retry-After': '3' });
      await activation.submitRegistrationCode(await code('ANNA0001'));
      expect(activation.state).toMatchObject({ screen: 'meansCheck', busy: true, checkFailed: false });
      await vi.advanceTimersByTimeAsync(3000);
      await vi.waitFor(() => expect(activation.state.screen).toBe('serialNumber'));
      expectNoError(ctx);
    });

    it('on the serial number, the PIN and the finish calls: each holds Next for its wait, then goes on', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const ctx = setup();
      const { activation, control, scan, walkTo } = ctx;
      await walkTo('ANNA0001', 'serialNumber');
      const steps = [
        { screen: 'serialNumber', path: contract.enrolmentInitiate.path, submit: activation.submitSerialNumber },
        { screen: 'pin', path: contract.enrolmentValidate.path, submit: activation.submitPin },
        { screen: 'finish', path: `/access${contract.finish.path}`, submit: activation.submitFinish },
      ] as const;
      for (const { screen, path, submit } of steps) {
        if (screen === 'finish') await walkTo('ANNA0001', 'finish');
        const typed = await scan('ANNA0001', screen);
        await tooMany(control, path, { 'Retry-After': '2' });
        await submit(typed);
        expect(activation.state, screen).toMatchObject({ screen, busy: false, retryInS: 2 });
        await vi.advanceTimersByTimeAsync(2000);
        await submit(typed);
        expect(activation.state.screen, screen).not.toBe(screen);
      }
      expect(activation.state.screen).toBe('done');
      expectNoError(ctx);
    });

    it("loads a screen's colour code again after a 429's wait, reporting nothing", async () => {
      const ctx = setup();
      const { activation, code, control, walkTo } = ctx;
      await walkTo('ANNA0001', 'registrationCode');
      await tooMany(control, contract.identification.path, { 'Retry-After': '1' });
      await activation.submitRegistrationCode(await code('ANNA0001'));
      expect(activation.colourCodes.serialNumber.state.status).toBe('loading');
      await vi.waitFor(() => expect(activation.colourCodes.serialNumber.state.status).toBe('shown'), { timeout: 3000 });
      expectNoError(ctx);
    });
  });

  it('leaves no timer behind when its scope is disposed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { activation, scope, walkTo } = setup();
    await walkTo('ANNA0001', 'serialNumber');
    await vi.waitFor(() => expect(activation.colourCodes.serialNumber.state.status).toBe('shown'));
    expect(vi.getTimerCount()).toBe(3);
    scope.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});

