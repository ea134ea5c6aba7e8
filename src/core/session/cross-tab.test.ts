import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, type Tab, channelHub, openTab, storageHub, tokenFor } from './test-fakes';

let issued = 0;
const server: FakeHandler = (req) => (req.path === '/oauth2/token' ? { access_token: `access-${++issued}`, expires_in: 600 } : undefined);

let tabs: Tab[] = [];
let hub: ReturnType<typeof channelHub>;
const open = (tabId: string) => {
  const tab = openTab(server, { BroadcastChannel: hub.BroadcastChannel, tabId });
  tabs.push(tab);
  return tab;
};
const refreshes = (tab: Tab) => tab.api.paths().filter((path) => path === '/oauth2/token').length;
const leaders = () => tabs.filter((tab) => tab.session.isLeader);
const pagehide = (tab: Tab) => tab.win.dispatchEvent(new Event('pagehide'));

/** Inits tabs and lets fake time run, in 100 ms steps, until all have their profiles. */
async function init(...group: Tab[]) {
  let done = false;
  const ready = Promise.all(group.map((tab) => tab.session.init())).finally(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  while (!done) await vi.advanceTimersByTimeAsync(100);
  return ready;
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
    let ready = false;
    void a.session.init().then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(999);
    expect([ready, a.session.isLeader]).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(1);
    expect([ready, a.session.isLeader]).toEqual([true, true]);

    const b = open('b');
    let bReady = false;
    void b.session.init().then(() => (bReady = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(bReady).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(leaders()).toEqual([a]);
  });

  it('leaves exactly one leader when tabs start together', async () => {
    const group = [open('b'), open('a'), open('c')];
    await init(...group);
    expect(leaders()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(leaders()).toHaveLength(1);
  });

  it('yields to a tab that has led longer, and takes over when it goes silent', async () => {
    const a = open('a');
    await init(a); // leads since 1 s
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
    await init(a);
    const [b, c] = [open('b'), open('c')];
    await init(b, c);
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
    await init(a);
    const b = open('b');
    await init(b);

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

  it('ignores foreign messages on the channel', async () => {
    const a = open('a');
    await init(a);
    const stranger = new hub.BroadcastChannel('amwa-session');
    stranger.postMessage({ type: 'heartbeat', from: 'x' });
    stranger.postMessage('hello');
    stranger.postMessage({ type: 'state', from: 'x', version: 99, profiles: [{ profileId: 'evil' }] });
    await vi.advanceTimersByTimeAsync(2_000);
    stranger.close();
    expect(leaders()).toEqual([a]);
    expect(a.session.profiles).toEqual([]);
  });
});

describe('shared profiles and refreshing', () => {
  it('shares profiles with every tab and lets only the leader refresh', async () => {
    const a = open('a');
    await init(a);
    a.session.addProfiles([tokenFor('p1')]);
    const b = open('b');
    expect(await init(b)).toEqual([[expect.objectContaining({ profileId: 'p1', accessToken: 'access-p1' })]]);

    b.session.addProfiles([tokenFor('p2')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(a.session.profiles.map((p) => p.profileId)).toEqual(['p1', 'p2']);

    a.session.setActiveProfile('p1');
    b.session.setActiveProfile('p2');
    const bTokens: (string | undefined)[] = [];
    b.session.onAccessTokenChange((token) => bTokens.push(token));

    await vi.advanceTimersByTimeAsync(180_000);
    expect([refreshes(a), refreshes(b)]).toEqual([2, 0]);
    expect(b.session.profiles.map((p) => p.accessToken)).toEqual(['access-1', 'access-2']);
    expect(bTokens).toEqual(['access-2']);
    expect([a.session.activeProfileId, b.session.activeProfileId]).toEqual(['p1', 'p2']);
  });

  it('logs out in every tab', async () => {
    const a = open('a');
    await init(a);
    const b = open('b');
    await init(b);
    a.session.addProfiles([tokenFor('p1'), tokenFor('p2')]);
    await vi.advanceTimersByTimeAsync(0);

    await b.session.logoutProfile('p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(a.session.profiles.map((p) => p.profileId)).toEqual(['p2']);
    await a.session.logout();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.session.profiles).toEqual([]);
  });

  it('lets the new leader refresh after a hand-over, and only it', async () => {
    const a = open('a');
    await init(a); // leads from 1 s
    const b = open('b');
    await init(b);
    a.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 3600 })]);

    await vi.advanceTimersByTimeAsync(180_000);
    expect([refreshes(a), refreshes(b)]).toEqual([1, 0]);
    pagehide(a); // at 181 s
    await vi.advanceTimersByTimeAsync(999);
    expect(leaders()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(leaders()).toEqual([b]);
    // b keeps a's cadence (due 180 s after a's refresh at 181 s), plus an idle refresh 297 s after its own opening at 1 s.
    await vi.advanceTimersByTimeAsync(179_000);
    expect(refreshes(a)).toBe(1);
    expect(b.api.calls.map((call) => call.headers?.['x-inactivity-seconds'])).toEqual(['297', '360']);
    expect(b.api.calls.map((call) => call.form?.get('refresh_token'))).toEqual(['refresh-p1', 'refresh-p1']);
  });

  it('does not let tokens lapse when the leader goes just before its refresh', async () => {
    const a = open('a');
    await init(a);
    const b = open('b');
    await init(b);
    a.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 300 })]); // issued at 1 s, due at 181 s

    await vi.advanceTimersByTimeAsync(169_000);
    a.scope.dispose(); // at 170 s; b leads from 171 s
    await vi.advanceTimersByTimeAsync(10_999);
    expect(refreshes(b)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(b)).toBe(1);
    await vi.advanceTimersByTimeAsync(200_000);
    expect(b.session.profiles).toMatchObject([{ profileId: 'p1' }]);
    expect(refreshes(a)).toBe(0);
  });

  it('counts activity in any tab when planning the inactivity refreshes', async () => {
    const a = open('a');
    await init(a);
    const b = open('b');
    await init(b);
    a.session.addProfiles([tokenFor('p1', { accessTokenTimeToLive: 3600 })]);

    await vi.advanceTimersByTimeAsync(99_000);
    b.win.dispatchEvent(new Event('keydown')); // at 100 s, in the follower
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(296_999);
    const headers = () => a.api.calls.map((call) => call.headers?.['x-inactivity-seconds']);
    expect(headers()).toEqual(['81', '261']);
    await vi.advanceTimersByTimeAsync(1);
    expect(headers()).toEqual(['81', '261', '297']);
  });

  it('throttles activity to one message per second', async () => {
    const a = open('a');
    await init(a);
    const activity = () => hub.sent.filter((message) => (message as { type: string }).type === 'activity');
    await vi.advanceTimersByTimeAsync(1_000);
    for (let i = 0; i < 20; i++) {
      a.win.dispatchEvent(new Event('pointermove'));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(activity()).toHaveLength(2);
  });
});

describe('storage-event fallback', () => {
  it('elects one leader, never writes a token to storage and shares no profiles', async () => {
    const storage = storageHub();
    const openWithStorage = (tabId: string) => {
      const win = new EventTarget();
      storage.windows.add(win);
      const tab = openTab(server, { BroadcastChannel: null, window: win, storage: storage.storageFor(win), tabId });
      tabs.push(tab);
      return tab;
    };
    const a = openWithStorage('a');
    await init(a);
    a.session.addProfiles([tokenFor('p1')]);
    const b = openWithStorage('b');
    await init(b);

    await vi.advanceTimersByTimeAsync(200_000);
    expect(leaders()).toEqual([a]);
    expect([refreshes(a), refreshes(b)]).toEqual([1, 0]);
    expect(b.session.profiles).toEqual([]);
    expect(storage.written.length).toBeGreaterThan(100);
    expect(storage.written.filter((value) => /access|refresh/.test(value))).toEqual([]);
    expect(storage.values.size).toBe(0);

    pagehide(a);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(leaders()).toEqual([b]);
  });
});
