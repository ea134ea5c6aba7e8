import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Tab, channelHub, openTab } from './test-fakes';

let tabs: Tab[] = [];
let hub: ReturnType<typeof channelHub>;

/** Opens a tab that records every leadership change it reports. */
const open = (tabId: string, extra: { window?: Tab['win'] } = {}) => {
  const tab = openTab(() => undefined, { BroadcastChannel: hub.BroadcastChannel, tabId, ...extra });
  tabs.push(tab);
  const heard: boolean[] = [];
  tab.session.onLeaderChange((leader) => heard.push(leader));
  return { tab, heard };
};

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  hub = channelHub();
});
afterEach(() => {
  for (const { scope } of tabs) scope.dispose();
  tabs = [];
  vi.useRealTimers();
});

describe('onLeaderChange', () => {
  it('reports taking the lead, losing it to the tab that led longer, and taking it back', async () => {
    const a = open('a');
    void a.tab.session.init();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.heard).toEqual([true]);

    const rival = new hub.BroadcastChannel('amwa-session');
    rival.postMessage({ type: 'heartbeat', from: 'z', since: 0 });
    await vi.advanceTimersByTimeAsync(100);
    expect(a.heard).toEqual([true, false]);
    rival.close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.heard).toEqual([true, false, true]);
  });

  it('tells the follower when the leader tab goes, and says nothing on its own dispose', async () => {
    const a = open('a');
    void a.tab.session.init();
    await vi.advanceTimersByTimeAsync(1_000);
    const b = open('b');
    void b.tab.session.init();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(b.heard).toEqual([]);

    a.tab.scope.dispose();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.heard).toEqual([true]);
    expect(b.heard).toEqual([true]);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const { tab } = open('a');
    const listener = vi.fn();
    tab.session.onLeaderChange(listener)();
    void tab.session.init();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tab.session.isLeader).toBe(true);
    expect(listener).not.toHaveBeenCalled();
  });

  it('never reports anything inside the native app', async () => {
    const win = Object.assign(new EventTarget(), { AmwaNativeBridge: { postMessage: () => undefined } });
    const { tab, heard } = open('a', { window: win });
    await tab.session.init();
    await vi.advanceTimersByTimeAsync(5_000);
    expect([tab.session.inert, heard]).toEqual([true, []]);
  });
});
