// The scanner logon machine against the real sandbox over HTTP. The only stand-in is the
// browser's network layer: a fetch that keeps cookies in document.cookie, as a browser would.
import { request as httpRequest } from 'node:http';
import JsCookie from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../packages/amwa-sandbox/src/index';
import { findChallenge, scannerDeactivated } from '../../../packages/amwa-sandbox/src/cronto';
import { MULTI_PROFILE_USER_ID } from '../../../packages/amwa-sandbox/src/oauth';
import { acceptedLogons } from '../../../packages/amwa-sandbox/src/scanner-logon';
import { traceLines } from '../../../packages/amwa-sandbox/src/trace';
import { createAnalytics } from '../analytics';
import { createApiClient } from '../api';
import { createCookies } from '../cookies';
import { createErrorHandler } from '../error-handler';
import { createEmitter, type AmwaEventMap, type AmwaEventType } from '../events';
import { createScope } from '../scope';
import { reachableText, SECRET, SECRET_FIELDS, SECRET_NUMBER, secretsIn } from '../leak-probe';
import { createInertSession } from '../session/native-bridge';
import { createSession, type Session } from '../session/session';
import { parseSettings, type Settings, type SettingsInput } from '../settings';
import { createTraceLog } from '../trace';
import { CODE_ERRORS, createScannerLogon, SCANNER_LOGON_PATHS, scannerLogonTransitions } from './scanner-logon';

const JANSEN = 'profile-hugo0008-jansen';
const ACME = 'profile-hugo0008-acme';

let running: RunningSandbox;
beforeAll(async () => {
  running = await startSandbox({ port: 0 });
});
afterAll(() => running.close());

const clearCookies = () => {
  for (const name of Object.keys(JsCookie.get())) JsCookie.remove(name, { path: '/' });
};
beforeEach(() => {
  running.sandbox.reset();
  clearCookies();
  // The error handler logs every error it handles; these tests provoke them on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** The browser's side of the wire: cookies from document.cookie out, Set-Cookie back in, aborts honoured. */
const browserFetch =
  (paths: string[]): typeof fetch =>
  (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      paths.push(url.pathname);
      const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
      if (init.credentials !== 'omit' && document.cookie) headers.Cookie = document.cookie;
      const req = httpRequest(url, { method: init.method ?? 'GET', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          for (const cookie of res.headers['set-cookie'] ?? []) document.cookie = cookie;
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (name !== 'set-cookie' && value) answer.set(name, String(value));
          resolve(new Response(Buffer.concat(chunks).toString('utf8'), { status: res.statusCode, headers: answer }));
        });
      });
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => {
        req.destroy();
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });

const scopes: Array<{ dispose(): void }> = [];
const traceLogs: Array<{ settled(): Promise<void> }> = [];
// Trace lines still on their way would reach the next test's sandbox: they land first.
afterEach(async () => {
  await Promise.all(traceLogs.splice(0).map((log) => log.settled()));
  scopes.splice(0).forEach((scope) => scope.dispose());
});

function setup(overrides: SettingsInput = {}, givenSession?: Session) {
  const parsed = parseSettings(
    { basePath: '', apiBaseUrl: `${running.url}/access`, securityApiBaseUrl: running.url, allowedRedirectOrigins: [running.url], brandPrefix: 'demobank', ...overrides },
    running.url,
  );
  const settings = (parsed as { ok: true; settings: Settings }).settings;
  const scope = createScope();
  scopes.push(scope);
  const emitter = createEmitter();
  const events: Array<{ type: AmwaEventType; detail: unknown }> = [];
  for (const type of ['amwa-technical-exception', 'amwa-clear-technical-exception', 'amwa-generic-exception', 'amwa-logon-redirect', 'amwa-next', 'amwa-logout'] as const) {
    emitter.on(type, (detail) => events.push({ type, detail }));
  }
  const paths: string[] = [];
  const api = createApiClient({ settings, emit: emitter.emit, scope, language: () => 'en-GB', fetch: browserFetch(paths) });
  const cookies = createCookies(settings);
  const navigateToError = vi.fn();
  const traceLog = createTraceLog(api);
  traceLogs.push(traceLog);
  const errors = createErrorHandler({
    emit: emitter.emit,
    analytics: createAnalytics({ settings, emit: emitter.emit, cookies }),
    traceLog,
    navigateToError,
    signal: scope.signal,
  });
  const leave = vi.fn();
  // A lone tab: no channel to elect over, so it leads at once.
  const session = givenSession ?? createSession({ api, scope, window: null, BroadcastChannel: null, storage: null });
  const memory = { value: undefined as string | undefined, get: () => memory.value, set: (name: string) => void (memory.value = name) };
  const onSessionLost = vi.fn();
  const logon = createScannerLogon({
    api,
    session,
    scope,
    settings,
    cookies,
    emit: emitter.emit,
    errors,
    traceLog,
    base: `${running.url}/access/pages/logon/scanner`,
    leave,
    lastUsedMeans: memory,
    onSessionLost,
  });
  const of = <K extends AmwaEventType>(type: K) => events.filter((event) => event.type === type).map((event) => event.detail as AmwaEventMap[K]);
  /** The trace lines the sandbox received, as `kind operation username`. */
  const traced = async () => {
    await traceLog.settled();
    return traceLines(running.sandbox.state).map(({ kind, operation, context }) => `${kind} ${operation} ${context.username ?? '-'}`);
  };
  return { logon, session, memory, cookies, leave, navigateToError, onSessionLost, paths, of, traced, hear: emitter.on, state: running.sandbox.state };
}

/** What EMMA0005's scanner shows for the colour code on screen. */
const scanned = (state: RunningSandbox['sandbox']['state'], image: string | undefined) => findChallenge(state, image ?? '')!.display;

/** Next with `userId`, then the colour code on screen. */
async function toCodeStep(ctx: ReturnType<typeof setup>, userId = 'EMMA0005', remember = true) {
  expect(await ctx.logon.submitUserId(userId, remember)).toBe(true);
  expect(ctx.logon.state.status).toBe('code');
  ctx.logon.colourCode.show();
  await vi.waitFor(() => expect(ctx.logon.colourCode.state.status).toBe('shown'));
  return ctx.logon.colourCode.state.image!;
}

const wrongCode = (right: string) => (right === '0000000' ? '0000018' : '0000000');

describe('scanner logon', () => {
  it('logs EMMA0005 on and leaves for the logged-on page', async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    expect(image).toMatchObject({ responseLength: 7, responseCheckDigit: true, encryptedState: expect.any(String) });
    expect(await ctx.logon.logon(scanned(ctx.state, image.base64Cronto))).toBe(true);

    const url = `${running.url}/__sandbox/logged-on`;
    expect(ctx.leave).toHaveBeenCalledWith(url);
    expect(ctx.logon.state.status).toBe('redirecting');
    expect(ctx.of('amwa-logon-redirect')).toEqual([{ url, logonType: 'scanner' }]);
    expect(ctx.of('amwa-next')).toEqual([
      { flow: 'scanner-logon', step: 'userId' },
      { flow: 'scanner-logon', step: 'code' },
    ]);
    expect(ctx.cookies.logonType.get()).toBe('scanner');
    expect(ctx.cookies.userId.get()).toBe('EMMA0005');
    // One profile, level of assurance 5: chosen without asking, its token buys the transfer OTP.
    expect(ctx.logon.authentication?.state).toMatchObject({ status: 'complete', activeProfileId: 'profile-emma0005' });
    expect(ctx.session.activeProfile?.name).toBe('EMMA0005');
    expect(ctx.memory.value).toBe('scanner');
    expect(ctx.paths.filter((path) => path !== '/access/' && !path.includes('/log/'))).toEqual([
      '/access/v1/public/session/anonymous/initiate',
      '/security/means/bootstrap/web/sessions',
      SCANNER_LOGON_PATHS.initiate,
      SCANNER_LOGON_PATHS.authenticate,
      SCANNER_LOGON_PATHS.transfer,
      `/access${SCANNER_LOGON_PATHS.logon}`,
    ]);
    const [accepted] = acceptedLogons(ctx.state);
    expect(accepted?.username).toBe('EMMA0005');
    expect(await ctx.traced()).toEqual([
      'trace scanner-logon:session-started EMMA0005',
      'trace scanner-logon:authenticated EMMA0005',
      'trace scanner-logon:logged-on EMMA0005',
    ]);
    expect(accepted?.deviceProfile).toMatchObject({ deviceUniqueIdentifier: localStorage.getItem('amwa-device-id'), deviceFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('readies what Next needs without a call, and Next still logs on after it', async () => {
    const ctx = setup();
    for (const warmUp of ctx.logon.warmUps) warmUp();
    expect(ctx.paths).toEqual([]);
    expect(ctx.logon.state.status).toBe('userId');
    const image = await toCodeStep(ctx);
    expect(image.base64Cronto).not.toBe('');
  });

  it('stays on the user ID step for an invalid ID, and forgets the ID when Remember me is off', async () => {
    const ctx = setup();
    for (const bad of ['', 'EMMA005', 'EMMA 0005', 'A'.repeat(17)]) expect(await ctx.logon.submitUserId(bad, true)).toBe(false);
    expect(ctx.logon.state.status).toBe('userId');
    expect(ctx.paths).toEqual([]);
    ctx.cookies.userId.set('OLDUSER1');
    await toCodeStep(ctx, 'EMMA0005', false);
    expect(ctx.cookies.userId.get()).toBeUndefined();
  });

  it('refuses a badly formed code without a call', async () => {
    const ctx = setup();
    await toCodeStep(ctx);
    const calls = ctx.paths.length;
    for (const bad of ['123456', '12345678', '1234567', 'abcdefg']) expect(await ctx.logon.logon(bad)).toBe(false);
    expect(ctx.paths).toHaveLength(calls);
    expect(ctx.cookies.logonType.get()).toBeUndefined();
  });

  it('shows the 400 message for a wrong code, and at the fifth deactivates the scanner and ends locked, sending nothing more', async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    const wrong = wrongCode(scanned(ctx.state, image.base64Cronto));
    for (let i = 0; i < 4; i++) {
      await ctx.logon.logon(wrong);
      expect(ctx.logon.state).toMatchObject({ status: 'code', codeError: CODE_ERRORS[400] });
    }
    ctx.logon.clearCodeError();
    expect(ctx.logon.state.codeError).toBeUndefined();
    expect(ctx.paths).not.toContain(`/access${SCANNER_LOGON_PATHS.deactivate}`);
    await ctx.logon.logon(wrong);
    expect(ctx.logon.state).toMatchObject({ status: 'locked', codeError: CODE_ERRORS[403] });
    // When it came and the answer's trace id, for the service team.
    expect(ctx.logon.state.lockout?.traceId).toMatch(/^\d{2}-[a-z\d]{32}-[a-z\d]{16}-\d{2}$/i);
    expect(Number.isNaN(Date.parse(ctx.logon.state.lockout!.date))).toBe(false);
    expect(ctx.paths.filter((path) => !path.includes('/log/')).slice(-2)).toEqual([SCANNER_LOGON_PATHS.authenticate, `/access${SCANNER_LOGON_PATHS.deactivate}`]);
    expect(scannerDeactivated(ctx.state, 'EMMA0005')).toBe(true);
    expect(await ctx.traced()).toContain('trace scanner-logon:deactivated EMMA0005');
    // The end: no colour code stays live, and neither Log on nor Back nor a refresh sends anything.
    expect(ctx.logon.colourCode.state.status).toBe('idle');
    const calls = ctx.paths.length;
    expect(await ctx.logon.logon(scanned(ctx.state, image.base64Cronto))).toBe(false);
    ctx.logon.back();
    expect(ctx.paths).toHaveLength(calls);
    expect(ctx.logon.state).toMatchObject({ status: 'locked', codeError: CODE_ERRORS[403] });
    expect(ctx.of('amwa-technical-exception')).toEqual([]);
    expect(ctx.navigateToError).not.toHaveBeenCalled();
  });

  it('after a 400 from the logon call keeps the message, brings a fresh colour code, and the retry logs on', async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    ctx.state.faults.push({ path: `/access${SCANNER_LOGON_PATHS.logon}`, status: 400, body: { errorCode: 'invalid-transfer-otp' }, times: 1 });
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    expect(ctx.logon.state).toMatchObject({ status: 'code', codeError: CODE_ERRORS[400] });
    // The colour code was answered and its session used: a new session brings a new one.
    await vi.waitFor(() => expect(ctx.logon.colourCode.state.image?.base64Cronto).not.toBe(image.base64Cronto));
    await vi.waitFor(() => expect(ctx.logon.colourCode.state.status).toBe('shown'));
    expect(ctx.logon.state.codeError).toBe(CODE_ERRORS[400]);
    expect(ctx.paths.filter((path) => path.endsWith('/anonymous/initiate'))).toHaveLength(2);

    expect(await ctx.logon.logon(scanned(ctx.state, ctx.logon.colourCode.state.image!.base64Cronto))).toBe(true);
    expect(ctx.leave).toHaveBeenCalledWith(`${running.url}/__sandbox/logged-on`);
    expect(acceptedLogons(ctx.state)).toHaveLength(1);
  });

  it('reports a server fault as a technical error with the date and trace id, and spoils the colour code', async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    ctx.state.faults.push({ path: `/access${SCANNER_LOGON_PATHS.logon}`, status: 500, body: { errorCode: 'boom' }, times: 1 });
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    const [technical] = ctx.of('amwa-technical-exception');
    expect(technical).toMatchObject({ timeout: false, traceId: expect.stringMatching(/^\d{2}-\w{32}-\w{16}-\d{2}$/) });
    expect(Math.abs(new Date(technical!.date).getTime() - Date.now())).toBeLessThan(5000);
    expect(ctx.logon.state.status).toBe('code');
    expect(ctx.logon.colourCode.state.status).toBe('error');
    expect(ctx.leave).not.toHaveBeenCalled();
  });

  it("treats 'invalid-scanner-means-agreement-error-code' as technical", async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    ctx.state.faults.push({ path: SCANNER_LOGON_PATHS.authenticate, status: 400, body: { errorCode: 'invalid-scanner-means-agreement-error-code' }, times: 1 });
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    expect(ctx.logon.state.codeError).toBeUndefined();
    expect(ctx.of('amwa-technical-exception')).toHaveLength(1);
  });

  it('reports a call that outlives the time-out as a timeout', async () => {
    const ctx = setup({ bmgApiTimeout: 300 });
    const image = await toCodeStep(ctx);
    ctx.state.faults.push({ path: `/access${SCANNER_LOGON_PATHS.logon}`, delayMs: 1000, times: 1 });
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    expect(ctx.of('amwa-technical-exception')).toEqual([{ timeout: true, date: expect.any(String), traceId: undefined }]);
    expect(ctx.logon.colourCode.state.status).toBe('error');
  });

  it("refuses a logon url outside the allowed origins with 'Invalid redirection url'", async () => {
    const ctx = setup();
    ctx.state.config.logonRedirectUrl = 'https://evil.example/phish';
    const image = await toCodeStep(ctx);
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    expect(ctx.leave).not.toHaveBeenCalled();
    expect(ctx.of('amwa-generic-exception')).toEqual([expect.objectContaining({ message: 'Invalid redirection url' })]);
    await vi.waitFor(() => expect(ctx.navigateToError).toHaveBeenCalledWith(undefined));
  });

  it("refuses a logon url longer than 8 KiB on an allowed origin with 'Invalid redirection url', before any navigation", async () => {
    const ctx = setup();
    ctx.state.config.logonRedirectUrl = `/__sandbox/logged-on?pad=${'a'.repeat(300_000)}`;
    const image = await toCodeStep(ctx);
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    expect(ctx.leave).not.toHaveBeenCalled();
    expect(ctx.of('amwa-logon-redirect')).toEqual([]);
    expect(ctx.of('amwa-generic-exception')).toEqual([expect.objectContaining({ message: 'Invalid redirection url' })]);
  });

  it('names the logon url by origin and path in amwa-logon-redirect, and leaves for it whole (issue 30: its query carries the ticket)', async () => {
    const ctx = setup();
    ctx.state.config.logonRedirectUrl = `/__sandbox/logged-on?ticket=${SECRET_FIELDS.ticket}#${SECRET}-fragment`;
    const image = await toCodeStep(ctx);
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    expect(ctx.leave).toHaveBeenCalledWith(`${running.url}/__sandbox/logged-on?ticket=${SECRET_FIELDS.ticket}#${SECRET}-fragment`);
    expect(ctx.of('amwa-logon-redirect')).toEqual([{ url: `${running.url}/__sandbox/logged-on`, logonType: 'scanner' }]);
  });

  it('reports a transfer answer with a numeric otp by its field names, never the otp (issue 30)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = setup();
    const image = await toCodeStep(ctx);
    ctx.state.faults.push({ path: '/security-means/transfers', status: 200, body: { ...SECRET_FIELDS, otp: SECRET_NUMBER }, times: 1 });
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    expect(ctx.leave).not.toHaveBeenCalled();
    expect(ctx.of('amwa-generic-exception')).toEqual([
      expect.objectContaining({
        origin: '/security-means/transfers',
        data: { operation: 'transfer', path: '/security-means/transfers', status: 200, fields: Object.keys(SECRET_FIELDS), invalidFields: ['otp'] },
      }),
    ]);
    expect(secretsIn(reachableText([ctx.of('amwa-generic-exception'), vi.mocked(console.error).mock.calls]))).toEqual([]);
  });

  it('re-initialises the anonymous session before every refresh, and clears the technical alert', async () => {
    const ctx = setup();
    await toCodeStep(ctx);
    ctx.logon.colourCode.spoil();
    const clears = ctx.of('amwa-clear-technical-exception').length;
    ctx.logon.colourCode.refresh();
    await vi.waitFor(() => expect(ctx.logon.colourCode.state.status).toBe('shown'));
    expect(ctx.paths.filter((path) => path.endsWith('/anonymous/initiate'))).toHaveLength(2);
    expect(ctx.paths.filter((path) => path === SCANNER_LOGON_PATHS.initiate)).toHaveLength(2);
    expect(ctx.of('amwa-clear-technical-exception').length).toBeGreaterThan(clears);
  });

  it('asks for the colour code as soon as the session is there, before the code step shows it', async () => {
    const ctx = setup();
    expect(await ctx.logon.submitUserId('EMMA0005', true)).toBe(true);
    expect(ctx.logon.state.status).toBe('code');
    expect(ctx.logon.colourCode.state.status).not.toBe('idle');
    await vi.waitFor(() => expect(ctx.logon.colourCode.state.status).toBe('shown'));
    // The code step's own show() finds it there: no second colour code.
    ctx.logon.colourCode.show();
    expect(ctx.paths.filter((path) => path === SCANNER_LOGON_PATHS.initiate)).toHaveLength(1);
  });

  it('asks for no colour code when the session ends while it starts', async () => {
    const ctx = setup();
    const submitted = ctx.logon.submitUserId('EMMA0005', true);
    await ctx.logon.endSession();
    expect(await submitted).toBe(true);
    expect(ctx.logon.state.status).toBe('userId');
    expect(ctx.logon.colourCode.state.status).toBe('idle');
    expect(ctx.paths).not.toContain(SCANNER_LOGON_PATHS.initiate);
  });

  it('shows a failed anonymous session as a technical error and stays on the user ID step', async () => {
    const ctx = setup();
    ctx.state.faults.push({ path: '/access/v1/public/session/anonymous/initiate', status: 503, times: 1 });
    expect(await ctx.logon.submitUserId('EMMA0005', true)).toBe(true);
    expect(ctx.logon.state.status).toBe('userId');
    expect(ctx.of('amwa-technical-exception')).toHaveLength(1);
  });

  it('goes back to the user ID step, dropping the colour code', async () => {
    const ctx = setup();
    await toCodeStep(ctx);
    ctx.logon.back();
    expect(ctx.logon.state).toMatchObject({ status: 'userId', userId: 'EMMA0005' });
    expect(ctx.logon.colourCode.state.status).toBe('idle');
  });

  it('ends the session at the inactivity limit: logout, user ID cleared, first step', async () => {
    const ctx = setup();
    await toCodeStep(ctx);
    await ctx.logon.endSession();
    expect(ctx.logon.state).toEqual({ status: 'userId', userId: '', codeError: undefined });
    expect(ctx.logon.colourCode.state.status).toBe('idle');
    expect(ctx.paths).toContain('/access/v1/private/logout');
    expect(ctx.of('amwa-logout')).toHaveLength(1);
    expect(await ctx.traced()).toContain('trace session:expired EMMA0005');
  });

  it.each([
    ['goes to the corporate-portal logout the logout names', false],
    ['stays when a host cancels amwa-logout', true],
  ])('at the inactivity limit %s', async (_, cancel) => {
    const ctx = setup();
    if (cancel) ctx.hear('amwa-logout', () => false);
    await toCodeStep(ctx);
    const portal = `${running.url}/__sandbox/corporate/logout`;
    running.sandbox.state.faults.push({ path: '/access/v1/private/logout', status: 200, body: { ingLogOutUrl: portal }, times: 1 });
    await ctx.logon.endSession();
    expect(ctx.of('amwa-logout')).toEqual([{ url: portal }]);
    if (cancel) expect(ctx.leave).not.toHaveBeenCalled();
    else expect(ctx.leave).toHaveBeenCalledWith(portal);
  });

  it('ignores events a state does not list', () => {
    expect(scannerLogonTransitions.userId.logon).toBeUndefined();
    expect(scannerLogonTransitions.redirecting).toEqual({});
    expect(scannerLogonTransitions.loggingOn.rejected).toBe('code');
    expect(scannerLogonTransitions.locked).toEqual({});
    expect(scannerLogonTransitions.code.locked).toBeUndefined();
    expect(scannerLogonTransitions.steppingUp.rejected).toBe('stepUp');
  });

  it('reports an inert session (inside the native app) as the anonymous-session failure', async () => {
    const ctx = setup({}, createInertSession());
    expect(await ctx.logon.submitUserId('EMMA0005', true)).toBe(true);
    expect(ctx.logon.state.status).toBe('userId');
    expect(ctx.of('amwa-generic-exception')).toEqual([expect.objectContaining({ message: 'Can not GET anonymous session response' })]);
    // No session call: only the error's trace line (and the XSRF cookie it needs).
    expect(await ctx.traced()).toEqual(['error /v1/public/session/anonymous/initiate EMMA0005']);
    expect(ctx.paths).toEqual(['/access/', '/access/v1/api/public/log/trace-error']);
  });
});

/** Answers the colour code on screen (the code step's or the step-up's) with what HUGO0008's scanner shows. */
const answer = async (ctx: ReturnType<typeof setup>, image: { base64Cronto: string } | undefined) => ctx.logon.logon(scanned(ctx.state, image?.base64Cronto));

describe('scanner logon answered 429 Too Many Requests', () => {
  const TOO_MANY = { status: 429, body: { errorCode: 'too-many-requests' }, times: 1 };
  /** No error page, no error event: a 429 only holds the action back. */
  const expectNoError = (ctx: ReturnType<typeof setup>) => {
    expect(ctx.of('amwa-generic-exception')).toEqual([]);
    expect(ctx.of('amwa-technical-exception')).toEqual([]);
    expect(ctx.navigateToError).not.toHaveBeenCalled();
  };

  it('on the code: back to the code step with its colour code, Log on held for the Retry-After, then the same code logs on', async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    ctx.state.faults.push({ path: SCANNER_LOGON_PATHS.authenticate, ...TOO_MANY, headers: { 'Retry-After': '1' } });
    const code = scanned(ctx.state, image.base64Cronto);
    await ctx.logon.logon(code);
    expect(ctx.logon.state).toMatchObject({ status: 'code', userId: 'EMMA0005', retryInS: 1, codeError: undefined });
    expect(ctx.logon.colourCode.state).toMatchObject({ status: 'shown', image });
    expectNoError(ctx);
    expect(await ctx.logon.logon(code)).toBe(false);
    await vi.waitFor(() => expect(ctx.logon.state.retryInS).toBeUndefined(), { timeout: 3000 });
    expect(await ctx.logon.logon(code)).toBe(true);
    expect(ctx.leave).toHaveBeenCalledWith(`${running.url}/__sandbox/logged-on`);
  });

  it('on the user ID step call: the step stays with its user ID, Next held for 1 s (no Retry-After), then goes on', async () => {
    const ctx = setup();
    ctx.state.faults.push({ path: '/access/v1/public/session/anonymous/initiate', ...TOO_MANY });
    expect(await ctx.logon.submitUserId('EMMA0005', true)).toBe(true);
    expect(ctx.logon.state).toMatchObject({ status: 'userId', userId: 'EMMA0005', retryInS: 1 });
    expectNoError(ctx);
    expect(await ctx.logon.submitUserId('EMMA0005', true)).toBe(false);
    await vi.waitFor(() => expect(ctx.logon.state.retryInS).toBeUndefined(), { timeout: 3000 });
    await toCodeStep(ctx);
  });

  it('on the logon call, after the code was accepted: the next Log on only hands over, without answering the code again', async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    ctx.state.faults.push({ path: `/access${SCANNER_LOGON_PATHS.logon}`, ...TOO_MANY, headers: { 'Retry-After': '1' } });
    const code = scanned(ctx.state, image.base64Cronto);
    await ctx.logon.logon(code);
    expect(ctx.logon.state).toMatchObject({ status: 'code', retryInS: 1 });
    expectNoError(ctx);
    await vi.waitFor(() => expect(ctx.logon.state.retryInS).toBeUndefined(), { timeout: 3000 });
    expect(await ctx.logon.logon(code)).toBe(true);
    expect(ctx.leave).toHaveBeenCalledWith(`${running.url}/__sandbox/logged-on`);
    expect(ctx.paths.filter((path) => path === SCANNER_LOGON_PATHS.authenticate)).toHaveLength(1);
    expect(ctx.paths.filter((path) => path === `/access${SCANNER_LOGON_PATHS.logon}`)).toHaveLength(2);
  });

  it('stops the wait on dispose: no timer left', async () => {
    const ctx = setup();
    ctx.state.faults.push({ path: '/access/v1/public/session/anonymous/initiate', ...TOO_MANY, headers: { 'Retry-After': '60' } });
    await ctx.logon.submitUserId('EMMA0005', true);
    expect(ctx.logon.state.retryInS).toBe(60);
    vi.useFakeTimers();
    try {
      scopes.splice(0).forEach((scope) => scope.dispose());
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('scanner logon with the authentication component', () => {
  it('asks HUGO0008 to choose a profile, refuses the ineligible one and logs on with the chosen one', async () => {
    const ctx = setup();
    await answer(ctx, await toCodeStep(ctx, MULTI_PROFILE_USER_ID));
    expect(ctx.logon.state.status).toBe('selectProfile');
    const auth = ctx.logon.authentication!;
    expect(auth.state.profiles.map(({ profile, eligible }) => [profile.name, eligible])).toEqual([
      ['acme trading', false],
      ['Jansen Holding BV', true],
    ]);
    expect(ctx.leave).not.toHaveBeenCalled();

    expect(auth.selectProfile(ACME)).toBe(false);
    await ctx.logon.continueLogon();
    expect(ctx.logon.state.status).toBe('selectProfile');

    expect(auth.selectProfile(JANSEN)).toBe(true);
    await ctx.logon.continueLogon();
    expect(ctx.session.activeProfileId).toBe(JANSEN);
    expect(ctx.logon.state.status).toBe('redirecting');
    expect(ctx.leave).toHaveBeenCalledWith(`${running.url}/__sandbox/logged-on`);
    expect(acceptedLogons(ctx.state).map((logon) => logon.username)).toEqual([MULTI_PROFILE_USER_ID]);
    expect(ctx.of('amwa-next').map((next) => next.step)).toEqual(['userId', 'selectProfile', 'code']);
  });

  it('Back from the profile selector gives the logon up: the user ID step, the signed-in profiles dropped and revoked', async () => {
    const ctx = setup();
    await answer(ctx, await toCodeStep(ctx, MULTI_PROFILE_USER_ID));
    expect(ctx.logon.state.status).toBe('selectProfile');
    expect(ctx.session.profiles.length).toBeGreaterThan(0);
    ctx.logon.back();
    expect(ctx.logon.state.status).toBe('userId');
    expect(ctx.session.profiles).toEqual([]);
    // Dropped by Back, not lost under the selector: no end of the session.
    expect(ctx.onSessionLost).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(ctx.paths).toContain('/oauth2/token/revoke'));
  });

  it('ends the session when the profiles on offer are signed out under the selector (a refresh answered 401)', async () => {
    const ctx = setup();
    await answer(ctx, await toCodeStep(ctx, MULTI_PROFILE_USER_ID));
    expect(ctx.logon.state.status).toBe('selectProfile');
    expect(ctx.onSessionLost).not.toHaveBeenCalled();
    await ctx.session.logoutProfile(JANSEN);
    expect(ctx.onSessionLost).toHaveBeenCalledOnce();
  });

  it('steps up with a second colour code when the result is partial, then asks for the profile', async () => {
    const ctx = setup();
    ctx.state.config.stepUp = true;
    await answer(ctx, await toCodeStep(ctx, MULTI_PROFILE_USER_ID));
    expect(ctx.logon.state.status).toBe('stepUp');
    const auth = ctx.logon.authentication!;
    expect(auth.state).toMatchObject({ status: 'show-means', stepUpTokens: [expect.objectContaining({ requesterLevelOfAssurance: 3 })] });
    expect(auth.state.means.map((means) => [means.name, means.cost])).toEqual([
      ['scanner', 20],
      ['mobile', 50],
    ]);
    // Nothing is signed in yet: the interim token only carries the step-up.
    expect(ctx.session.profiles).toEqual([]);

    ctx.logon.stepUpCode.show();
    await vi.waitFor(() => expect(ctx.logon.stepUpCode.state.status).toBe('shown'));
    const image = ctx.logon.stepUpCode.state.image!;
    expect(image.base64Cronto).not.toBe(ctx.logon.colourCode.state.image?.base64Cronto);

    await ctx.logon.logon(wrongCode(scanned(ctx.state, image.base64Cronto)));
    expect(ctx.logon.state).toMatchObject({ status: 'stepUp', codeError: CODE_ERRORS[400] });

    await answer(ctx, image);
    expect(ctx.logon.state.status).toBe('selectProfile');
    expect(auth.selectProfile(JANSEN)).toBe(true);
    await ctx.logon.continueLogon();
    expect(ctx.leave).toHaveBeenCalledWith(`${running.url}/__sandbox/logged-on`);
    expect(ctx.paths).toEqual(expect.arrayContaining([SCANNER_LOGON_PATHS.stepUpInitiate, SCANNER_LOGON_PATHS.stepUpAuthenticate]));
    expect(ctx.of('amwa-next').map((next) => next.step)).toEqual(['userId', 'stepUp', 'selectProfile', 'code']);
    expect(ctx.memory.value).toBe('scanner');
  });

  it('swaps the step-up means, and Back leaves the step-up for the user ID step', async () => {
    const ctx = setup();
    ctx.state.config.stepUp = true;
    await answer(ctx, await toCodeStep(ctx, MULTI_PROFILE_USER_ID));
    ctx.logon.authentication!.swap();
    expect(ctx.logon.authentication!.state.means.map((means) => means.name)).toEqual(['mobile', 'scanner']);
    ctx.logon.stepUpCode.show();
    ctx.logon.back();
    expect(ctx.logon.state.status).toBe('userId');
    expect([ctx.logon.colourCode.state.status, ctx.logon.stepUpCode.state.status]).toEqual(['idle', 'idle']);
  });

  it("sends a malformed authentication result to the generic handler as 'authentication-means-error'", async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    ctx.state.faults.push({ path: SCANNER_LOGON_PATHS.authenticate, status: 200, body: { accessTokens: [{ accessToken: 'x' }] }, times: 1 });
    await answer(ctx, image);
    expect(ctx.logon.state.status).toBe('code');
    expect(ctx.logon.authentication?.state.status).toBe('error');
    expect(ctx.of('amwa-generic-exception')).toEqual([expect.objectContaining({ origin: 'authentication-means-error', message: 'malformed means response' })]);
    await vi.waitFor(() => expect(ctx.navigateToError).toHaveBeenCalled());
    expect(ctx.leave).not.toHaveBeenCalled();
  });

  it('drops the sign-in of a logon that failed after the profile choice before the next session starts', async () => {
    const ctx = setup();
    await answer(ctx, await toCodeStep(ctx, MULTI_PROFILE_USER_ID));
    ctx.logon.authentication!.selectProfile(JANSEN);
    ctx.state.faults.push({ path: `/access${SCANNER_LOGON_PATHS.logon}`, status: 503, times: 1 });
    await ctx.logon.continueLogon();
    expect(ctx.logon.state.status).toBe('code');
    expect(ctx.logon.colourCode.state.status).toBe('error');
    expect(ctx.of('amwa-technical-exception')).toHaveLength(1);
    expect(ctx.session.profiles).toHaveLength(2);

    // The session refuses an anonymous session beside a profile: Refresh signs the old one out first.
    ctx.logon.colourCode.refresh();
    await vi.waitFor(() => expect(ctx.logon.colourCode.state.status).toBe('shown'));
    expect(ctx.session.profiles).toEqual([]);
    expect(ctx.session.anonymousProfile).toBeDefined();
    await vi.waitFor(() => expect(ctx.paths.filter((path) => path === '/oauth2/token/revoke')).toHaveLength(3));
  });

  it('logs the session out at the inactivity limit, its tokens revoked', async () => {
    const ctx = setup();
    await toCodeStep(ctx);
    expect(ctx.session.anonymousProfile).toBeDefined();
    await ctx.logon.endSession();
    expect(ctx.session.anonymousProfile).toBeUndefined();
    expect(ctx.paths).toEqual(expect.arrayContaining(['/oauth2/token/revoke', '/access/v1/private/logout']));
  });
});
