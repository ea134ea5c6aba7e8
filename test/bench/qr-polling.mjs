#!/usr/bin/env node
// Benchmark (not a test): what QR polling costs. Runs the real QR controller, API client and
// error handler (loaded from src/ through Vite) against the in-process sandbox, first for a few
// seconds of wall-clock time, then for 10 simulated minutes on a virtual clock, and reports
// requests per minute, the most calls ever in flight, and the heap before and after.
//
//   node --expose-gc test/bench/qr-polling.mjs [--minutes 10] [--real-seconds 5]
import { setImmediate as tick } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' }, 'real-seconds': { type: 'string', default: '5' } } });
const MINUTES = Number(values.minutes);
const REAL_SECONDS = Number(values['real-seconds']);
const root = fileURLToPath(new URL('../..', import.meta.url));
const CONFIRMED = '/access/v1/api/public/qr/confirmed';

const vite = await createServer({ root, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, watch: null, hmr: false } });
const load = (path) => vite.ssrLoadModule(path);
const [{ createQr }, { createApiClient }, { createErrorHandler }, { createTraceLog }, { createAnalytics }, { createCookies }, { createEmitter }, { createScope }, { parseSettings }, { createSandbox }] =
  await Promise.all(
    ['flows/qr', 'api', 'error-handler', 'trace', 'analytics', 'cookies', 'events', 'scope', 'settings'].map((name) => load(`/src/core/${name}.ts`)).concat(load('/packages/amwa-sandbox/src/index.ts')),
  );
await vite.close();

/** Runs one QR page for `ms` on the clock `advance` drives, minute by minute; the page's only cookie jar is the QR session. */
async function run({ ms, advance, label, everyMinute = () => {} }) {
  const sandbox = createSandbox({ root });
  sandbox.state.config.qrExpirySeconds = Math.ceil(ms / 1000) + 60; // one QR code for the whole run: pure polling
  const parsed = parseSettings({ apiBaseUrl: 'http://sandbox.test/access', qrTimeout: ms + 30_000 }, 'http://sandbox.test');
  const settings = parsed.settings;
  const jar = new Map();
  const stats = { requests: 0, polls: 0, inFlight: 0, maxInFlight: 0 };
  const fetch = async (url, init) => {
    stats.requests++;
    if (new URL(url).pathname === CONFIRMED) stats.polls++;
    stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
    try {
      const headers = new Headers(init.headers);
      headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await sandbox.fetch(new Request(url, { ...init, headers }));
      for (const line of response.headers.getSetCookie()) {
        const [name, value] = line.split(';')[0].split('=');
        jar.set(name, value);
      }
      return response;
    } finally {
      stats.inFlight--;
    }
  };
  const scope = createScope();
  const { emit } = createEmitter();
  const cookies = createCookies(settings);
  const api = createApiClient({ settings, emit, scope, language: () => 'en-GB', fetch });
  const errors = createErrorHandler({ emit, analytics: createAnalytics({ settings, emit, cookies }), traceLog: createTraceLog(api), navigateToError: () => {}, signal: scope.signal });
  const states = [];
  const qr = createQr({
    api,
    errors,
    scope,
    mode: 'logon',
    qrTimeout: settings.qrTimeout,
    visibility: { hidden: () => false, onChange: () => () => {} },
    onConfirmed: async () => {},
  });
  qr.subscribe((state) => states.push(state.status));
  for (let left = ms; left > 0; left -= 60_000) {
    await advance(Math.min(left, 60_000));
    everyMinute();
  }
  const status = qr.getState().status;
  const seen = states.join(' → ');
  qr.dispose();
  scope.dispose();
  const minutes = ms / 60_000;
  return {
    label,
    status,
    states: seen,
    requests: stats.requests,
    pollsPerMinute: Math.round(stats.polls / minutes),
    maxInFlight: stats.maxInFlight,
    sandboxPending: sandbox.state.pendingQrs.length,
  };
}

// Wall-clock: real timers, real latency of the in-process sandbox.
const real = await run({ ms: REAL_SECONDS * 1000, label: `${REAL_SECONDS} s of wall-clock time`, advance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });

// Virtual clock: setTimeout and Date.now follow a simulated time that jumps from timer to timer;
// between timers the event loop runs until every call in flight has answered.
function installVirtualClock(start) {
  const originals = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout, now: Date.now };
  let now = start;
  let seq = 0;
  const timers = new Map();
  globalThis.setTimeout = (fn, ms = 0) => {
    const id = ++seq;
    timers.set(id, { at: now + Math.max(0, ms), fn });
    return id;
  };
  globalThis.clearTimeout = (id) => void timers.delete(id);
  Date.now = () => now;
  const settle = async () => {
    for (let turns = 0; turns < 20; turns++) await tick();
  };
  return {
    async advance(ms) {
      const end = now + ms;
      await settle();
      for (;;) {
        let next;
        for (const [id, timer] of timers) if (timer.at <= end && (!next || timer.at < next[1].at)) next = [id, timer];
        if (!next) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].fn();
        await settle();
      }
      now = end;
    },
    pending: () => timers.size,
    restore() {
      Object.assign(globalThis, { setTimeout: originals.setTimeout, clearTimeout: originals.clearTimeout });
      Date.now = originals.now;
    },
  };
}

const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const clock = installVirtualClock(Date.now());
// A one-minute warm-up so the heap baseline includes compiled code and the sandbox's first QR code.
await run({ ms: 60_000, label: 'warm-up', advance: clock.advance });
const before = heap();
const samples = [];
const simulated = await run({ ms: MINUTES * 60_000, label: `${MINUTES} simulated minutes`, advance: clock.advance, everyMinute: () => samples.push(heap()) });
const after = heap();
const timersLeft = clock.pending();
clock.restore();

console.log('QR polling benchmark (poll interval 500 ms: the spec asks for 120 polls a minute)\n');
console.table([real, simulated]);
const delta = (bytes) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;
console.log(`heap used before the simulated run:     ${mb(before)}${globalThis.gc ? '' : '  [run with --expose-gc for settled figures]'}`);
console.log(`heap used while polling, per minute:    ${samples.map(mb).join(', ')}`);
console.log(`heap used after ${MINUTES} minutes (polling): ${mb(samples.at(-1))} (${delta(samples.at(-1) - samples[0])} since minute 1)`);
console.log(`heap used after dispose:                ${mb(after)} (${delta(after - before)} against the start)`);
console.log(`timers left after dispose:              ${timersLeft}`);
