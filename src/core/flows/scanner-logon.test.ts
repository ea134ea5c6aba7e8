// The scanner logon machine against the real sandbox over HTTP. The only stand-in is the
// browser's network layer: a fetch that keeps cookies in document.cookie, as a browser would.
import { request as httpRequest } from 'node:http';
import JsCookie from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { findChallenge } from '../../sandbox/cronto';
import { acceptedLogons } from '../../sandbox/scanner-logon';
import { createAnalytics } from '../analytics';
import { createApiClient } from '../api';
import { createCookies } from '../cookies';
import { createErrorHandler } from '../error-handler';
import { createEmitter, type AmwaEventMap, type AmwaEventType } from '../events';
import { createScope } from '../scope';
import { parseSettings, type Settings, type SettingsInput } from '../settings';
import { createTraceLog } from '../trace';
import { CODE_ERRORS, createScannerLogon, SCANNER_LOGON_PATHS, scannerLogonTransitions } from './scanner-logon';

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
afterEach(() => scopes.splice(0).forEach((scope) => scope.dispose()));

function setup(overrides: SettingsInput = {}) {
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
  const errors = createErrorHandler({
    emit: emitter.emit,
    analytics: createAnalytics({ settings, emit: emitter.emit, cookies }),
    traceLog: createTraceLog(api),
    navigateToError,
    signal: scope.signal,
  });
  const leave = vi.fn();
  const logon = createScannerLogon({ api, scope, settings, cookies, emit: emitter.emit, errors, base: `${running.url}/access/pages/logon/scanner`, leave });
  const of = <K extends AmwaEventType>(type: K) => events.filter((event) => event.type === type).map((event) => event.detail as AmwaEventMap[K]);
  return { logon, cookies, leave, navigateToError, paths, of, state: running.sandbox.state };
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
    expect(ctx.paths.filter((path) => path !== '/access/')).toEqual([
      '/access/v1/public/session/anonymous/initiate',
      '/security/means/bootstrap/web/sessions',
      SCANNER_LOGON_PATHS.initiate,
      SCANNER_LOGON_PATHS.authenticate,
      SCANNER_LOGON_PATHS.transfer,
      `/access${SCANNER_LOGON_PATHS.logon}`,
    ]);
    const [accepted] = acceptedLogons(ctx.state);
    expect(accepted?.username).toBe('EMMA0005');
    expect(accepted?.deviceProfile).toMatchObject({ deviceUniqueIdentifier: localStorage.getItem('amwa-device-id'), deviceFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
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

  it('shows the 400 message for a wrong code, and the 403 message once the scanner is deactivated', async () => {
    const ctx = setup();
    const image = await toCodeStep(ctx);
    const wrong = wrongCode(scanned(ctx.state, image.base64Cronto));
    for (let i = 0; i < 4; i++) {
      await ctx.logon.logon(wrong);
      expect(ctx.logon.state).toMatchObject({ status: 'code', codeError: CODE_ERRORS[400] });
    }
    ctx.logon.clearCodeError();
    expect(ctx.logon.state.codeError).toBeUndefined();
    await ctx.logon.logon(wrong);
    expect(ctx.logon.state.codeError).toBe(CODE_ERRORS[403]);
    await ctx.logon.logon(scanned(ctx.state, image.base64Cronto));
    expect(ctx.logon.state.codeError).toBe(CODE_ERRORS[403]);
    expect(ctx.of('amwa-technical-exception')).toEqual([]);
    expect(ctx.navigateToError).not.toHaveBeenCalled();
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
    expect(ctx.logon.colourCode.state.status).toBe('expired');
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
    expect(ctx.logon.colourCode.state.status).toBe('expired');
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

  it('re-initialises the anonymous session before every refresh, and clears the technical alert', async () => {
    const ctx = setup();
    await toCodeStep(ctx);
    ctx.logon.colourCode.expire();
    const clears = ctx.of('amwa-clear-technical-exception').length;
    ctx.logon.colourCode.refresh();
    await vi.waitFor(() => expect(ctx.logon.colourCode.state.status).toBe('shown'));
    expect(ctx.paths.filter((path) => path.endsWith('/anonymous/initiate'))).toHaveLength(2);
    expect(ctx.paths.filter((path) => path === SCANNER_LOGON_PATHS.initiate)).toHaveLength(2);
    expect(ctx.of('amwa-clear-technical-exception').length).toBeGreaterThan(clears);
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
  });

  it('ignores events a state does not list', () => {
    expect(scannerLogonTransitions.userId.logon).toBeUndefined();
    expect(scannerLogonTransitions.redirecting).toEqual({});
    expect(scannerLogonTransitions.loggingOn.rejected).toBe('code');
  });
});
