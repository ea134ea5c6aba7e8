import JsCookie from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScope, type Scope } from '../scope';
import type { SettingsInput } from '../settings';
import { MOBILE_LOGON_PATH, mobileLogon } from './mobile-logon';
import { testServices, type Answer } from './qr-test-server';
import type { QrMode } from './qr';
import { INVALID_REDIRECT } from './redirect';

const BASE = 'https://bank.test/access/pages/logon/mobile';
let scope: Scope;

function setup(mode: QrMode, answer: Answer, settings: SettingsInput = {}) {
  const services = testServices(scope, () => answer, { allowedRedirectOrigins: ['https://bank.test'], ...settings });
  const leave = vi.fn<(url: string) => void>();
  const confirm = mobileLogon({ ...services, mode, base: BASE, leave });
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
    expect(t.cookies.logonType.get()).toBe('mobile');
    expect(t.leave).toHaveBeenCalledWith('https://bank.test/online/home');
    expect(t.events).toEqual([
      ['amwa-next', { flow: 'mobile-logon', step: 'qr-confirmed' }],
      ['amwa-logon-redirect', { url: 'https://bank.test/online/home', logonType: 'mobile' }],
    ]);
  });

  it.each([{ url: 'https://evil.test/' }, {}, { url: 'javascript:alert(1)' }])('refuses %j with the spec message', async (body) => {
    const t = setup('logon', { status: 200, body });
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
