// Test helper: the network edge as a scripted server behind the real API client and error handler.
import { vi } from 'vitest';
import { createAnalytics } from '../analytics';
import { createApiClient } from '../api';
import { createCookies } from '../cookies';
import { createErrorHandler } from '../error-handler';
import { createEmitter, type AmwaEventMap, type AmwaEventType } from '../events';
import type { Scope } from '../scope';
import { parseSettings, type SettingsInput } from '../settings';
import { createTraceLog } from '../trace';

/** One answer: a status, a JSON body and headers, or a promise of one (a call left hanging). */
export type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;

/** A call the scripted server saw. */
export interface Call {
  method: string;
  path: string;
  signal?: AbortSignal | null;
  /** The JSON body, parsed. */
  body?: unknown;
  headers?: Record<string, string>;
}

// On the page's origin: the XSRF-TOKEN cookie the tests set is then the API's.
const API = `${location.origin}/access`;

/** The real services over a scripted `fetch`: answers come from `route(call)`, per API path. */
export function testServices(scope: Scope, route: (call: Call) => Answer, input: SettingsInput = {}) {
  const parsed = parseSettings({ apiBaseUrl: API, ...input }, 'https://bank.test');
  if (!parsed.ok) throw new Error(parsed.message);
  const settings = parsed.settings;
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const traces: { path: string; body: unknown; keepalive?: boolean }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method: init.method ?? 'GET', path: url.slice(API.length), signal: init.signal, body, headers: init.headers as Record<string, string> };
    // Trace lines (and the XSRF cookie they may fetch first) are answered here and kept apart,
    // so tests of a flow see only its own calls.
    if (call.path === '/') return new Response('', { status: 200, headers: { 'X-XSRF-TOKEN': 'test' } });
    if (call.path.startsWith('/v1/api/public/log/')) {
      traces.push({ path: call.path, body, keepalive: init.keepalive });
      return new Response(`)]}'\n{}`, { status: 200 });
    }
    calls.push(call);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const aborted = new Promise<never>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      const { status, body, headers } = await Promise.race([route(call), aborted]);
      return new Response(body === undefined ? null : `)]}'\n${JSON.stringify(body)}`, { status, headers });
    } finally {
      inFlight--;
    }
  }) as typeof globalThis.fetch;
  const emitter = createEmitter();
  const events: [AmwaEventType, unknown][] = [];
  const record = <K extends AmwaEventType>(type: K) => emitter.on(type, (detail: AmwaEventMap[K]) => events.push([type, detail]));
  for (const type of ['amwa-generic-exception', 'amwa-technical-exception', 'amwa-next', 'amwa-logon-redirect', 'amwa-logout'] as const) record(type);
  const api = createApiClient({ settings, emit: emitter.emit, scope, language: () => 'en-GB', fetch });
  const cookies = createCookies(settings);
  const analytics = createAnalytics({ settings, emit: emitter.emit, cookies });
  const navigateToError = vi.fn<(traceId?: string) => void>();
  const traceLog = createTraceLog(api);
  const errors = createErrorHandler({ emit: emitter.emit, analytics, traceLog, navigateToError, signal: scope.signal });
  return {
    settings,
    api,
    errors,
    traceLog,
    cookies,
    emit: emitter.emit,
    on: emitter.on,
    events,
    calls,
    /** The trace lines sent, answered apart from the flow's calls. */
    traces,
    navigateToError,
    /** Calls to `path` so far. */
    count: (path: string) => calls.filter((call) => call.path === path).length,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

/** A promise with its resolve function, for answers the test releases. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
