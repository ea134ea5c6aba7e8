// @vitest-environment node
// Two real sessions over Node's real BroadcastChannel (the same structured-clone, asynchronous
// delivery a browser has), and a script of the same origin on the same channel.
import { BroadcastChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastChannelFactory } from './bus';
import { type FakeHandler, type Tab, openTab, tokenFor } from './test-fakes';

const Channel = BroadcastChannel as unknown as BroadcastChannelFactory;
let issued = 0;
const server: FakeHandler = (req) =>
  req.path === '/oauth2/token' ? { access_token: `access-${++issued}`, refresh_token: `refresh-${issued}`, expires_in: 600 } : undefined;

let tabs: Tab[] = [];
const open = (tabId: string) => {
  const tab = openTab(server, { BroadcastChannel: Channel, tabId, window: null });
  tabs.push(tab);
  return tab;
};
const refreshes = (tab: Tab) => tab.api.calls.filter((call) => call.path === '/oauth2/token');

/**
 * Waits until what was posted so far has been delivered: a probe's round trip on the same
 * channel, three times over, since a delivery may itself post an answer.
 */
async function settle() {
  const [from, to] = [new BroadcastChannel('amwa-session'), new BroadcastChannel('amwa-session')];
  for (let round = 0; round < 3; round++) {
    await new Promise<void>((resolve) => {
      to.onmessage = () => resolve();
      from.postMessage({ type: 'probe' });
    });
  }
  from.close();
  to.close();
}

/** Lets fake time run in 200 ms steps (half a heartbeat), delivering the messages of each step. */
async function advance(ms: number) {
  for (let done = 0; done < ms; done += 200) {
    await vi.advanceTimersByTimeAsync(Math.min(200, ms - done));
    await settle();
  }
}

beforeEach(() => {
  // The channel's delivery is real; only the session's clocks and timers are fake.
  vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  issued = 0;
});
afterEach(() => {
  for (const tab of tabs) tab.scope.dispose();
  tabs = [];
  vi.useRealTimers();
});

describe('sessions over a real BroadcastChannel', () => {
  it('elect one leader, whose call makes the follower refresh its own token', async () => {
    const a = open('a');
    void a.session.init();
    await advance(1_000); // a leads from 1 s: calls at 181 s, 361 s, …
    const b = open('b');
    void b.session.init();
    await advance(1_000);
    expect([a.session.isLeader, b.session.isLeader]).toEqual([true, false]);
    b.session.addProfiles([tokenFor('p2')]);

    await advance(179_000);
    expect(refreshes(a)).toEqual([]);
    expect(refreshes(b).map((call) => call.form?.get('refresh_token'))).toEqual(['refresh-p2']);
    expect(a.session.profiles).toEqual([]);
    expect(b.session.profiles).toMatchObject([{ profileId: 'p2', accessToken: 'access-1', refreshToken: 'refresh-1' }]);
  });

  it('tell a script that says hello no token, and let it plant no profile in a tab that is not logged on', async () => {
    const a = open('a');
    void a.session.init();
    await advance(1_000);
    a.session.addProfiles([tokenFor('p1')]);
    const idle = open('c');
    void idle.session.init();
    await advance(1_000);

    const script = new BroadcastChannel('amwa-session');
    const heard: unknown[] = [];
    script.onmessage = (event) => heard.push((event as { data: unknown }).data);
    script.postMessage({ type: 'hello', from: 'evil' });
    const planted = { ...tokenFor('evil'), name: 'Evil', expirationTime: 10_000_000, accessTokenTimeToLive: 600, refreshToken: 'planted' };
    script.postMessage({ type: 'state', from: '0', version: 1e9, profiles: [planted] });
    await advance(200_000);
    script.close();

    expect(heard.some((message) => (message as { type: string }).type === 'heartbeat')).toBe(true);
    expect(JSON.stringify(heard)).not.toMatch(/access-|refresh-/);
    expect(idle.session.profiles).toEqual([]);
    expect(refreshes(idle)).toEqual([]);
    expect(a.session.profiles).toMatchObject([{ profileId: 'p1' }]);
  });
});
