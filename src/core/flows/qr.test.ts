import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AmwaApiError } from '../api-error';
import { createScope, type Scope } from '../scope';
import { createQr, QR_PATHS, reduceQr, type QrDeps, type QrState, type Visibility } from './qr';
import { deferred, testServices, type Answer, type Call } from './qr-test-server';
import { channelHub, openTab, type Tab } from '../session/test-fakes';

const IMAGE = 'iVBORw0KGgo=';
const { qr: QR, confirmed: CONFIRMED } = QR_PATHS.logon;

let scope: Scope;

/** A page whose visibility the test flips. */
function fakeVisibility() {
  let hidden = false;
  const listeners = new Set<() => void>();
  const visibility: Visibility = {
    hidden: () => hidden,
    onChange(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
  };
  const set = (value: boolean) => {
    hidden = value;
    for (const fn of listeners) fn();
  };
  return { visibility, hide: () => set(true), show: () => set(false), listeners };
}

/** Starts a QR controller over the scripted server; `states` records every state it reported. */
function start(route: (call: Call) => Answer, deps: Partial<QrDeps> = {}) {
  const services = testServices(scope, route);
  const page = fakeVisibility();
  const onConfirmed = vi.fn<QrDeps['onConfirmed']>(() => new Promise(() => {}));
  const qr = createQr({ api: services.api, errors: services.errors, scope, mode: 'logon', qrTimeout: 10_000, visibility: page.visibility, onConfirmed, ...deps });
  const states: QrState[] = [qr.getState()];
  qr.subscribe((state) => states.push(state));
  return { ...services, ...page, qr, states, onConfirmed };
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const loadThenPoll = (confirmed: () => boolean) => (call: Call) => (call.path === QR ? ok({ qr: IMAGE }) : ok({ confirmed: confirmed() }));

beforeEach(() => {
  vi.useFakeTimers();
  scope = createScope();
  vi.spyOn(console, 'error').mockImplementation(() => {}); // the shared handler logs every error it reports
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
});
afterEach(() => {
  scope.dispose();
  vi.useRealTimers();
});

describe('reduceQr', () => {
  it('ignores events a state does not list', () => {
    const loaded: QrState = { status: 'loaded', image: IMAGE };
    expect(reduceQr(loaded, { type: 'refresh' })).toBe(loaded);
    expect(reduceQr({ status: 'invalid', reason: 'timeout' }, { type: 'confirmed' })).toEqual({ status: 'invalid', reason: 'timeout' });
  });

  it('keeps the image of an invalidated QR code so it can be shown blurred', () => {
    expect(reduceQr({ status: 'loaded', image: IMAGE }, { type: 'expired' })).toEqual({ status: 'invalid', reason: 'timeout', image: IMAGE });
    expect(reduceQr({ status: 'invalid', reason: 'error', image: IMAGE }, { type: 'refresh' })).toEqual({ status: 'loading', attempt: 0 });
  });
});

describe('createQr', () => {
  it('loads, polls every 500 ms and hands over on confirmation', async () => {
    let confirmed = false;
    const t = start(loadThenPoll(() => confirmed));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState()).toEqual({ status: 'loaded', image: IMAGE });
    expect(t.count(CONFIRMED)).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.count(CONFIRMED)).toBe(4);
    confirmed = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(t.qr.getState()).toEqual({ status: 'confirmed', image: IMAGE });
    expect(t.onConfirmed).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.count(CONFIRMED)).toBe(5);
    expect(t.states.map((state) => state.status)).toEqual(['loading', 'loaded', 'confirmed']);
  });

  it('never has two polls in flight: a slow answer delays the next poll', async () => {
    const answers: ReturnType<typeof deferred<{ status: number; body: unknown }>>[] = [];
    const t = start((call) => {
      if (call.path === QR) return ok({ qr: IMAGE });
      const answer = deferred<{ status: number; body: unknown }>();
      answers.push(answer);
      return answer.promise;
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.count(CONFIRMED)).toBe(1);
    await vi.advanceTimersByTimeAsync(1200);
    expect(t.count(CONFIRMED)).toBe(1);
    answers[0]!.resolve({ status: 200, body: { confirmed: false } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.count(CONFIRMED)).toBe(2); // the interval had passed, so the next poll goes at once
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.count(CONFIRMED)).toBe(2);
    expect(t.maxInFlight).toBe(1);
  });

  it('expires after qrTimeout, stops polling, and Refresh loads a new QR code', async () => {
    const t = start(loadThenPoll(() => false));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.qr.getState()).toEqual({ status: 'invalid', reason: 'timeout', image: IMAGE });
    const polls = t.count(CONFIRMED);
    expect(polls).toBeGreaterThanOrEqual(19);
    expect(polls).toBeLessThanOrEqual(20);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.count(CONFIRMED)).toBe(polls);
    expect(t.events).toEqual([]); // a time-out is no error

    t.qr.refresh();
    expect(t.qr.getState()).toEqual({ status: 'loading', attempt: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState().status).toBe('loaded');
    expect(t.count(QR)).toBe(2);
  });

  it('treats 410 on the poll as the server expiring the QR code first, without the error handler', async () => {
    const t = start((call) => (call.path === QR ? ok({ qr: IMAGE }) : { status: 410, body: { errorCode: 'qr-expired' } }));
    await vi.advanceTimersByTimeAsync(500);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'timeout' });
    expect(t.events).toEqual([]);
  });

  it('retries a 400 on load twice, 1 s apart, then shows the QR code', async () => {
    let failures = 2;
    const t = start((call) => (call.path === QR && failures-- > 0 ? { status: 400, body: {} } : loadThenPoll(() => false)(call)));
    await vi.advanceTimersByTimeAsync(999);
    expect(t.count(QR)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.count(QR)).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.count(QR)).toBe(3);
    expect(t.qr.getState()).toEqual({ status: 'loaded', image: IMAGE });
    expect(t.states.map((state) => state.status)).toEqual(['loading', 'loading', 'loading', 'loaded']);
    expect(t.events).toEqual([]);
  });

  it('makes the session-cookie call before every load (the first, each retry, a refresh), and a failed one fails the load', async () => {
    const order: string[] = [];
    let failures = 1;
    const prepare = vi.fn(async () => {
      order.push('prepare');
    });
    const t = start(
      (call) => {
        order.push(call.path);
        return call.path === QR && failures-- > 0 ? { status: 400, body: {} } : loadThenPoll(() => false)(call);
      },
      { prepare, qrTimeout: 2000 },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(order).toEqual(['prepare', QR, 'prepare', QR]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'timeout' });
    prepare.mockRejectedValueOnce(Object.assign(new Error('Can not GET anonymous session response')));
    t.qr.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'error' });
    expect(t.count(QR)).toBe(2);
    expect(t.events).toEqual([['amwa-generic-exception', expect.objectContaining({ message: 'Can not GET anonymous session response' })]]);
  });

  it('hands a third 400 to the shared handler (generic) and invalidates', async () => {
    const t = start(() => ({ status: 400, body: { errorCode: 'bad' } }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.count(QR)).toBe(3);
    expect(t.qr.getState()).toEqual({ status: 'invalid', reason: 'error', image: undefined });
    expect(t.events).toEqual([['amwa-generic-exception', expect.objectContaining({ origin: QR, status: 400 })]]);
  });

  it.each([
    ['load', (call: Call) => (call.path === QR ? { status: 500 } : ok({ confirmed: false }))],
    ['poll', (call: Call) => (call.path === QR ? ok({ qr: IMAGE }) : { status: 500 })],
  ])('hands a 500 on %s to the shared handler (technical) at once and invalidates', async (_, route) => {
    const t = start(route);
    await vi.advanceTimersByTimeAsync(500);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'error' });
    expect(t.count(QR)).toBe(1);
    expect(t.events).toEqual([['amwa-technical-exception', expect.objectContaining({ timeout: false })]]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.calls).toHaveLength(t.count(QR) + t.count(CONFIRMED));
    expect(t.count(QR) + t.count(CONFIRMED)).toBeLessThanOrEqual(2);
  });

  it('honours a 503 with Retry-After on the poll: the QR code stays and no poll comes sooner', async () => {
    let busy = 2;
    const t = start((call) =>
      call.path === QR ? ok({ qr: IMAGE }) : busy-- > 0 ? { status: 503, body: {}, headers: { 'Retry-After': '3' } } : ok({ confirmed: false }),
    );
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await vi.advanceTimersByTimeAsync(500); // first poll: 503, come back in 3 s
    expect(t.count(CONFIRMED)).toBe(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(t.count(CONFIRMED)).toBe(1);
    await vi.advanceTimersByTimeAsync(1); // second poll: 503 again
    expect(t.count(CONFIRMED)).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.count(CONFIRMED)).toBe(3); // answered: back to 500 ms
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.count(CONFIRMED)).toBe(5);
    expect(t.qr.getState()).toEqual({ status: 'loaded', image: IMAGE });
    expect(t.events).toEqual([]);
  });

  it('honours a 429 whose Retry-After is an HTTP date', async () => {
    vi.setSystemTime(Date.UTC(2025, 0, 1, 9)); // whole seconds, as an HTTP date has
    let busy = true;
    const t = start((call) => {
      if (call.path === QR) return ok({ qr: IMAGE });
      if (!busy) return ok({ confirmed: false });
      busy = false;
      return { status: 429, body: {}, headers: { 'Retry-After': new Date(Date.now() + 4000).toUTCString() } };
    });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(3499); // asked at 0.5 s to come back at 4 s
    expect(t.count(CONFIRMED)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.count(CONFIRMED)).toBe(2);
    expect(t.qr.getState().status).toBe('loaded');
  });

  it('backs off with jitter on repeated 502, 503 and 504 without Retry-After, and polls at 500 ms again once answered', async () => {
    const statuses = [503, 502, 504, 503];
    const t = start((call) => (call.path === QR ? ok({ qr: IMAGE }) : statuses.length ? { status: statuses.shift()!, body: {} } : ok({ confirmed: false })), {
      qrTimeout: 60_000,
    });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const pollTimes: number[] = [];
    const started = Date.now();
    for (let at = 0; at <= 20_000; at += 50) {
      const before = t.count(CONFIRMED);
      await vi.advanceTimersByTimeAsync(50);
      if (t.count(CONFIRMED) > before) pollTimes.push(Date.now() - started);
    }
    // 500, then waits of 1 s, 2 s, 4 s and 8 s at 75 % (the jitter), then every 500 ms.
    expect(pollTimes.slice(0, 7)).toEqual([500, 1250, 2750, 5750, 11750, 12250, 12750]);
    expect(t.qr.getState().status).toBe('loaded');
    expect(t.events).toEqual([]);
  });

  it('keeps waiting through a pause hidden and shown again', async () => {
    const t = start(
      (call) => (call.path === QR ? ok({ qr: IMAGE }) : t.count(CONFIRMED) === 1 ? { status: 503, body: {}, headers: { 'Retry-After': '10' } } : ok({ confirmed: false })),
      { qrTimeout: 60_000 },
    );
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await vi.advanceTimersByTimeAsync(500);
    t.hide();
    await vi.advanceTimersByTimeAsync(2000);
    t.show();
    await vi.advanceTimersByTimeAsync(7999);
    expect(t.count(CONFIRMED)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.count(CONFIRMED)).toBe(2);
  });

  it('retries a load answered 503 after its Retry-After, within the two retries', async () => {
    let busy = 1;
    const t = start((call) => (call.path === QR && busy-- > 0 ? { status: 503, body: {}, headers: { 'Retry-After': '2' } } : loadThenPoll(() => false)(call)));
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.count(QR)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.qr.getState()).toEqual({ status: 'loaded', image: IMAGE });
    expect(t.events).toEqual([]);
  });

  it('rejects a QR answer that is not base64', async () => {
    const t = start(() => ok({ qr: '"><script>' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'error' });
    expect(t.events[0]).toEqual(['amwa-generic-exception', expect.objectContaining({ origin: QR })]);
  });

  it('invalidates when the logon after confirmation fails', async () => {
    const t = start(loadThenPoll(() => true), { onConfirmed: () => Promise.reject(new Error('Invalid redirection url')) });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.qr.getState()).toEqual({ status: 'invalid', reason: 'error', image: IMAGE });
    expect(t.events).toEqual([['amwa-generic-exception', expect.objectContaining({ message: 'Invalid redirection url' })]]);
  });

  it('pauses polling while the page is hidden and polls at once when it shows again', async () => {
    const t = start(loadThenPoll(() => false));
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.count(CONFIRMED)).toBe(2);
    t.hide();
    await vi.advanceTimersByTimeAsync(4000);
    expect(t.count(CONFIRMED)).toBe(2);
    t.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.count(CONFIRMED)).toBe(3);
    await vi.advanceTimersByTimeAsync(500);
    expect(t.count(CONFIRMED)).toBe(4);
  });

  it('counts the time hidden towards qrTimeout: showing the page after it passed expires the QR code', async () => {
    const t = start(loadThenPoll(() => false), { qrTimeout: 3000 });
    await vi.advanceTimersByTimeAsync(0);
    t.hide();
    vi.setSystemTime(Date.now() + 3000); // a throttled background tab: the clock moved, the timer did not fire
    t.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'timeout' });
    expect(t.count(CONFIRMED)).toBe(0);
  });

  it('stops every call, timer and listener when disposed', async () => {
    let poll: Call | undefined;
    const t = start((call) => (call.path === QR ? ok({ qr: IMAGE }) : ((poll = call), new Promise(() => {}))));
    await vi.advanceTimersByTimeAsync(500);
    expect(poll?.signal?.aborted).toBe(false);
    t.qr.dispose();
    expect(t.states.at(-1)).toEqual({ status: 'invalid', reason: 'removed', image: IMAGE });
    expect(poll?.signal?.aborted).toBe(true);
    expect(t.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(0); // the aborted call settles and clears its time-out
    expect(vi.getTimerCount()).toBe(0);
    const calls = t.calls.length;
    t.show();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.calls).toHaveLength(calls);
    expect(t.events).toEqual([]);
  });

  it('uses the link endpoints in link mode', async () => {
    const link = QR_PATHS.link;
    const t = start((call) => (call.path === link.qr ? ok({ qr: IMAGE }) : ok({ confirmed: true })), { mode: 'link' });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.calls.map((call) => call.path)).toEqual([link.qr, link.confirmed]);
    expect(t.qr.getState().status).toBe('confirmed');
  });
});

describe('one logon at a time (issue 30)', () => {
  // Two real sessions on one in-memory channel: this page's, and another tab's (or widget's).
  let hub: ReturnType<typeof channelHub>;
  let here: Tab;
  let elsewhere: Tab;
  beforeEach(async () => {
    hub = channelHub();
    here = openTab(() => undefined, { BroadcastChannel: hub.BroadcastChannel, tabId: 'here' });
    elsewhere = openTab(() => undefined, { BroadcastChannel: hub.BroadcastChannel, tabId: 'elsewhere' });
    await Promise.all([here.session.init(), elsewhere.session.init()]);
  });
  afterEach(() => {
    here.scope.dispose();
    elsewhere.scope.dispose();
  });
  const later = () => {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((done, fail) => ((resolve = done), (reject = fail)));
    return { promise, resolve, reject };
  };
  const logonsPosted = () => hub.sent.filter((message) => (message as { type: string }).type === 'logon');

  it('claims the browser\'s logon cookies before every load, the session-cookie call included', async () => {
    const order: string[] = [];
    const t = start(loadThenPoll(() => false), {
      logonCookies: { claimLogon: () => order.push('claim'), onLogonElsewhere: () => () => {} },
      prepare: async () => void order.push('prepare'),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState().status).toBe('loaded');
    expect(order).toEqual(['claim', 'prepare']);
  });

  it('stops polling and says the logon was taken over when another tab or widget starts one; no error, and Start again claims anew', async () => {
    const t = start(loadThenPoll(() => false), { logonCookies: here.session });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.qr.getState().status).toBe('loaded');
    expect(logonsPosted()).toHaveLength(1);
    elsewhere.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState()).toEqual({ status: 'invalid', reason: 'taken-over', image: IMAGE });
    const polls = t.count(CONFIRMED);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.count(CONFIRMED)).toBe(polls);
    expect(t.events).toEqual([]);

    const inElsewhere = vi.fn();
    elsewhere.session.onLogonElsewhere(inElsewhere);
    t.qr.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState().status).toBe('loaded');
    expect(inElsewhere).toHaveBeenCalledOnce();
  });

  it('makes a new session for the code after a takeover: the old one\'s web-session cookie is the other logon\'s now', async () => {
    const prepare = vi.fn<NonNullable<QrDeps['prepare']>>(async () => {});
    const t = start(loadThenPoll(() => false), { logonCookies: here.session, prepare });
    await vi.advanceTimersByTimeAsync(1);
    elsewhere.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    t.qr.refresh();
    await vi.advanceTimersByTimeAsync(0);
    t.qr.dispose();
    expect(prepare.mock.calls.map(([, renew]) => renew)).toEqual([false, true]);
  });

  it('stops a load in flight too', async () => {
    const load = deferred<{ status: number }>();
    const t = start((call) => (call.path === QR ? load.promise : ok({ confirmed: false })), { logonCookies: here.session });
    await vi.advanceTimersByTimeAsync(1);
    elsewhere.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState()).toEqual({ status: 'invalid', reason: 'taken-over', image: undefined });
    expect(t.calls.find((call) => call.path === QR)?.signal?.aborted).toBe(true);
  });

  it('lets a logon call already out finish: it may carry the right cookies', async () => {
    const logon = later();
    const t = start(loadThenPoll(() => true), { logonCookies: here.session, onConfirmed: () => logon.promise });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.qr.getState().status).toBe('confirmed');
    elsewhere.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState().status).toBe('confirmed');
    logon.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState().status).toBe('confirmed');
    expect(t.events).toEqual([]);
  });

  it('turns the 401 of a logon whose cookies were taken meanwhile into "taken over", not the error path', async () => {
    const refused = new AmwaApiError('http', 'Unauthorized', { path: '/v1/api/public/mobile/logon', status: 401 });
    const logon = later();
    const t = start(loadThenPoll(() => true), { logonCookies: here.session, onConfirmed: () => logon.promise });
    await vi.advanceTimersByTimeAsync(500);
    elsewhere.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    logon.reject(refused);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState()).toEqual({ status: 'invalid', reason: 'taken-over', image: IMAGE });
    expect(t.events).toEqual([]);
  });

  it('still reports a 401 of the logon when no other logon started', async () => {
    const refused = new AmwaApiError('http', 'Unauthorized', { path: '/v1/api/public/mobile/logon', status: 401 });
    const t = start(loadThenPoll(() => true), { logonCookies: here.session, onConfirmed: () => Promise.reject(refused) });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'error' });
    expect(t.events[0]?.[0]).toBe('amwa-generic-exception');
  });

  it('ignores another logon once its own code has expired, and hears nothing after dispose', async () => {
    const t = start(loadThenPoll(() => false), { logonCookies: here.session, qrTimeout: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'timeout' });
    elsewhere.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.qr.getState()).toMatchObject({ status: 'invalid', reason: 'timeout' });
    t.qr.refresh();
    await vi.advanceTimersByTimeAsync(0);
    t.qr.dispose();
    const states = t.states.length;
    elsewhere.session.claimLogon();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.states).toHaveLength(states);
  });
});
