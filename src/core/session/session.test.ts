import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../api';
import { AmwaApiError } from '../api-error';
import { AnonymousSessionAPIError, UserProfileExistsError } from './errors';
import { type FakeHandler, type Tab, hang, httpError, openTab, tokenFor } from './test-fakes';

const T0 = Date.UTC(2024, 0, 1, 9, 0, 0);
const context = { clientId: 'web-anonymous', identifyeeType: 'customer', requiredLevelOfAssurance: 0, scopes: [] };

/** A server that answers the anonymous-session calls and refreshes tokens with a counter. */
function server(overrides: Record<string, FakeHandler> = {}): FakeHandler {
  let issued = 0;
  const routes: Record<string, FakeHandler> = {
    '/v1/public/session/anonymous/initiate': () => ({ authenticationContext: context }),
    '/security/means/bootstrap/web/sessions': () => ({
      authenticationResponse: { accessTokens: [{ accessToken: 'anonymous-access', refreshToken: 'anonymous-refresh', accessTokenTimeToLive: 900 }] },
    }),
    '/oauth2/token': () => ({ access_token: `access-${++issued}`, refresh_token: `refresh-${issued}`, expires_in: 600, token_type: 'Bearer' }),
    '/oauth2/token/revoke': () => undefined,
    ...overrides,
  };
  return (req) => {
    const route = routes[req.path];
    if (!route) throw httpError(req.path, 404);
    return route(req);
  };
}

const refreshCalls = (tab: Tab) => tab.api.calls.filter((call) => call.path === '/oauth2/token');
const inactivity = (call: ApiRequest<unknown> | undefined) => call?.headers?.['x-inactivity-seconds'];

let tabs: Tab[] = [];
const open = (...args: Parameters<typeof openTab>) => {
  const tab = openTab(...args);
  tabs.push(tab);
  return tab;
};

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  for (const tab of tabs) tab.scope.dispose();
  tabs = [];
  vi.useRealTimers();
});

describe('init and profilesReady', () => {
  it('leads at once and is ready when no other tab can be reached', async () => {
    const tab = open(server());
    await expect(tab.session.init()).resolves.toEqual([]);
    expect(tab.session.isLeader).toBe(true);
    expect(tab.session.inert).toBe(false);
  });

  it('profilesReady waits for init', async () => {
    const tab = open(server());
    let ready = false;
    void tab.session.profilesReady().then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(ready).toBe(false);
    tab.session.addProfiles([tokenFor('p1')]);
    await expect(tab.session.init()).resolves.toHaveLength(1);
    expect(ready).toBe(true);
  });
});

describe('anonymous session', () => {
  it('initiates without credentials, bootstraps with the context and keeps the tokens', async () => {
    const tab = open(server());
    const profiles: unknown[] = [];
    const tokens: unknown[] = [];
    tab.session.onAnonymousProfileChange((profile) => profiles.push(profile));
    tab.session.onAccessTokenChange((token) => tokens.push(token));

    const anonymous = await tab.session.initAnonymousSession();

    const [initiate, bootstrap] = tab.api.calls;
    expect(initiate).toMatchObject({ method: 'POST', path: '/v1/public/session/anonymous/initiate', credentials: false });
    expect(initiate?.target ?? 'access').toBe('access');
    expect(bootstrap).toMatchObject({ method: 'POST', path: '/security/means/bootstrap/web/sessions', target: 'security', body: { authenticationContext: context } });
    expect(anonymous).toMatchObject({ authenticationContext: context, accessToken: 'anonymous-access', expirationTime: T0 + 900_000 });
    expect(tab.session.anonymousProfile).toBe(anonymous);
    expect(tab.session.accessToken).toBe('anonymous-access');
    expect(profiles).toEqual([anonymous]);
    expect(tokens).toEqual(['anonymous-access']);
  });

  it('fails with AnonymousSessionAPIError when a call fails', async () => {
    const tab = open(server({ '/v1/public/session/anonymous/initiate': (req) => { throw httpError(req.path, 503); } }));
    const failure = tab.session.initAnonymousSession();
    await expect(failure).rejects.toBeInstanceOf(AnonymousSessionAPIError);
    await expect(failure).rejects.toThrow('Can not GET anonymous session response');
    expect(tab.session.anonymousProfile).toBeUndefined();
  });

  it('fails with AnonymousSessionAPIError when the bootstrap answer has no tokens', async () => {
    const tab = open(server({ '/security/means/bootstrap/web/sessions': () => ({ authenticationResponse: { accessTokens: [] } }) }));
    await expect(tab.session.initAnonymousSession()).rejects.toThrow(new AnonymousSessionAPIError());
  });

  it('refuses while a user profile is signed in, without calling the server', async () => {
    const tab = open(server());
    tab.session.addProfiles([tokenFor('p1')]);
    await expect(tab.session.initAnonymousSession()).rejects.toBeInstanceOf(UserProfileExistsError);
    expect(tab.api.calls).toEqual([]);
  });

  it('shares one call between concurrent requests', async () => {
    const tab = open(server());
    const [a, b] = await Promise.all([tab.session.initAnonymousSession(), tab.session.initAnonymousSession()]);
    expect(a).toBe(b);
    expect(tab.api.paths()).toEqual(['/v1/public/session/anonymous/initiate', '/security/means/bootstrap/web/sessions']);
  });

  it('is removed once expired', async () => {
    const tab = open(server());
    await tab.session.initAnonymousSession();
    await vi.advanceTimersByTimeAsync(890_000);
    expect(tab.session.anonymousProfile).toBeDefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tab.session.anonymousProfile).toBeUndefined();
    expect(tab.session.accessToken).toBeUndefined();
  });
});

describe('profiles', () => {
  it('keeps every field of an access-token entry', async () => {
    const tab = open(server());
    const [profile] = tab.session.addProfiles([tokenFor('p1', { default: true, requesterLevelOfAssurance: 3, executorLevelOfAssurance: 4 })]);
    expect(profile).toEqual({
      profileId: 'p1',
      name: 'Profile p1',
      setId: 'set-p1',
      accessToken: 'access-p1',
      refreshToken: 'refresh-p1',
      expirationTime: T0 + 600_000,
      accessTokenTimeToLive: 600,
      personId: 'person-1',
      identifyeeType: 'customer',
      default: true,
      requesterLevelOfAssurance: 3,
      executorLevelOfAssurance: 4,
    });
    expect(tab.session.profiles).toEqual([profile]);
    expect(tab.session.defaultProfileId).toBe('p1');
  });

  it('reads the expiry from expirationTime when given', () => {
    const tab = open(server());
    const [iso] = tab.session.addProfiles([tokenFor('iso', { accessTokenTimeToLive: undefined, expirationTime: new Date(T0 + 60_000).toISOString() })]);
    const [epoch] = tab.session.addProfiles([tokenFor('epoch', { expirationTime: T0 + 30_000 })]);
    expect(iso).toMatchObject({ expirationTime: T0 + 60_000, accessTokenTimeToLive: 60 });
    expect(epoch).toMatchObject({ expirationTime: T0 + 30_000, accessTokenTimeToLive: 600 });
  });

  it('replaces a profile signed in again and tells listeners', () => {
    const tab = open(server());
    const seen: string[][] = [];
    tab.session.onProfilesChange((profiles) => seen.push(profiles.map((p) => p.accessToken)));
    tab.session.addProfiles([tokenFor('p1'), tokenFor('p2')]);
    tab.session.addProfiles([tokenFor('p1', { accessToken: 'again' })]);
    expect(seen).toEqual([
      ['access-p1', 'access-p2'],
      ['access-p2', 'again'],
    ]);
  });

  it('activates a profile only when its level of assurance suffices', () => {
    const tab = open(server());
    tab.session.addProfiles([tokenFor('low', { requesterLevelOfAssurance: 5, executorLevelOfAssurance: 3 }), tokenFor('high')]);
    const ids: (string | undefined)[] = [];
    const tokens: (string | undefined)[] = [];
    tab.session.onActiveProfileIdChange((id) => ids.push(id));
    tab.session.onAccessTokenChange((token) => tokens.push(token));

    expect(tab.session.setActiveProfile('low', 5)).toBe(false);
    expect(tab.session.setActiveProfile('unknown')).toBe(false);
    expect(tab.session.setActiveProfile('low', 3)).toBe(true);
    expect(tab.session.setActiveProfile('high', 5)).toBe(true);
    expect(tab.session.activeProfile?.profileId).toBe('high');
    expect(tab.session.setActiveProfile(undefined)).toBe(true);
    expect(ids).toEqual(['low', 'high', undefined]);
    expect(tokens).toEqual(['access-low', 'access-high', undefined]);
  });

  it('moves the default flag', () => {
    const tab = open(server());
    tab.session.addProfiles([tokenFor('p1', { default: true }), tokenFor('p2')]);
    expect(tab.session.setDefaultProfileId('p2')).toBe(true);
    expect(tab.session.defaultProfileId).toBe('p2');
    expect(tab.session.profiles.map((p) => p.default)).toEqual([false, true]);
    expect(tab.session.setDefaultProfileId('nope')).toBe(false);
  });

  it('removes expired profiles on the 10 s sanity check, active one included', async () => {
    const tab = open(server({ '/oauth2/token': hang }));
    await tab.session.init();
    tab.session.addProfiles([tokenFor('short', { accessTokenTimeToLive: 25 }), tokenFor('long')]);
    tab.session.setActiveProfile('short');
    const ids: (string | undefined)[] = [];
    tab.session.onActiveProfileIdChange((id) => ids.push(id));

    await vi.advanceTimersByTimeAsync(20_000);
    expect(tab.session.profiles.map((p) => p.profileId)).toEqual(['short', 'long']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tab.session.profiles.map((p) => p.profileId)).toEqual(['long']);
    expect(ids).toEqual([undefined]);
  });
});

describe('token refresh', () => {
  it('refreshes every 180 s at /oauth2/token with the inactivity header and a 10 s time-out', async () => {
    const tab = open(server());
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);
    tab.session.setActiveProfile('p1');
    const tokens: (string | undefined)[] = [];
    tab.session.onAccessTokenChange((token) => tokens.push(token));

    await vi.advanceTimersByTimeAsync(179_999);
    expect(refreshCalls(tab)).toHaveLength(0);
    tab.win.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(1);

    const [call] = refreshCalls(tab);
    expect(call).toMatchObject({ method: 'POST', target: 'security', timeoutMs: 10_000, headers: { 'x-inactivity-seconds': '0' } });
    expect(Object.fromEntries(call!.form!)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-p1' });
    expect(tab.session.activeProfile).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', expirationTime: T0 + 180_000 + 600_000 });
    expect(tokens).toEqual(['access-1']);

    await vi.advanceTimersByTimeAsync(180_000);
    expect(refreshCalls(tab).map((c) => c.form?.get('refresh_token'))).toEqual(['refresh-p1', 'refresh-1']);
    expect(inactivity(refreshCalls(tab)[1])).toBe('180');
  });

  it('retries 3 times, 1 s apart, then succeeds', async () => {
    let calls = 0;
    const tab = open(server({ '/oauth2/token': (req) => {
      if (++calls <= 3) throw httpError(req.path, 503);
      return { access_token: 'fresh', expires_in: 600 };
    } }));
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);

    await vi.advanceTimersByTimeAsync(180_000);
    expect(refreshCalls(tab)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(refreshCalls(tab)).toHaveLength(4);
    expect(tab.session.profiles[0]).toMatchObject({ accessToken: 'fresh', refreshToken: 'refresh-p1' });
  });

  it('waits what a 429 asks in Retry-After (seconds or a date) before each retry, and backs off without one', async () => {
    const answers: Record<string, string>[] = [{ 'Retry-After': '20' }, { 'Retry-After': new Date(T0 + 180_000 + 20_000 + 40_000).toUTCString() }, {}];
    const tab = open(server({ '/oauth2/token': (req) => {
      const headers = answers.shift();
      if (headers) throw new AmwaApiError('http', 'Too Many Requests', { path: req.path, status: 429, headers: new Headers(headers) });
      return { access_token: 'fresh', expires_in: 600 };
    } }));
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);

    await vi.advanceTimersByTimeAsync(180_000);
    expect(refreshCalls(tab)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(refreshCalls(tab)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(tab)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(39_999);
    expect(refreshCalls(tab)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(tab)).toHaveLength(3);
    // The third 429 in a row, without Retry-After: half of 4 s (Math.random() is 0).
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refreshCalls(tab)).toHaveLength(4);
    expect(tab.session.profiles[0]).toMatchObject({ accessToken: 'fresh' });
  });

  it('gives up after 3 retries of a timed-out call and keeps the profile until it expires', async () => {
    const tab = open(server({ '/oauth2/token': hang }));
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 300 })]);

    await vi.advanceTimersByTimeAsync(180_000 + 4 * 10_000 + 3 * 1_000);
    expect(refreshCalls(tab)).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshCalls(tab)).toHaveLength(4);
    expect(tab.session.profiles).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tab.session.profiles).toHaveLength(0);
  });

  it('removes the profile when the token endpoint answers 401, without retrying', async () => {
    const tab = open(server({ '/oauth2/token': (req) => {
      if (req.form?.get('refresh_token') === 'refresh-p1') throw httpError(req.path, 401);
      return { access_token: 'fresh', expires_in: 600 };
    } }));
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1'), tokenFor('p2')]);
    tab.session.setActiveProfile('p1');

    await vi.advanceTimersByTimeAsync(185_000);
    expect(refreshCalls(tab)).toHaveLength(2);
    expect(tab.session.profiles.map((p) => [p.profileId, p.accessToken])).toEqual([['p2', 'fresh']]);
    expect(tab.session.activeProfileId).toBeUndefined();
  });

  it('refreshes when the user has been idle 297 s and 897 s, and 300 s after coming back', async () => {
    const tab = open(server());
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);

    await vi.advanceTimersByTimeAsync(900_000);
    expect(refreshCalls(tab).map(inactivity)).toEqual(['180', '297', '360', '540', '720', '897', '900']);

    tab.win.dispatchEvent(new Event('pointerdown')); // back at 900 s
    await vi.advanceTimersByTimeAsync(299_999);
    const before = refreshCalls(tab).length;
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(tab).slice(before).map(inactivity)).toEqual(['300']);
  });

  it('plans the idle refreshes from the last activity', async () => {
    const tab = open(server());
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);
    await vi.advanceTimersByTimeAsync(100_000);
    tab.win.dispatchEvent(new Event('scroll'));

    await vi.advanceTimersByTimeAsync(296_999);
    expect(refreshCalls(tab).map(inactivity)).toEqual(['80', '260']);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls(tab).map(inactivity)).toEqual(['80', '260', '297']);
  });

  it("hears input where the widget says it arrives: its element, which a shadow root may keep from the window", async () => {
    const widget = new EventTarget();
    const tab = open(server(), { activityTargets: [widget] });
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);
    await vi.advanceTimersByTimeAsync(100_000);
    widget.dispatchEvent(new Event('focusin'));

    await vi.advanceTimersByTimeAsync(80_000);
    expect(refreshCalls(tab).map(inactivity)).toEqual(['80']);
  });

  it('reads the inactivity limits on each planning, so a settings update applies from the next activity', async () => {
    const limits = [300];
    const tab = open(server(), { inactivityTimeoutsS: () => limits });
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);
    await vi.advanceTimersByTimeAsync(10_000);
    limits[0] = 120;
    tab.win.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(117_000);
    expect(refreshCalls(tab).map(inactivity)).toEqual(['117']);
  });

  it('does not refresh one profile twice at once', async () => {
    const tab = open(server({ '/oauth2/token': hang }));
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 3600 })]);
    await vi.advanceTimersByTimeAsync(896_000);
    const before = refreshCalls(tab).length;
    // The 897 s idle refresh is still waiting for its time-out when the 900 s periodic one is due.
    await vi.advanceTimersByTimeAsync(9_000);
    expect(refreshCalls(tab).slice(before).map(inactivity)).toEqual(['897']);
  });
});

describe('logout', () => {
  it('forgets everything, then revokes every token', async () => {
    const tab = open(server());
    await tab.session.initAnonymousSession();
    tab.session.addProfiles([tokenFor('p1'), tokenFor('p2', { refreshToken: undefined })]);
    tab.session.setActiveProfile('p1');

    const done = tab.session.logout();
    expect(tab.session.profiles).toEqual([]);
    expect(tab.session.anonymousProfile).toBeUndefined();
    expect(tab.session.accessToken).toBeUndefined();
    await done;
    const revoked = tab.api.calls.filter((call) => call.path === '/oauth2/token/revoke');
    expect(revoked.every((call) => call.target === 'security' && call.method === 'POST')).toBe(true);
    expect(revoked.map((call) => call.form?.toString())).toEqual(['token=refresh-p1', 'token=access-p2', 'token=anonymous-refresh']);
  });

  it('logs one profile out and still resolves when revoking fails', async () => {
    const tab = open(server({ '/oauth2/token/revoke': (req) => { throw httpError(req.path, 500); } }));
    tab.session.addProfiles([tokenFor('p1'), tokenFor('p2')]);
    await expect(tab.session.logoutProfile('p1')).resolves.toBeUndefined();
    expect(tab.session.profiles.map((p) => p.profileId)).toEqual(['p2']);
    expect(tab.api.calls.map((call) => call.form?.get('token'))).toEqual(['refresh-p1']);
    await tab.session.logoutProfile('p1');
    expect(tab.api.calls).toHaveLength(1);
  });
});

describe('native bridge', () => {
  it('switches every operation to an inert variant', async () => {
    const win = Object.assign(new EventTarget(), { AmwaNativeBridge: { postMessage: () => undefined } });
    const tab = open(server(), { window: win });
    const { session } = tab;
    const heard = vi.fn();
    session.onProfilesChange(heard)();

    expect(session.inert).toBe(true);
    await expect(session.init()).resolves.toEqual([]);
    await expect(session.profilesReady()).resolves.toEqual([]);
    await expect(session.initAnonymousSession()).resolves.toBeUndefined();
    expect(session.addProfiles([tokenFor('p1')])).toEqual([]);
    expect(session.setActiveProfile('p1')).toBe(false);
    expect(session.setDefaultProfileId('p1')).toBe(false);
    await expect(session.logout()).resolves.toBeUndefined();
    await expect(session.logoutProfile('p1')).resolves.toBeUndefined();
    win.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(1_000_000);

    expect(session.profiles).toEqual([]);
    expect(session.accessToken).toBeUndefined();
    expect(tab.api.calls).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('dispose', () => {
  it('stops every timer and listener', async () => {
    const tab = open(server());
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);
    const heard = vi.fn();
    tab.session.onProfilesChange(heard);
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    tab.scope.dispose();
    expect(vi.getTimerCount()).toBe(0);
    tab.win.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(refreshCalls(tab)).toHaveLength(0);
    expect(heard).not.toHaveBeenCalled();
  });

  it('aborts a refresh in flight', async () => {
    const tab = open(server({ '/oauth2/token': (req) => new Promise((_, reject) => req.signal?.addEventListener('abort', () => reject(new Error('aborted')))) }));
    await tab.session.init();
    tab.session.addProfiles([tokenFor('p1')]);
    await vi.advanceTimersByTimeAsync(180_000);
    const [call] = refreshCalls(tab);
    expect(call?.signal?.aborted).toBe(false);
    tab.scope.dispose();
    expect(call?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
