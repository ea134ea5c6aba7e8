import JsCookie from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reachableText, SECRET, SECRET_FIELDS, secretsIn } from '../leak-probe';
import { createScope, type Scope } from '../scope';
import type { SettingsInput } from '../settings';
import { mobileLogon as mobileLogonContract } from '../../contract/mobile';
import { createInertSession } from '../session/native-bridge';
import { MOBILE_LOGON_PATH, mobileLogon, prepareQrSession } from './mobile-logon';
import { testServices, type Answer } from './qr-test-server';
import type { QrMode } from './qr';
import { INVALID_REDIRECT } from './redirect';

const BASE = 'https://bank.test/access/pages/logon/mobile';
let scope: Scope;

const CONTEXT = { clientId: 'amwa-web', identifyeeType: 'customer', requiredLevelOfAssurance: 1, scopes: [] };
const DEVICE = { browser: 'Chrome 126', operatingSystem: 'Linux', deviceUniqueIdentifier: 'AAAAAAAAAAAAAAAA', deviceFingerprint: 'a'.repeat(64) };
const anonymousProfile = { authenticationContext: CONTEXT, accessTokens: [], accessToken: 'anon-token', expirationTime: Date.now() + 60_000 };

function setup(mode: QrMode, answer: Answer, settings: SettingsInput = {}) {
  const services = testServices(scope, () => answer, { allowedRedirectOrigins: ['https://bank.test'], ...settings });
  const leave = vi.fn<(url: string) => void>();
  const confirm = mobileLogon({ ...services, session: { anonymousProfile }, deviceProfile: async () => DEVICE, mode, base: BASE, leave });
  return { ...services, leave, run: () => confirm(scope.signal) };
}

beforeEach(() => {
  scope = createScope();
  JsCookie.set('XSRF-TOKEN', 'token', { path: '/' });
  JsCookie.remove('logonType', { path: '/' });
});
afterEach(() => scope.dispose());

describe('mobileLogon', () => {
  it('remembers mobile, calls the mobile logon and follows its url', async () => {
    const t = setup('logon', { status: 200, body: { url: '/online/home' } });
    await t.run();
    expect(t.calls.map(({ method, path }) => `${method} ${path}`)).toEqual([`POST ${MOBILE_LOGON_PATH}`]);
    // The body is the session data: the anonymous session's context and the device profile; its token the bearer.
    expect(t.calls[0]).toMatchObject({ body: { authenticationContext: CONTEXT, ...DEVICE }, headers: expect.objectContaining({ Authorization: 'Bearer anon-token' }) });
    expect(mobileLogonContract.body!().safeParse(t.calls[0]!.body).success).toBe(true);
    await t.traceLog.settled();
    expect(t.traces.map(({ body }) => (body as { operation: string }).operation)).toEqual(['mobile-logon:confirmed', 'mobile-logon:logged-on']);
    expect(t.cookies.logonType.get()).toBe('mobile');
    expect(t.leave).toHaveBeenCalledWith('https://bank.test/online/home');
    expect(t.events).toEqual([
      ['amwa-next', { flow: 'mobile-logon', step: 'qr-confirmed' }],
      ['amwa-logon-redirect', { url: 'https://bank.test/online/home', logonType: 'mobile' }],
    ]);
  });

  it('names the logon url by origin and path in amwa-logon-redirect, and leaves for it whole (issue 30: its query carries the ticket)', async () => {
    const t = setup('logon', { status: 200, body: { url: `/online/home?ticket=${SECRET_FIELDS.ticket}#${SECRET}-fragment` } });
    await t.run();
    expect(t.leave).toHaveBeenCalledWith(`https://bank.test/online/home?ticket=${SECRET_FIELDS.ticket}#${SECRET}-fragment`);
    expect(t.events).toContainEqual(['amwa-logon-redirect', { url: 'https://bank.test/online/home', logonType: 'mobile' }]);
    expect(secretsIn(reachableText(t.events))).toEqual([]);
  });

  it.each([{ url: 'https://evil.test/' }, {}, { url: 'javascript:alert(1)' }])('refuses %j with the spec message', async (body) => {
    const t = setup('logon', { status: 200, body });
    await expect(t.run()).rejects.toThrow(INVALID_REDIRECT);
    expect(t.leave).not.toHaveBeenCalled();
  });

  it('refuses a url of 300 kB on an allowed origin with the spec message (longer than 8 KiB)', async () => {
    const t = setup('logon', { status: 200, body: { url: `https://bank.test/online/home?pad=${'a'.repeat(300_000)}` } });
    await expect(t.run()).rejects.toThrow(INVALID_REDIRECT);
    expect(t.leave).not.toHaveBeenCalled();
  });

  it('lets a failed call reach the caller, which hands it to the shared handler', async () => {
    const t = setup('logon', { status: 500, body: {} });
    await expect(t.run()).rejects.toMatchObject({ kind: 'http', status: 500, path: MOBILE_LOGON_PATH });
    expect(t.leave).not.toHaveBeenCalled();
  });

  it('in link mode goes to the precheck page without a call and without remembering a logon type', async () => {
    const t = setup('link', { status: 500 }, { corporatePortal: { precheckUrl: 'https://portal.test/precheck' } });
    await t.run();
    expect(t.calls).toEqual([]);
    await t.traceLog.settled();
    expect(t.traces.map(({ body }) => (body as { operation: string }).operation)).toEqual(['link:confirmed']);
    expect(t.cookies.logonType.get()).toBeUndefined();
    expect(t.leave).toHaveBeenCalledWith('https://portal.test/precheck');
    expect(t.events).toEqual([
      ['amwa-next', { flow: 'link-ib-user', step: 'qr-confirmed' }],
      ['amwa-logon-redirect', { url: 'https://portal.test/precheck', logonType: 'link' }],
    ]);
  });

  it.each([undefined, 'javascript:alert(1)'])('in link mode refuses a precheck url of %s', async (precheckUrl) => {
    // parseSettings already refuses a javascript: url; the flow checks again where it navigates.
    const t = setup('link', { status: 500 });
    t.settings.corporatePortal.precheckUrl = precheckUrl;
    await expect(t.run()).rejects.toThrow(INVALID_REDIRECT);
    expect(t.leave).not.toHaveBeenCalled();
  });
});

describe('prepareQrSession', () => {
  it('starts an anonymous session only when there is no live one', async () => {
    const initAnonymousSession = vi.fn(async () => anonymousProfile);
    const session = { anonymousProfile: undefined as typeof anonymousProfile | undefined, profiles: [], logout: vi.fn(async () => {}), initAnonymousSession };
    await prepareQrSession(session)();
    expect(initAnonymousSession).toHaveBeenCalledOnce();
    session.anonymousProfile = anonymousProfile;
    await prepareQrSession(session)();
    expect(initAnonymousSession).toHaveBeenCalledOnce();
    await prepareQrSession(session, () => anonymousProfile.expirationTime)();
    expect(initAnonymousSession).toHaveBeenCalledTimes(2);
  });

  it('starts a new one, live or not, when another logon took the web-session cookie of the old (issue 30)', async () => {
    const initAnonymousSession = vi.fn(async () => anonymousProfile);
    const session = { anonymousProfile, profiles: [], logout: vi.fn(async () => {}), initAnonymousSession };
    await prepareQrSession(session)(undefined, true);
    expect(initAnonymousSession).toHaveBeenCalledOnce();
  });

  it("reports a failed session call as its answer, and the native app's inert session as the anonymous-session failure", async () => {
    const answer = { kind: 'http', status: 503 };
    const failing = { anonymousProfile: undefined, profiles: [], logout: async () => {}, initAnonymousSession: async () => Promise.reject(Object.assign(new Error('x'), { cause: answer })) };
    await expect(prepareQrSession(failing)()).rejects.toThrow('x');
    await expect(prepareQrSession(createInertSession())()).rejects.toThrow('Can not GET anonymous session response');
  });
});
