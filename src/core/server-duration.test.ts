import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createColourCode, type ColourCodeImage } from './flows/colour-code';
import { createQr, POLL_INTERVAL_MS, QR_PATHS, type Visibility } from './flows/qr';
import { testServices, type Answer } from './flows/qr-test-server';
import { createScope, type Scope } from './scope';
import { boundServerDuration, MAX_TIMER_MS, readRetryAfter, SERVER_DURATION_BOUNDS } from './server-duration';
import { openTab, tokenFor } from './session/test-fakes';

const { qr: QR, confirmed: CONFIRMED } = QR_PATHS.logon;
const IMAGE = 'iVBORw0KGgo=';
const T0 = Date.UTC(2026, 0, 1, 9);

/** Hostile `Retry-After` values: zero, negative, huge, fractional, dates past and far ahead, garbage. */
const hostileRetryAfter = fc.oneof(
  fc.constantFrom('0', '-5', '3000000', '-0', '+0', '0.0001', '1e9', '99999999999999999999999', 'NaN', 'Infinity', '-Infinity', 'garbage', ' ', '5, 6', '-5 ', '2'),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.double({ noNaN: true }).map(String),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((date) => date.toUTCString()),
  fc.string(),
);

/** Hostile durations in seconds as a JSON body can carry them. */
const hostileSeconds = fc.oneof(
  fc.constantFrom(0, -0, -5, 3_000_000, 1e308, Number.MAX_SAFE_INTEGER, 2 ** 31, 2 ** 31 / 1000, 0.0001),
  fc.integer({ min: -1e12, max: 1e12 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

let scope: Scope;
let delays: number[];

/** Every delay any timer is armed with, as the browser would get it. */
const recordTimers = () => {
  delays = [];
  const timeout = globalThis.setTimeout;
  const interval = globalThis.setInterval;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => (delays.push(ms ?? 0), timeout(fn, ms))) as typeof setTimeout);
  vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms?: number) => (delays.push(ms ?? 0), interval(fn, ms))) as typeof setInterval);
};
/** No timer was given a delay a browser would wrap (or NaN, which it reads as 0). */
const expectTimersInRange = () => {
  for (const ms of delays) {
    expect(Number.isFinite(ms), `timer delay ${ms}`).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThanOrEqual(MAX_TIMER_MS);
  }
};

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  scope = createScope();
  recordTimers();
});
afterEach(() => {
  scope.dispose();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const visible: Visibility = { hidden: () => false, onChange: () => () => {} };

describe('boundServerDuration', () => {
  const bounds = { floorMs: 500, ceilingMs: 300_000 };

  it('maps zero, negative and non-numeric values to the floor, and huge ones to the ceiling', () => {
    expect([0, -0, -5, Number.NaN, '12', null, undefined, {}].map((value) => boundServerDuration(value, bounds))).toEqual(Array(8).fill(500));
    expect([3_000_000, 1e308, Number.POSITIVE_INFINITY, 2 ** 31].map((value) => boundServerDuration(value, bounds))).toEqual(Array(4).fill(300_000));
    expect(boundServerDuration(2, bounds)).toBe(2000);
    expect(boundServerDuration(2500, bounds, 'ms')).toBe(2500);
  });

  it('keeps every bound inside what a browser timer holds', () => {
    for (const { floorMs, ceilingMs } of Object.values(SERVER_DURATION_BOUNDS)) {
      expect(floorMs).toBeGreaterThanOrEqual(0);
      expect(ceilingMs).toBeLessThanOrEqual(MAX_TIMER_MS / 1.2); // room for the Retry-After jitter
    }
    // The QR poll never runs faster than its own interval, whatever Retry-After says.
    expect(SERVER_DURATION_BOUNDS.retryAfter.floorMs).toBe(POLL_INTERVAL_MS);
  });

  it(`stays within its bounds for any number (property-based, 2000 runs)`, () => {
    fc.assert(
      fc.property(fc.oneof(hostileSeconds, fc.constant(Number.NaN), fc.constant(Number.NEGATIVE_INFINITY)), fc.constantFrom(...Object.values(SERVER_DURATION_BOUNDS)), (value, { floorMs, ceilingMs }) => {
        const ms = boundServerDuration(value, { floorMs, ceilingMs });
        expect(Number.isInteger(ms)).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(floorMs);
        expect(ms).toBeLessThanOrEqual(ceilingMs);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('readRetryAfter', () => {
  it('reads seconds and HTTP dates (all three forms), and nothing else', () => {
    const now = Date.UTC(1994, 10, 6, 8, 49, 30);
    expect(readRetryAfter('120', now)).toBe(120_000);
    expect(readRetryAfter('-5', now)).toBe(-5000); // for the floor to catch, not a date in 2001
    expect(readRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(7000);
    expect(readRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(7000);
    expect(readRetryAfter('Sun Nov  6 08:49:37 1994', now)).toBe(7000);
    for (const garbage of [undefined, null, '', 'soon', '5, 6', '2001-05-01', 'Infinity', '1e9', '0x10']) expect(readRetryAfter(garbage, now), String(garbage)).toBeUndefined();
  });
});

describe('every consumer of a server duration, driven with hostile values', () => {
  it('the QR poll never polls faster than every 500 ms, whatever a 503 says in Retry-After (property-based, 150 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRetryAfter, async (retryAfter) => {
        const own = scope.child();
        const t = testServices(own, (call): Answer => (call.path === QR ? { status: 200, body: { qr: IMAGE } } : { status: 503, body: {}, headers: { 'Retry-After': retryAfter } }));
        const qr = createQr({ api: t.api, errors: t.errors, scope: own, mode: 'logon', qrTimeout: 120_000, visibility: visible, onConfirmed: () => new Promise(() => {}) });
        await vi.advanceTimersByTimeAsync(3000);
        // The normal rate: a poll every 500 ms from the load, so 6 in 3 s.
        expect(t.count(CONFIRMED), `Retry-After: ${retryAfter}`).toBeLessThanOrEqual(3000 / POLL_INTERVAL_MS);
        expect(t.count(CONFIRMED)).toBeGreaterThanOrEqual(1);
        expect(qr.getState().status).toBe('loaded');
        qr.dispose();
        own.dispose();
        expectTimersInRange();
        expect(vi.getTimerCount()).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('the QR load retries at most twice, no sooner than 500 ms apart, whatever its Retry-After (property-based, 150 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRetryAfter, async (retryAfter) => {
        const own = scope.child();
        const t = testServices(own, (): Answer => ({ status: 503, body: {}, headers: { 'Retry-After': retryAfter } }));
        const qr = createQr({ api: t.api, errors: t.errors, scope: own, mode: 'logon', qrTimeout: 120_000, visibility: visible, onConfirmed: () => new Promise(() => {}) });
        await vi.advanceTimersByTimeAsync(999);
        expect(t.count(QR), `Retry-After: ${retryAfter}`).toBeLessThanOrEqual(2);
        await vi.advanceTimersByTimeAsync(600_000);
        expect(t.count(QR)).toBeLessThanOrEqual(3);
        expect(qr.getState().status).toBe('invalid');
        own.dispose();
        expectTimersInRange();
      }),
      { numRuns: 150 },
    );
  });

  it('a colour code is never shown as expired before min(expirationDuration, 1 h) less the margin (property-based, 300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileSeconds.filter((s) => s > 0), async (expirationDuration) => {
        const own = scope.child();
        const image: ColourCodeImage = { base64Cronto: 'AAAA', expirationDuration, responseLength: 7, responseCheckDigit: true };
        const code = createColourCode({ scope: own, load: () => Promise.resolve(image), marginS: 10, onError: () => {} });
        code.show();
        await vi.advanceTimersByTimeAsync(0);
        const lifetimeMs = boundServerDuration(expirationDuration, SERVER_DURATION_BOUNDS.colourCodeExpiry);
        const shownMs = Math.max(0, lifetimeMs - 10_000);
        if (shownMs > 0) {
          await vi.advanceTimersByTimeAsync(shownMs - 1);
          expect(code.state.status, `expirationDuration ${expirationDuration}`).toBe('shown');
        }
        await vi.advanceTimersByTimeAsync(1);
        expect(code.state.status).toBe('expired');
        own.dispose();
        expectTimersInRange();
      }),
      { numRuns: 300 },
    );
  });

  it('shows a colour code of expirationDuration 3000000 s for an hour less the margin, not 1.5 s', async () => {
    const image: ColourCodeImage = { base64Cronto: 'AAAA', expirationDuration: 3_000_000, responseLength: 7, responseCheckDigit: true };
    const code = createColourCode({ scope, load: () => Promise.resolve(image), marginS: 10, onError: () => {} });
    code.show();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(code.state.status).toBe('shown');
    await vi.advanceTimersByTimeAsync(3_590_000 - 60_000);
    expect(code.state.status).toBe('expired');
    expectTimersInRange();
  });

  it('token lifetimes (expirationTime, accessTokenTimeToLive, expires_in) never make the refresh run more often (property-based, 150 runs)', async () => {
    const hostileExpiry = fc.oneof(
      fc.record({ accessTokenTimeToLive: hostileSeconds.filter((s) => s >= 0) }),
      fc.record({ expirationTime: fc.oneof(hostileSeconds, hostileSeconds.map((s) => T0 + s * 1000)), accessTokenTimeToLive: fc.option(hostileSeconds.filter((s) => s >= 0), { nil: undefined }) }),
    );
    await fc.assert(
      fc.asyncProperty(hostileExpiry, hostileSeconds.filter((s) => s >= 0), async (expiry, expiresIn) => {
        vi.setSystemTime(T0);
        let issued = 0;
        const tab = openTab((req) => {
          if (req.path === '/oauth2/token') return { access_token: `access-${++issued}`, refresh_token: `refresh-${issued}`, expires_in: expiresIn };
          return undefined;
        });
        await tab.session.init();
        const [profile] = tab.session.addProfiles([tokenFor('p1', Object.assign({ accessTokenTimeToLive: undefined }, expiry))]);
        for (const p of [profile, ...tab.session.profiles]) {
          if (!p) continue;
          expect(Number.isFinite(p.expirationTime)).toBe(true);
          expect(p.expirationTime).toBeLessThanOrEqual(Date.now() + SERVER_DURATION_BOUNDS.tokenLifetime.ceilingMs);
          expect(Number.isFinite(p.accessTokenTimeToLive)).toBe(true);
        }
        await vi.advanceTimersByTimeAsync(600_000);
        // Every 180 s (the first at once for a token older than that), plus the one near 300 s idle.
        const refreshes = tab.api.calls.filter((call) => call.path === '/oauth2/token').length;
        expect(refreshes, JSON.stringify({ expiry, expiresIn })).toBeLessThanOrEqual(5);
        tab.scope.dispose();
        expectTimersInRange();
      }),
      { numRuns: 150 },
    );
  });
});
