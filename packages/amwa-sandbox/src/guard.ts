// What keeps the sandbox a safe development server, with the host check of hosts.ts: its control
// API answers only this machine's scripts and pages (never a page on another site), and no request
// body is larger than a call needs.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { OriginPolicy } from './cors';
import { controlJson, isSandboxPath, json, publicOrigin } from './http';

/** Largest request body of a control call (`/__sandbox/…`), in bytes. */
export const CONTROL_BODY_LIMIT = 64 * 1024;
/** Largest request body of any other call, the API's included, in bytes. */
export const API_BODY_LIMIT = 1024 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
const OTHER_SITE = new Set(['cross-site', 'same-site']);

/**
 * True when `origin` is the sandbox's own: the origin of the request, or the one the browser sees
 * it on behind a proxy. The host check let the request through, so both are on allowed hosts.
 */
const isOwnOrigin = (c: Context, origin: string) => origin === new URL(c.req.url).origin || origin === publicOrigin(c);

/**
 * Guards the control API, its reads like its writes: a request from a browser page (it carries
 * `Origin`) must come from the sandbox's own pages or an allowed origin, and every call that
 * changes something must be JSON. A cross-site page can send a `no-cors` text/plain POST without
 * asking; it cannot send JSON without a preflight, which only allowed origins pass. Nor may it
 * fetch a read without `Origin` (a script or image tag, a `no-cors` fetch: the browser marks them
 * `Sec-Fetch-Site: cross-site`); only navigations (the end pages, the gallery's frames) are let
 * through from other sites. Scripts in Node send neither header and are not affected.
 */
export const controlGuard =
  (policy: OriginPolicy): MiddlewareHandler =>
  async (c, next) => {
    if (!isSandboxPath(c.req.path)) return next();
    const origin = c.req.header('Origin');
    if (origin !== undefined && !isOwnOrigin(c, origin) && !policy.allows(origin)) {
      return controlJson(c, { error: `the control API refuses pages on ${origin}: start the sandbox with --cors-origin ${origin} to allow it` }, 403);
    }
    if (origin === undefined && OTHER_SITE.has(c.req.header('Sec-Fetch-Site') ?? '') && c.req.header('Sec-Fetch-Mode') !== 'navigate') {
      return controlJson(c, { error: 'the control API refuses what a page on another site fetches without CORS: call it from the sandbox\'s own pages, an allowed origin, or a script' }, 403);
    }
    if (!SAFE_METHODS.has(c.req.method) && !JSON_TYPE.test(c.req.header('Content-Type') ?? '')) {
      return controlJson(c, { error: 'the control API takes JSON: send Content-Type: application/json' }, 415);
    }
    return next();
  };

// The client may still be sending: closing the connection spares the sandbox reading the rest.
const closing = (response: Response) => {
  response.headers.set('Connection', 'close');
  return response;
};

/**
 * Refuses bodies over `maxSize` bytes with `refuse`: at once when `Content-Length` says so, else
 * while reading a streamed body. An announced length is trusted without touching the body, which
 * then stays the request's own for the handler (the HTTP parser never reads past that length).
 */
function limit(maxSize: number, refuse: (c: Context) => Response): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError: refuse });
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) return Number(length) > maxSize ? Promise.resolve(refuse(c)) : next();
    return streamed(c, next);
  };
}

const controlLimit = limit(CONTROL_BODY_LIMIT, (c) => closing(controlJson(c, { error: `request body over ${CONTROL_BODY_LIMIT} bytes` }, 413)));
const apiLimit = limit(API_BODY_LIMIT, (c) => closing(json(c, { errorCode: 'payload-too-large' }, 413)));

/** Refuses request bodies over the limit of their path with 413, before any handler reads them. */
export const bodyLimits = (): MiddlewareHandler => (c, next) => (isSandboxPath(c.req.path) ? controlLimit(c, next) : apiLimit(c, next));
