import JsCookie from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../events';
import { createScope, type Scope } from '../scope';
import { LOGOUT_PATH, logout } from './logout';
import { testServices, type Answer } from './qr-test-server';

const BASE = 'https://bank.test/access/';
const PORTAL_LOGOUT = 'https://portal.test/logout?from=amwa';
let scope: Scope;

function run(answer: Answer, signal?: AbortSignal, session?: { logout(): Promise<void> }) {
  const services = testServices(scope, () => answer, {
    allowedRedirectOrigins: ['https://bank.test'],
    corporatePortal: { logoutUrl: 'https://portal.test/logout' },
  });
  const leave = vi.fn<(url: string) => void>();
  return { ...services, leave, result: logout({ ...services, base: BASE, leave, signal, session }) };
}

beforeEach(() => {
  scope = createScope();
  JsCookie.set('XSRF-TOKEN', 'token', { path: '/' });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => scope.dispose());

describe('logout', () => {
  it.each([200, 401, 500])('accepts status %i and follows ingLogOutUrl to the corporate-portal logout', async (status) => {
    const t = run({ status, body: { ingLogOutUrl: PORTAL_LOGOUT } });
    await expect(t.result).resolves.toBe(PORTAL_LOGOUT);
    expect(t.calls.map(({ method, path }) => `${method} ${path}`)).toEqual([`POST ${LOGOUT_PATH}`]);
    expect(t.leave).toHaveBeenCalledWith(PORTAL_LOGOUT);
    expect(t.events).toEqual([['amwa-logout', { url: PORTAL_LOGOUT }]]);
  });

  it.each([{}, { ingLogOutUrl: '' }, { ingLogOutUrl: 'https://evil.test/' }, undefined])('stays when the answer is %j', async (body) => {
    const t = run({ status: 200, body });
    await expect(t.result).resolves.toBeUndefined();
    expect(t.leave).not.toHaveBeenCalled();
    expect(t.events).toEqual([['amwa-logout', { url: undefined }]]);
  });

  it('stays when ingLogOutUrl is longer than 8 KiB, even on the corporate portal', async () => {
    const t = run({ status: 200, body: { ingLogOutUrl: `${PORTAL_LOGOUT}&pad=${'a'.repeat(9000)}` } });
    await expect(t.result).resolves.toBeUndefined();
    expect(t.leave).not.toHaveBeenCalled();
    expect(t.events).toEqual([['amwa-logout', { url: undefined }]]);
  });

  it('stays when a host cancels amwa-logout: a callback returning false, or preventDefault() on the DOM event', async () => {
    const byCallback = run({ status: 200, body: { ingLogOutUrl: PORTAL_LOGOUT } });
    byCallback.on('amwa-logout', () => false);
    await expect(byCallback.result).resolves.toBeUndefined();
    expect(byCallback.leave).not.toHaveBeenCalled();

    const host = document.createElement('div');
    host.addEventListener('amwa-logout', (event) => event.preventDefault());
    const emitter = createEmitter(host);
    const services = testServices(scope, () => ({ status: 200, body: { ingLogOutUrl: PORTAL_LOGOUT } }), { allowedRedirectOrigins: ['https://bank.test'] });
    const leave = vi.fn();
    await expect(logout({ ...services, emit: emitter.emit, base: BASE, leave })).resolves.toBeUndefined();
    expect(leave).not.toHaveBeenCalled();
  });

  it('counts a call that never answers (network error) as logged out', async () => {
    const t = run(Promise.reject(new TypeError('Failed to fetch')));
    await expect(t.result).resolves.toBeUndefined();
    expect(t.events).toEqual([['amwa-logout', { url: undefined }]]);
  });

  it("revokes and drops the tab's tokens before the browser leaves", async () => {
    const order: string[] = [];
    let revoked = () => {};
    const session = { logout: () => new Promise<void>((resolve) => (revoked = () => (order.push('revoked'), resolve()))) };
    const t = run({ status: 200, body: { ingLogOutUrl: PORTAL_LOGOUT } }, undefined, session);
    t.leave.mockImplementation(() => void order.push('left'));
    await vi.waitFor(() => expect(t.calls).toHaveLength(1));
    expect(order).toEqual([]);
    revoked();
    await expect(t.result).resolves.toBe(PORTAL_LOGOUT);
    expect(order).toEqual(['revoked', 'left']);
  });

  it('does nothing more once cancelled', async () => {
    const controller = new AbortController();
    const t = run(new Promise(() => {}), controller.signal);
    controller.abort();
    await expect(t.result).resolves.toBeUndefined();
    expect(t.events).toEqual([]);
  });
});
