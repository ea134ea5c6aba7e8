// The sandbox as the API of a page on another origin (`--cors-origin`): which origins may use it,
// CORS preflights and answers with credentials, and cookies a cross-site page can keep.
import type { Context, MiddlewareHandler } from 'hono';
import { publicOrigin } from './http';

/** Response headers the widget reads, exposed to a page on another origin (`Date` and the rest are not CORS-safelisted). */
export const EXPOSED_HEADERS: readonly string[] = ['Date', 'x-trace-id', 'x-encrypted-state', 'x-amwa-prefill', 'Retry-After', 'X-XSRF-TOKEN'];

/** How long a browser may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/** `localhost` and its subdomains: browsers resolve them to loopback, so only a program on this machine serves them. */
export const LOCALHOST_NAME = /^(?:[a-z0-9-]+\.)*localhost$/;

/** `scheme://host[:port]` as the browser sends it in `Origin`, or undefined when `value` is anything more or less. */
export function parseOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !value.endsWith('#');
  return /^https?:$/.test(url.protocol) && bare ? url.origin : undefined;
}

/** True for an origin on `localhost` or a `*.localhost` name, any port: development hosts, allowed by default. */
export const isLocalhostOrigin = (origin: string) => {
  const parsed = parseOrigin(origin);
  return parsed === origin && LOCALHOST_NAME.test(new URL(origin).hostname);
};

/** Which other origins may use the sandbox from a browser: its API with credentials, and its control API. */
export interface OriginPolicy {
  /** The origins given with `--cors-origin` / `corsOrigins`, normalised. */
  readonly listed: readonly string[];
  allows(origin: string): boolean;
}

/** The policy for `corsOrigins` plus every `*.localhost` origin; throws, naming it, on an entry that is not an origin. */
export function originPolicy(corsOrigins: readonly string[] = []): OriginPolicy {
  const listed = corsOrigins.map((value) => {
    const origin = parseOrigin(value);
    if (!origin) throw new Error(`CORS origin "${value}" is not an origin: give scheme://host[:port], e.g. http://app.localhost:3000`);
    return origin;
  });
  const set = new Set(listed);
  return { listed, allows: (origin) => set.has(origin) || isLocalhostOrigin(origin) };
}

/** The page origin of a request from another origin the policy allows, if it is one (behind a proxy, the proxy's origin is the sandbox's own). */
export function allowedForeignOrigin(c: Context, policy: OriginPolicy): string | undefined {
  const origin = c.req.header('Origin');
  return origin !== undefined && origin !== new URL(c.req.url).origin && origin !== publicOrigin(c) && policy.allows(origin) ? origin : undefined;
}

// Header names only: a preflight's request-header list is echoed back, nothing else.
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9a-z-]+(?:\s*,\s*[!#$%&'*+.^_`|~0-9a-z-]+)*$/i;

/**
 * A cookie a page on another site can keep and send back. A cross-site cookie must be
 * `SameSite=None; Secure` (`Secure` is allowed on http for `localhost` names, which browsers count
 * as secure), and `Partitioned` (CHIPS): browsers that block third-party cookies, Chromium's
 * default now, still keep it, in a jar of its own for the top-level site the page is on.
 */
export const crossSiteCookie = (line: string) => {
  const [pair, ...attributes] = line.split(/;\s*/);
  const kept = attributes.filter((attribute) => !/^(?:samesite|secure|partitioned)(?:=|$)/i.test(attribute));
  return [pair, ...kept, 'SameSite=None', 'Secure', 'Partitioned'].join('; ');
};

/**
 * CORS for allowed origins: answers preflights (credentials, the requested headers, GET and
 * POST), adds `Access-Control-Allow-Origin` with credentials and the exposed headers to every
 * answer, and makes its cookies cross-site ones. Other origins get no CORS headers, and their
 * preflights a 403, so the browser keeps their pages from reading or calling anything.
 */
export const cors =
  (policy: OriginPolicy): MiddlewareHandler =>
  async (c, next) => {
    const origin = allowedForeignOrigin(c, policy);
    const requestedMethod = c.req.header('Access-Control-Request-Method');
    if (c.req.method === 'OPTIONS' && c.req.header('Origin') !== undefined && requestedMethod !== undefined) {
      const vary = { Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers' };
      if (!origin) return c.body(null, 403, vary);
      const requestedHeaders = c.req.header('Access-Control-Request-Headers')?.trim() ?? '';
      return c.body(null, 204, {
        ...vary,
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Methods': 'GET, POST',
        ...(HEADER_LIST.test(requestedHeaders) ? { 'Access-Control-Allow-Headers': requestedHeaders } : {}),
        // Chromium asks before a public page may call a loopback server (Private Network Access).
        ...(c.req.header('Access-Control-Request-Private-Network') === 'true' ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
      });
    }
    await next();
    c.res.headers.append('Vary', 'Origin');
    if (!origin) return;
    c.res.headers.set('Access-Control-Allow-Origin', origin);
    c.res.headers.set('Access-Control-Allow-Credentials', 'true');
    c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    const cookies = c.res.headers.getSetCookie();
    c.res.headers.delete('Set-Cookie');
    for (const line of cookies) c.res.headers.append('Set-Cookie', crossSiteCookie(line));
  };
