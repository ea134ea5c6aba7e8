import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient, type ApiClientDeps } from './api';
import { createLazyApiClient } from './api-lazy';
import { AmwaApiError, answerOf } from './api-error';
import { createEmitter } from './events';
import { createScope, type Scope } from './scope';
import { parseSettings, type Settings } from './settings';

const TRACE = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

function testSettings(): Settings {
  const parsed = parseSettings({ apiBaseUrl: 'https://api.test/access', securityApiBaseUrl: 'https://sec.test' }, 'https://bank.test');
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.settings;
}

type Call = { url: string; init: RequestInit };

/** A fake network edge: records calls and answers with `reply`, honouring the abort signal like real fetch. */
function network(reply: (call: Call) => Response | Promise<Response> | 'hang') {
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return new Promise<Response>((resolve, reject) => {
      const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (init.signal?.aborted) return fail();
      init.signal?.addEventListener('abort', fail);
      const answer = reply(call);
      if (answer !== 'hang') Promise.resolve(answer).then(resolve, reject);
    });
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), init);
const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

let scope: Scope;
const clearCookies = () => {
  for (const pair of document.cookie.split('; ').filter(Boolean)) document.cookie = `${pair.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};

function client(fetch: typeof globalThis.fetch, extra: Partial<ApiClientDeps> = {}) {
  const emitter = createEmitter();
  const prefills: string[] = [];
  emitter.on('amwa-prefill', ({ value }) => prefills.push(value));
  const api = createApiClient({ settings: testSettings(), emit: emitter.emit, scope, language: () => 'nl-NL', fetch, ...extra });
  return { api, prefills };
}

async function failure(promise: Promise<unknown>): Promise<AmwaApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AmwaApiError);
  return error as AmwaApiError;
}

// The page shares the access API's origin, so it can read the API's XSRF cookie, unless a test moves it.
const pageAt = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

beforeEach(() => {
  pageAt('https://api.test/app');
  scope = createScope();
  clearCookies();
});
afterEach(() => {
  scope.dispose();
  clearCookies();
  vi.useRealTimers();
});

describe('createApiClient: requests', () => {
  it('GETs with credentials, Accept-Language and no cache, strips the )]}\' prefix and checks the schema', async () => {
    const net = network(() => new Response(`)]}',\n{"qr":"iVBOR"}`, { status: 200 }));
    const { api } = client(net.fetch);
    const res = await api.request({ method: 'GET', path: '/v1/api/public/qr', schema: z.object({ qr: z.string() }) });
    expect(res).toMatchObject({ data: { qr: 'iVBOR' }, status: 200 });
    expect(net.calls).toHaveLength(1);
    const [call] = net.calls;
    expect(call!.url).toBe('https://api.test/access/v1/api/public/qr');
    expect(call!.init).toMatchObject({ method: 'GET', credentials: 'include', cache: 'no-store', body: undefined });
    expect(header(call!, 'Accept-Language')).toBe('nl-NL');
    expect(header(call!, 'X-XSRF-TOKEN')).toBeNull();
  });

  it('sends JSON bodies, bearer tokens and security-API form posts', async () => {
    document.cookie = 'XSRF-TOKEN=tok1; path=/';
    const net = network(() => json({}));
    const { api } = client(net.fetch);
    await api.request({ method: 'POST', path: '/security-means/transfers', target: 'security', body: { clientId: 'c', intent: 'i' }, bearer: 'abc' });
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'r' });
    await api.request({ method: 'POST', path: '/oauth2/token', target: 'security', form, headers: { 'X-Inactivity-Seconds': '3' } });
    const [transfer, token] = net.calls;
    expect(transfer!.url).toBe('https://sec.test/security-means/transfers');
    expect(transfer!.init.body).toBe('{"clientId":"c","intent":"i"}');
    expect(header(transfer!, 'Content-Type')).toBe('application/json');
    expect(header(transfer!, 'Authorization')).toBe('Bearer abc');
    expect(token!.init.body).toBe(form);
    expect(header(token!, 'Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(header(token!, 'X-Inactivity-Seconds')).toBe('3');
  });

  it('returns an empty body as undefined and leaves unchecked bodies alone', async () => {
    const net = network((call) => (call.url.endsWith('/empty') ? new Response(null, { status: 204 }) : new Response('plain text')));
    const { api } = client(net.fetch);
    expect((await api.request({ method: 'GET', path: '/empty' })).data).toBeUndefined();
    expect((await api.request({ method: 'GET', path: '/text' })).data).toBe('plain text');
  });

  it('emits amwa-prefill when the prefill header is on a response, even an error response', async () => {
    const net = network(() => json({}, { status: 400, headers: { 'x-amwa-prefill': 'user42' } }));
    const { api, prefills } = client(net.fetch);
    await failure(api.request({ method: 'GET', path: '/x' }));
    expect(prefills).toEqual(['user42']);
  });
});

describe('createApiClient: XSRF', () => {
  it('obtains the cookie once with a GET on {apiBaseUrl}/ and sends it on every POST', async () => {
    const net = network((call) => {
      if (call.init.method === 'GET') document.cookie = 'XSRF-TOKEN=fresh; path=/';
      return json({});
    });
    const { api } = client(net.fetch);
    await Promise.all([
      api.request({ method: 'POST', path: '/v1/api/public/scanner/status', body: { userName: 'a' } }),
      api.request({ method: 'POST', path: '/v1/api/public/scanner/provision', body: { userName: 'a' } }),
    ]);
    await api.request({ method: 'POST', path: '/v1/api/public/scanner/finish', body: {} });
    const probes = net.calls.filter((c) => c.init.method === 'GET');
    expect(probes).toHaveLength(1);
    expect(probes[0]!.url).toBe('https://api.test/access/');
    expect(probes[0]!.init.credentials).toBe('include');
    const posts = net.calls.filter((c) => c.init.method === 'POST');
    expect(posts.map((c) => header(c, 'X-XSRF-TOKEN'))).toEqual(['fresh', 'fresh', 'fresh']);
  });

  it('uses the X-XSRF-TOKEN response header when the cookie cannot be read', async () => {
    const net = network((call) => json({}, call.init.method === 'GET' ? { headers: { 'X-XSRF-TOKEN': 'from-header' } } : {}));
    const { api } = client(net.fetch);
    await api.request({ method: 'POST', path: '/a', body: {} });
    await api.request({ method: 'POST', path: '/b', body: {} });
    expect(net.calls.map((c) => [c.init.method, header(c, 'X-XSRF-TOKEN')])).toEqual([
      ['GET', null],
      ['POST', 'from-header'],
      ['POST', 'from-header'],
    ]);
  });

  it('skips the GET when the cookie exists and for calls without credentials', async () => {
    const net = network(() => json({}));
    const { api } = client(net.fetch);
    await api.request({ method: 'POST', path: '/v1/public/session/anonymous/initiate', credentials: false });
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]!.init.credentials).toBe('omit');
    expect(header(net.calls[0]!, 'X-XSRF-TOKEN')).toBeNull();
    document.cookie = 'XSRF-TOKEN=present; path=/';
    await api.request({ method: 'POST', path: '/x' });
    expect(net.calls).toHaveLength(2);
    expect(header(net.calls[1]!, 'X-XSRF-TOKEN')).toBe('present');
  });

  it.each([
    ['another host', 'https://bank.test/app'],
    ['another port', 'https://api.test:8443/app'],
  ])("with the API on another origin (%s), uses the bootstrap's header, never the page's own XSRF-TOKEN cookie", async (_, page) => {
    pageAt(page);
    document.cookie = 'XSRF-TOKEN=the-host-page-own; path=/';
    const net = network((call) => json({}, call.init.method === 'GET' ? { headers: { 'X-XSRF-TOKEN': 'from-api' } } : {}));
    const { api } = client(net.fetch);
    await api.request({ method: 'POST', path: '/a', body: {} });
    await api.request({ method: 'POST', path: '/b', body: {} });
    expect(net.calls.map((c) => [c.init.method, c.url, header(c, 'X-XSRF-TOKEN')])).toEqual([
      ['GET', 'https://api.test/access/', null],
      ['POST', 'https://api.test/access/a', 'from-api'],
      ['POST', 'https://api.test/access/b', 'from-api'],
    ]);
  });

  it('tries the GET again after it failed', async () => {
    let down = true;
    const net = network(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : json({})));
    const { api } = client(net.fetch);
    expect((await failure(api.request({ method: 'POST', path: '/x' }))).kind).toBe('network');
    down = false;
    await api.request({ method: 'POST', path: '/x' });
    expect(net.calls.map((c) => c.init.method)).toEqual(['GET', 'GET', 'POST']);
  });
});

describe('createApiClient: failures', () => {
  it('reports a non-2xx answer as kind http with errorCode, trace id, date, Retry-After and the body for the widget only', async () => {
    const date = 'Tue, 03 Jun 2025 10:15:30 GMT';
    const net = network(() => json({ errorCode: 14 }, { status: 400, headers: { 'x-trace-id': TRACE, date, 'retry-after': '5' } }));
    const { api } = client(net.fetch);
    const error = await failure(api.request({ method: 'GET', path: '/v1/api/public/qr', operation: 'qr' }));
    expect(error).toMatchObject({ kind: 'http', status: 400, errorCode: '14', traceId: TRACE, date, retryAfter: '5', path: '/v1/api/public/qr' });
    expect(error.report).toEqual({ operation: 'qr', path: '/v1/api/public/qr', status: 400, errorCode: '14', fields: ['errorCode'] });
    expect(answerOf(error)).toEqual({ errorCode: 14 });
  });

  it('ignores a trace header that does not have the trace-id format', async () => {
    const net = network(() => new Response(`)]}'\n{"errorCode":"x"}`, { status: 500, headers: { 'x-trace-id': 'not-a-trace' } }));
    const { api } = client(net.fetch);
    const error = await failure(api.request({ method: 'GET', path: '/x' }));
    expect(error).toMatchObject({ kind: 'http', status: 500, errorCode: 'x' });
    expect(error.traceId).toBeUndefined();
  });

  it('reports a body that does not match the schema as invalid-response', async () => {
    const net = network(() => json({ confirmed: 'yes' }));
    const { api } = client(net.fetch);
    const error = await failure(api.request({ method: 'GET', path: '/qr/confirmed', schema: z.object({ confirmed: z.boolean() }) }));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, report: { path: '/qr/confirmed', status: 200, fields: ['confirmed'], invalidFields: ['confirmed'] } });
  });

  it('reports a failed fetch as network', async () => {
    const net = network(() => Promise.reject(new TypeError('Failed to fetch')));
    const { api } = client(net.fetch);
    const error = await failure(api.request({ method: 'GET', path: '/x' }));
    expect(error).toMatchObject({ kind: 'network', path: '/x' });
    expect(error.status).toBeUndefined();
  });

  it('times out after bmgApiTimeout (access) with a message containing timeout, and clears the timer on success', async () => {
    vi.useFakeTimers();
    const net = network((call) => (call.url.endsWith('/slow') ? 'hang' : json({})));
    const { api } = client(net.fetch);
    await api.request({ method: 'GET', path: '/fast' });
    expect(vi.getTimerCount()).toBe(0);
    const pending = failure(api.request({ method: 'GET', path: '/slow' }));
    await vi.advanceTimersByTimeAsync(4999);
    expect(net.calls[1]!.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/timeout/);
  });

  it('uses apiGatewayTimeout for the security API, the per-call time-out, and none for 0', async () => {
    vi.useFakeTimers();
    const net = network(() => 'hang');
    const { api } = client(net.fetch);
    const security = failure(api.request({ method: 'GET', path: '/s', target: 'security' }));
    const custom = failure(api.request({ method: 'GET', path: '/c', timeoutMs: 120_000 }));
    void api.request({ method: 'GET', path: '/forever', timeoutMs: 0 }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await security).kind).toBe('timeout');
    await vi.advanceTimersByTimeAsync(110_000);
    expect((await custom).kind).toBe('timeout');
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(net.calls[2]!.init.signal?.aborted).toBe(false);
  });

  it('aborts every call in flight when the scope is disposed, and sends nothing afterwards', async () => {
    const net = network(() => 'hang');
    const { api } = client(net.fetch);
    const first = failure(api.request({ method: 'GET', path: '/a' }));
    const second = failure(api.request({ method: 'GET', path: '/b' }));
    await Promise.resolve();
    scope.dispose();
    expect((await first).kind).toBe('aborted');
    expect((await second).kind).toBe('aborted');
    expect((await failure(api.request({ method: 'GET', path: '/c' }))).kind).toBe('aborted');
    expect(net.calls).toHaveLength(2);
  });

  it("aborts when the caller's signal aborts", async () => {
    const net = network(() => 'hang');
    const { api } = client(net.fetch);
    const controller = new AbortController();
    const pending = failure(api.request({ method: 'GET', path: '/a', signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
  });
});

// Issue 30: a prerendered page (speculation rules) that the user never sees started an anonymous
// session, a web-session bootstrap and a QR code. No call goes out before the page is shown.
describe('createApiClient: a prerendered page', () => {
  const prerenderedPage = () => Object.assign(new EventTarget(), { prerendering: true });
  const show = (page: ReturnType<typeof prerenderedPage>) => {
    page.prerendering = false;
    page.dispatchEvent(new Event('prerenderingchange'));
  };

  it('sends nothing, POST or GET, until the page is shown, then sends each call once', async () => {
    vi.useFakeTimers();
    const net = network(() => json({ ok: true }, { headers: { 'X-XSRF-TOKEN': 'token' } }));
    const page = prerenderedPage();
    const { api } = client(net.fetch, { page, settings: { ...testSettings(), bmgApiTimeout: 50 } });
    const post = api.request({ method: 'POST', path: '/v1/public/session/anonymous/initiate', credentials: false });
    const get = api.request({ method: 'GET', path: '/v1/api/public/qr' });
    const xsrf = api.request({ method: 'POST', path: '/v1/api/public/scanner/status', body: { userName: 'ANNA0001' } });
    // Well past the calls' time-out: waiting for the page is not the call's time.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(net.calls).toEqual([]);
    show(page);
    await expect(Promise.all([post, get, xsrf])).resolves.toHaveLength(3);
    expect(net.calls.map((call) => `${call.init.method} ${new URL(call.url).pathname}`)).toEqual([
      'POST /access/v1/public/session/anonymous/initiate',
      'GET /access/v1/api/public/qr',
      'GET /access/',
      'POST /access/v1/api/public/scanner/status',
    ]);
  });

  it('fails a waiting call as aborted when the widget goes first, and never sends it', async () => {
    const net = network(() => json({}));
    const page = prerenderedPage();
    const { api } = client(net.fetch, { page });
    const waiting = api.request({ method: 'POST', path: '/v1/api/public/scanner/status', credentials: false });
    scope.dispose();
    expect((await failure(waiting)).kind).toBe('aborted');
    show(page);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(net.calls).toEqual([]);
  });
});

describe('createLazyApiClient', () => {
  it('loads the client once, on the first request, and shares it', async () => {
    const fetch = vi.fn(async () => new Response(")]}'\n{\"ok\":true}", { status: 200 }));
    const load = vi.fn(async () => ({ createApiClient }));
    const settings = (parseSettings({ apiBaseUrl: 'https://api.example/access' }) as { ok: true; settings: Settings }).settings;
    const api = createLazyApiClient({ settings, emit: () => {}, scope: createScope(), language: () => 'en-GB', fetch }, load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([api.request({ method: 'GET', path: '/x' }), api.request({ method: 'GET', path: '/y' })]);
    expect(a.data).toEqual({ ok: true });
    expect(b.data).toEqual({ ok: true });
    expect(load).toHaveBeenCalledOnce();
  });

  it('warm() loads the client ahead of the first request without calling, and that request uses it', async () => {
    const fetch = vi.fn(async () => new Response(")]}'\n{\"ok\":true}", { status: 200 }));
    const load = vi.fn(async () => ({ createApiClient }));
    const settings = (parseSettings({ apiBaseUrl: 'https://api.example/access' }) as { ok: true; settings: Settings }).settings;
    const api = createLazyApiClient({ settings, emit: () => {}, scope: createScope(), language: () => 'en-GB', fetch }, load);
    api.warm?.();
    api.warm?.();
    expect(load).toHaveBeenCalledOnce();
    expect(fetch).not.toHaveBeenCalled();
    expect((await api.request({ method: 'GET', path: '/x' })).data).toEqual({ ok: true });
    expect(load).toHaveBeenCalledOnce();
  });

  it('fails the request whose load failed, and loads again for the next one', async () => {
    const fetch = vi.fn(async () => new Response(")]}'\n{\"ok\":true}", { status: 200 }));
    const lost = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn().mockRejectedValueOnce(lost).mockResolvedValue({ createApiClient });
    const settings = (parseSettings({ apiBaseUrl: 'https://api.example/access' }) as { ok: true; settings: Settings }).settings;
    const api = createLazyApiClient({ settings, emit: () => {}, scope: createScope(), language: () => 'en-GB', fetch }, load);
    await expect(api.request({ method: 'GET', path: '/x' })).rejects.toBe(lost);
    expect((await api.request({ method: 'GET', path: '/x' })).data).toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
