import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, type Tab, channelHub, openTab, storageHub, tokenFor } from './test-fakes';

let issued = 0;
const server: FakeHandler = (req) => {
  if (req.path === '/oauth2/token') return { access_token: `access-${++issued}`, refresh_token: `refresh-${issued}`, expires_in: 600 };
  if (req.path === '/v1/public/session/anonymous/initiate') return { authenticationContext: { clientId: 'web', requiredLevelOfAssurance: 0 } };
  if (req.path === '/security/means/bootstrap/web/sessions') return { authenticationResponse: { accessTokens: [{ accessToken: 'anonymous-access', accessTokenTimeToLive: 900 }] } };
  return undefined;
};

let tabs: Tab[] = [];
let hub: ReturnType<typeof channelHub>;
const open = (tabId: string) => {
  const tab = openTab(server, { BroadcastChannel: hub.BroadcastChannel, tabId });
  tabs.push(tab);
  return tab;
};
const refreshes = (tab: Tab) => tab.api.calls.filter((call) => call.path === '/oauth2/token');
const sentTokens = (tab: Tab) => refreshes(tab).map((call) => call.form?.get('refresh_token'));
const revoked = (tab: Tab) => tab.api.calls.filter((call) => call.path === '/oauth2/token/revoke').map((call) => call.form?.get('token'));
const ids = (tab: Tab) => tab.session.profiles.map((profile) => profile.profileId);
const leaders = () => tabs.filter((tab) => tab.session.isLeader);
const pagehide = (tab: Tab) => tab.win.dispatchEvent(new Event('pagehide'));

/** Inits tabs together and lets their election run (1 s of silence, or a leader's answer). */
async function start(...group: Tab[]) {
  for (const tab of group) void tab.session.init();
  await vi.advanceTimersByTimeAsync(1_000);
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  hub = channelHub();
  issued = 0;
});
afterEach(() => {
  for (const tab of tabs) tab.scope.dispose();
  tabs = [];
  vi.useRealTimers();
});

describe('leadership', () => {
  it('takes the lead after 1 s of silence; a later tab follows at once', async () => {
    const a = open('a');
    await expect(a.session.init()).resolves.toEqual([]);
    await vi.advanceTimersByTimeAsync(999);
    expect(a.session.isLeader).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.session.isLeader).toBe(true);

    const b = open('b');
    await expect(b.session.init()).resolves.toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(leaders()).toEqual([a]);
  });

  it('leaves exactly one leader when tabs start together', async () => {
    await start(open('b'), open('a'), open('c'));
    await vi.advanceTimersByTimeAsync(100);
    expect(leaders()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(leaders()).toHaveLength(1);
  });

  it('yields to a tab that has led longer, and takes over when it goes silent', async () => {
    const a = open('a');
    await start(a); // leads since 1 s
    const other = new hub.BroadcastChannel('amwa-session');
    other.postMessage({ type: 'heartbeat', from: 'z', since: 5_000 });
    await vi.advanceTimersByTimeAsync(100);
    expect(a.session.isLeader).toBe(true);
    other.postMessage({ type: 'heartbeat', from: 'z', since: 500 });
    await vi.advanceTimersByTimeAsync(999);
    expect(a.session.isLeader).toBe(false);
    other.close();
    await vi.advanceTimersByTimeAsync(1);
    expect(a.session.isLeader).toBe(true);
  });

  it('hands over within 1 s when the leader tab closes', async () => {
    const a = open('a');
    await start(a);
    const [b, c] = [open('b'), open('c')];
    await start(b, c);
    await vi.advanceTimersByTimeAsync(5_000);

    pagehide(a);
    expect(a.session.isLeader).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(leaders()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(leaders()).toEqual([b]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(leaders()).toEqual([b]);
  });

  it('hands over when the leader is unmounted, and a restored page rejoins as follower', async () => {
    const a = open('a');
    await start(a);
    const b = open('b');
    await start(b);

    pagehide(b); // a follower leaving changes nothing
    await vi.advanceTimersByTimeAsync(5_000);
    expect(leaders()).toEqual([a]);
    b.win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(leaders()).toEqual([a]);
    a.scope.dispose();
    await vi.advanceTimersByTimeAsync(999);
    expect(leaders()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(leaders()).toEqual([b]);
  });

  it('ignores malformed messages on the channel', async () => {
    const a = open('a');
    await start(a);
    const stranger = new hub.BroadcastChannel('amwa-session');
    stranger.postMessage({ type: 'heartbeat', from: 'x' });
    stranger.postMessage({ type: 'heartbeat', from: 'x'.repeat(1_000), since: 0 });
    stranger.postMessage({ type: 'heartbeat', from: 'x', since: -1 });
    stranger.postMessage('hello');
    await vi.advanceTimersByTimeAsync(2_000);
    stranger.close();
    expect(leaders()).toEqual([a]);
  });
});

describe('tokens stay in their tab', () => {
  it('shares no profile: the leader calls, and every tab refreshes its own tokens', async () => {
    const a = open('a');
    await start(a); // leads from 1 s; first call due at 181 s
    a.session.addProfiles([tokenFor('p1')]);
    const b = open('b');
    await expect(b.session.init()).resolves.toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    b.session.addProfiles([tokenFor('p2')]);
    const bTokens: (string | undefined)[] = [];
    b.session.setActiveProfile('p2');
    b.session.onAccessTokenChange((token) => bTokens.push(token));
    await vi.advanceTimersByTimeAsync(0);
    expect([ids(a), ids(b)]).toEqual([['p1'], ['p2']]);

    await vi.advanceTimersByTimeAsync(178_999);
    expect([refreshes(a), refreshes(b)]).toEqual([[], []]);
    await vi.advanceTimersByTimeAsync(1);
    expect([sentTokens(a), sentTokens(b)]).toEqual([['refresh-p1'], ['refresh-p2']]);
    expect(bTokens).toEqual([expect.stringMatching(/^access-\d$/)]);
    expect([ids(a), ids(b)]).toEqual([['p1'], ['p2']]);
    expect(hub.sent.filter((message) => (message as { type: string }).type === 'refresh')).toEqual([{ type: 'refresh', from: 'a' }]);
  });

  it('logs out in every tab, each revoking only the tokens it holds', async () => {
    const a = open('a');
    await start(a);
    const b = open('b');
    await start(b);
    a.session.addProfiles([tokenFor('p1', { refreshToken: 'refresh-a1' }), tokenFor('p2', { refreshToken: 'refresh-a2' })]);
    b.session.addProfiles([tokenFor('p1', { refreshToken: 'refresh-b1' })]);

    await b.session.logoutProfile('p1');
    await vi.advanceTimersByTimeAsync(0);
    expect([ids(a), ids(b)]).toEqual([['p2'], []]);
    expect([revoked(a), revoked(b)]).toEqual([['refresh-a1'], ['refresh-b1']]);

    b.session.addProfiles([tokenFor('p3', { refreshToken: 'refresh-b3' })]);
    const c = open('c');
    await start(c);
    await c.session.initAnonymousSession(); // c's own logon in progress, which a's logout leaves alone
    await a.session.logout();
    await vi.advanceTimersByTimeAsync(0);
    expect([ids(a), ids(b)]).toEqual([[], []]);
    expect([revoked(a), revoked(b)]).toEqual([['refresh-a1', 'refresh-a2'], ['refresh-b1', 'refresh-b3']]);
    expect(c.session.anonymousProfile?.accessToken).toBe('anonymous-access');
    expect(revoked(c)).toEqual([]);
  });

  it("drops and revokes only this tab's tokens on dropTokens()", async () => {
    const a = open('a');
    await start(a);
    const b = open('b');
    await start(b);
    a.session.addProfiles([tokenFor('p1', { refreshToken: 'refresh-a1' })]);
    b.session.addProfiles([tokenFor('p1', { refreshToken: 'refresh-b1' })]);
    await a.session.dropTokens();
    await vi.advanceTimersByTimeAsync(0);
    expect([ids(a), ids(b)]).toEqual([[], ['p1']]);
    expect([revoked(a), revoked(b)]).toEqual([['refresh-a1'], []]);
  });

  it("keeps the leader's cadence after a hand-over", async () => {
    const a = open('a');
    await start(a); // leads from 1 s; calls at 181 s, 361 s, …
    const b = open('b');
    await start(b); // its activity monitor starts at 1 s
    b.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 3600 })]);

    await vi.advanceTimersByTimeAsync(179_000);
    expect(refreshes(b)).toHaveLength(1); // at 181 s, on a's call
    pagehide(a);
    await vi.advanceTimersByTimeAsync(999);
    expect(leaders()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(leaders()).toEqual([b]);
    // b calls at 361 s, where a would have, plus the idle refresh 297 s after its last activity (at 1 s).
    await vi.advanceTimersByTimeAsync(178_999);
    expect(refreshes(b).map((call) => call.headers?.['x-inactivity-seconds'])).toEqual(['180', '297']);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(b).map((call) => call.headers?.['x-inactivity-seconds'])).toEqual(['180', '297', '360']);
    expect(refreshes(a)).toEqual([]);
  });

  it('does not let tokens lapse when the leader goes just before its call', async () => {
    const a = open('a');
    await start(a); // first call due at 181 s
    const b = open('b');
    await start(b);
    b.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 300 })]); // expires at 302 s

    await vi.advanceTimersByTimeAsync(168_000);
    a.scope.dispose(); // at 170 s; b leads from 171 s
    await vi.advanceTimersByTimeAsync(10_999);
    expect(refreshes(b)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(b)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(ids(b)).toEqual(['p1']);
  });

  it('counts activity in any tab when planning the inactivity refreshes', async () => {
    const a = open('a');
    await start(a);
    const b = open('b');
    await start(b);
    a.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 3600 })]);

    await vi.advanceTimersByTimeAsync(98_000);
    b.win.dispatchEvent(new Event('keydown')); // at 100 s, in the follower
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(296_999);
    const headers = () => refreshes(a).map((call) => call.headers?.['x-inactivity-seconds']);
    expect(headers()).toEqual(['81', '261']);
    await vi.advanceTimersByTimeAsync(1);
    expect(headers()).toEqual(['81', '261', '297']);
  });

  it('throttles activity to one message per second', async () => {
    const a = open('a');
    await start(a);
    const activity = () => hub.sent.filter((message) => (message as { type: string }).type === 'activity');
    for (let i = 0; i < 20; i++) {
      a.win.dispatchEvent(new Event('pointermove'));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(activity()).toHaveLength(2);
  });
});

describe('a hostile script of the same origin', () => {
  /** A channel the script opened, and everything it heard. */
  const eavesdrop = () => {
    const channel = new hub.BroadcastChannel('amwa-session');
    const heard: unknown[] = [];
    channel.addEventListener('message', (event) => heard.push((event as MessageEvent).data));
    return { channel, heard };
  };

  it('hears no token when it says hello, and cannot plant profiles in any tab', async () => {
    const a = open('a');
    await start(a);
    a.session.addProfiles([tokenFor('p1')]);
    const b = open('b');
    await start(b);
    b.session.addProfiles([tokenFor('p2')]);
    const idle = open('c');
    await start(idle);
    const { channel, heard } = eavesdrop();

    channel.postMessage({ type: 'hello', from: 'evil' });
    const planted = { ...tokenFor('evil'), name: 'Evil', expirationTime: 10_000_000, accessTokenTimeToLive: 600 };
    channel.postMessage({ type: 'state', from: 'evil', version: 99, profiles: [planted] });
    channel.postMessage({ type: 'state', from: '0', version: 1e9, profiles: [] });
    channel.postMessage({ type: 'heartbeat', from: 'evil', since: 0, profiles: [planted] });
    await vi.advanceTimersByTimeAsync(400_000);

    expect(heard.length).toBeGreaterThan(100);
    expect(JSON.stringify(heard)).not.toMatch(/access-|refresh-/);
    expect([ids(a), ids(b), ids(idle)]).toEqual([['p1'], ['p2'], []]);
    expect(refreshes(idle)).toEqual([]);
    channel.close();
  });

  it('cannot make the tabs hammer the token endpoint', async () => {
    const a = open('a');
    await start(a);
    const b = open('b');
    await start(b);
    b.session.addProfiles([tokenFor('p2')]);
    const { channel } = eavesdrop();
    const burst = () => {
      for (let i = 0; i < 50; i++) channel.postMessage({ type: 'refresh', from: 'evil' });
    };

    burst(); // not from the leader b follows: ignored
    await vi.advanceTimersByTimeAsync(100);
    expect(refreshes(b)).toHaveLength(0);
    channel.postMessage({ type: 'heartbeat', from: 'evil', since: 0 }); // the script takes the lead
    await vi.advanceTimersByTimeAsync(100);
    burst();
    await vi.advanceTimersByTimeAsync(100);
    burst();
    await vi.advanceTimersByTimeAsync(100);
    expect(refreshes(b)).toHaveLength(1);
    channel.close();
  });

  it('cannot hide the idle time by claiming activity to come', async () => {
    const a = open('a');
    await start(a); // activity monitor from 0 s
    a.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 3600 })]);
    const { channel } = eavesdrop();
    channel.postMessage({ type: 'activity', from: 'evil', at: 1e12 });
    // Counted as activity now (at 1 s), not in the future: the idle refresh comes 297 s later.
    await vi.advanceTimersByTimeAsync(296_999);
    expect(refreshes(a).map((call) => call.headers?.['x-inactivity-seconds'])).toEqual(['180']);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(a).map((call) => call.headers?.['x-inactivity-seconds'])).toEqual(['180', '297']);
    channel.close();
  });
});

describe('storage-event fallback', () => {
  it('elects one leader, calls the followers to refresh and never writes a token to storage', async () => {
    const storage = storageHub();
    const openWithStorage = (tabId: string) => {
      const win = new EventTarget();
      storage.windows.add(win);
      const tab = openTab(server, { BroadcastChannel: null, window: win, storage: storage.storageFor(win), tabId });
      tabs.push(tab);
      return tab;
    };
    const a = openWithStorage('a');
    await start(a);
    a.session.addProfiles([tokenFor('p1')]);
    const b = openWithStorage('b');
    await start(b);
    b.session.addProfiles([tokenFor('p2')]);

    await vi.advanceTimersByTimeAsync(200_000);
    expect(leaders()).toEqual([a]);
    expect([sentTokens(a), sentTokens(b)]).toEqual([['refresh-p1'], ['refresh-p2']]);
    expect(storage.written.length).toBeGreaterThan(100);
    expect(storage.written.filter((value) => /access-|refresh-/.test(value))).toEqual([]);
    expect(storage.values.size).toBe(0);

    pagehide(a);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(leaders()).toEqual([b]);
  });
});

describe('one logon at a time (issue 30)', () => {
  const heard = (tab: Tab) => {
    const calls = vi.fn();
    tab.session.onLogonElsewhere(calls);
    return calls;
  };

  it('tells a tab that claimed earlier, and only it, that another tab started a logon', async () => {
    const a = open('a');
    const b = open('b');
    await start(a, b);
    const [inA, inB] = [heard(a), heard(b)];
    a.session.claimLogon();
    await vi.advanceTimersByTimeAsync(1_000);
    b.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).toHaveBeenCalledOnce();
    expect(inB).not.toHaveBeenCalled();
    expect(hub.sent.filter((message) => (message as { type: string }).type === 'logon')).toEqual([
      { type: 'logon', from: 'a', at: 1_000 },
      { type: 'logon', from: 'b', at: 2_000 },
    ]);
  });

  it('hears only claims of widgets whose APIs set the same cookies: a widget of another API host keeps its logon', async () => {
    const shared = 'https://api.bank.example https://api.bank.example';
    const [a, b, c] = (['a', 'b', 'c'] as const).map((tabId) => {
      const tab = openTab(server, { BroadcastChannel: hub.BroadcastChannel, tabId, cookieScope: tabId === 'b' ? 'https://tile-2.localhost https://tile-2.localhost' : shared });
      tabs.push(tab);
      return tab;
    }) as [Tab, Tab, Tab];
    await start(a, b, c);
    const inA = heard(a);
    a.session.claimLogon();
    await vi.advanceTimersByTimeAsync(1_000);
    b.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).not.toHaveBeenCalled();
    c.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).toHaveBeenCalledOnce();
    expect(hub.sent.filter((message) => (message as { type: string }).type === 'logon').map((message) => (message as { scope?: string }).scope)).toEqual([shared, 'https://tile-2.localhost https://tile-2.localhost', shared]);
  });

  it('claims with every new anonymous session: its bootstrap replaces the browser\'s web-session cookie', async () => {
    const a = open('a');
    const b = open('b');
    await start(a, b);
    const inA = heard(a);
    a.session.claimLogon();
    await vi.advanceTimersByTimeAsync(1);
    await b.session.initAnonymousSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).toHaveBeenCalledOnce();
  });

  it('lets exactly one of two claims made at the same moment give way', async () => {
    const a = open('a');
    const b = open('b');
    await start(a, b);
    const [inA, inB] = [heard(a), heard(b)];
    a.session.claimLogon();
    b.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).toHaveBeenCalledOnce();
    expect(inB).not.toHaveBeenCalled();
  });

  it('ignores a claim older than its own, and one that does not fit the schema', async () => {
    const a = open('a');
    await start(a);
    const inA = heard(a);
    a.session.claimLogon(); // at 1 000
    const script = new hub.BroadcastChannel('amwa-session');
    for (const message of [{ type: 'logon', from: 'z', at: 999 }, { type: 'logon', from: 'z' }, { type: 'logon', from: 'z', at: -1 }, { type: 'logon', from: '', at: 5_000 }, { type: 'logon', from: 'z', at: '5000' }]) {
      script.postMessage(message);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).not.toHaveBeenCalled();
    script.postMessage({ type: 'logon', from: 'z', at: 1_001 });
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).toHaveBeenCalledOnce();
    script.close();
  });

  it('has nothing to give up before it claimed', async () => {
    const a = open('a');
    const b = open('b');
    await start(a, b);
    const inA = heard(a);
    b.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).not.toHaveBeenCalled();
  });

  it('reaches the other widgets of one page too: each widget has a session of its own on the channel', async () => {
    const first = open('widget-1');
    const second = open('widget-2');
    await start(first, second);
    const inFirst = heard(first);
    first.session.claimLogon();
    await vi.advanceTimersByTimeAsync(5);
    second.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(inFirst).toHaveBeenCalledOnce();
  });

  it('hears nothing once its scope is disposed, and an unsubscribed listener nothing at all', async () => {
    const a = open('a');
    const b = open('b');
    await start(a, b);
    const inA = heard(a);
    const off = vi.fn();
    a.session.onLogonElsewhere(off)();
    a.session.claimLogon();
    a.scope.dispose();
    b.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(inA).not.toHaveBeenCalled();
    expect(off).not.toHaveBeenCalled();
  });

  it('works over the storage-event fallback between tabs', async () => {
    const storage = storageHub();
    const openWithStorage = (tabId: string) => {
      const win = new EventTarget();
      storage.windows.add(win);
      const tab = openTab(server, { BroadcastChannel: null, window: win, storage: storage.storageFor(win), tabId });
      tabs.push(tab);
      return tab;
    };
    const a = openWithStorage('a');
    const b = openWithStorage('b');
    await start(a, b);
    const inA = heard(a);
    a.session.claimLogon();
    await vi.advanceTimersByTimeAsync(10);
    b.session.claimLogon();
    expect(inA).toHaveBeenCalledOnce();
  });
});
