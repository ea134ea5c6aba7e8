// What keeps the sandbox a safe development server: its control API answers only this machine's
// scripts and pages (never a page on another site), and no request body is larger than a call needs.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LOCALHOST_NAME, type OriginPolicy } from './cors';
import { controlJson, isSandboxPath, json } from './http';

/** Largest request body of a control call (`/__sandbox/…`), in bytes. */
export const CONTROL_BODY_LIMIT = 64 * 1024;
/** Largest request body of any other call, the API's included, in bytes. */
export const API_BODY_LIMIT = 1024 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * True when `origin` is the sandbox's own, reached by an IP address or a `localhost` name. A page
 * on any other name that resolves here could be a DNS-rebinding page, so it must be listed.
 */
function isOwnOrigin(c: Context, origin: string) {
  const own = new URL(c.req.url);
  const host = own.hostname;
  return origin === own.origin && (IPV4.test(host) || host.startsWith('[') || LOCALHOST_NAME.test(host));
}

/**
 * Guards the control API: a request from a browser page (it carries `Origin`) must come from the
 * sandbox's own pages or an allowed origin, and every call that changes something must be JSON.
 * A cross-site page can send a `no-cors` text/plain POST without asking; it cannot send JSON
 * without a preflight, which only allowed origins pass. Scripts in Node send no `Origin`.
 */
export const controlGuard =
  (policy: OriginPolicy): MiddlewareHandler =>
  async (c, next) => {
    if (!isSandboxPath(c.req.path)) return next();
    const origin = c.req.header('Origin');
    if (origin !== undefined && !isOwnOrigin(c, origin) && !policy.allows(origin)) {
      return controlJson(c, { error: `the control API refuses pages on ${origin}: start the sandbox with --cors-origin ${origin} to allow it` }, 403);
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
