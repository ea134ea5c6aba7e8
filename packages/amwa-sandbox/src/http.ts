import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Fault, SandboxState } from './state';

/** The JSON-hijacking guard the real API writes before every JSON body. */
export const JSON_PREFIX = ")]}'\n";

/** The access-means API base path every example talks to (`apiBaseUrl` is `{origin}/access`). */
export const API_BASE = '/access';

const API_PATH = /^\/(access\/v1|security-means|security|oauth2)\//;

/** True for API calls: the paths the XSRF check applies to. */
export const isApiPath = (path: string) => API_PATH.test(path);

/** The sandbox's own control API and pages, which faults and trace headers leave alone. */
export const isSandboxPath = (path: string) => path.startsWith('/__sandbox/');

// The client sends this call without credentials (spec section 7), so no XSRF cookie can come with it.
const XSRF_EXEMPT = new Set([`${API_BASE}/v1/public/session/anonymous/initiate`]);

const DIGITS = '0123456789';
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomFrom = (alphabet: string, length: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => alphabet[byte % alphabet.length]).join('');

/** A trace id in the spec's format: 2 digits, 32 and 16 alphanumerics, 2 digits, hyphen-separated. */
export const traceId = () => [randomFrom(DIGITS, 2), randomFrom(ALNUM, 32), randomFrom(ALNUM, 16), randomFrom(DIGITS, 2)].join('-');

/** A random opaque token (XSRF values, QR ids, encrypted-state stand-ins). */
export const randomToken = (length = 24) => randomFrom(ALNUM, length);

/** An API answer: `)]}'` prefix, JSON, never cached. */
export const json = (c: Context, body: unknown, status: ContentfulStatusCode = 200) =>
  c.body(JSON_PREFIX + JSON.stringify(body), status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });

/** The response header every control answer carries, so the testing kit can tell a sandbox from a server that merely answers JSON. */
export const SANDBOX_HEADER = 'X-Amwa-Sandbox';
/** The value of `SANDBOX_HEADER`: the version of the control API. */
export const SANDBOX_MARK = 'control/1';

/** A control-API answer: plain JSON (tests and the console read it), never cached. */
export const controlJson = (c: Context, body: unknown, status: ContentfulStatusCode = 200) =>
  c.json(body, status, { 'Cache-Control': 'no-store', [SANDBOX_HEADER]: SANDBOX_MARK });

const publicOrigins = new WeakMap<Context, string>();

/** The origin the browser sees this request on: the proxy's, or the sandbox's own. Every URL the sandbox hands out is built on it. */
export const publicOrigin = (c: Context) => publicOrigins.get(c) ?? new URL(c.req.url).origin;

/** Records the request's public origin, once its hosts are checked (hosts.ts). */
export const recordPublicOrigin = (c: Context, origin: string) => void publicOrigins.set(c, origin);

const refusedRequests = new WeakSet<Context>();

/** True when the sandbox refused the request before any route read it (the XSRF check): the contract log checks its body but never keeps it. */
export const wasRefused = (c: Context) => refusedRequests.has(c);

/** Adds the `Date` header to every answer outside `/__sandbox/`, and a trace id to every API answer and every error. */
export const envelope =
  (state: SandboxState): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (isSandboxPath(c.req.path)) return;
    c.res.headers.set('Date', new Date(state.now()).toUTCString());
    if (c.res.status >= 400 || isApiPath(c.req.path)) c.res.headers.set('x-trace-id', traceId());
  };

/**
 * Double-submit XSRF: every GET hands out the `XSRF-TOKEN` cookie when the request has none (the
 * API base fetch also gets it as a header, for hosts that cannot read the cookie), and every API
 * POST must echo the cookie in `X-XSRF-TOKEN`.
 */
export const xsrf = (): MiddlewareHandler => async (c, next) => {
  const cookie = getCookie(c, 'XSRF-TOKEN');
  const path = c.req.path;
  if (c.req.method === 'POST' && isApiPath(path) && !XSRF_EXEMPT.has(path) && (!cookie || c.req.header('X-XSRF-TOKEN') !== cookie)) {
    refusedRequests.add(c);
    return json(c, { errorCode: 'xsrf' }, 403);
  }
  await next();
  if (c.req.method !== 'GET') return;
  const token = cookie ?? randomToken();
  if (!cookie) setCookie(c, 'XSRF-TOKEN', token, { path: '/', sameSite: 'Lax' });
  if (path === API_BASE || path === `${API_BASE}/`) c.res.headers.set('X-XSRF-TOKEN', token);
};

const takeFault = (state: SandboxState, path: string): Fault | undefined => {
  const fault = state.faults.find((candidate) => candidate.path === path);
  if (fault && --fault.times <= 0) state.faults.splice(state.faults.indexOf(fault), 1);
  return fault;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays scripted faults: waits `delayMs`, then answers `status` with `body` (and `headers`), or lets the call through. */
export const faults =
  (state: SandboxState): MiddlewareHandler =>
  async (c, next) => {
    const fault = isSandboxPath(c.req.path) ? undefined : takeFault(state, c.req.path);
    if (!fault) return next();
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.status === undefined) return next();
    const answer = json(c, fault.body ?? {}, fault.status as ContentfulStatusCode);
    for (const [name, value] of Object.entries(fault.headers ?? {})) answer.headers.set(name, value);
    return answer;
  };
