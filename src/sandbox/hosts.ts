// Which names the sandbox answers to, and on which origin the browser sees it. A page on any name
// that some DNS server resolves to this machine (DNS rebinding) would otherwise be same-origin
// with the sandbox: it could read the control API and get example pages built on its own name.
// So, like Vite's `server.allowedHosts`, the sandbox answers only loopback and localhost names
// and the hosts it is told about. Behind a proxy it hands out URLs on the proxy's origin: the one
// `X-Forwarded-Host`/`-Proto` (or `Forwarded`) name, or the `--public-url` it was started with.
import type { Context, MiddlewareHandler } from 'hono';
import { LOCALHOST_NAME, parseOrigin } from './cors';
import { recordPublicOrigin } from './http';

/** Which hosts the sandbox answers, and its public origin behind a proxy that names none. */
export interface HostPolicy {
  /** The hosts given with `--allowed-host` / `allowedHosts` and the host of the public URL, normalised (`.name` allows its subdomains too). */
  readonly listed: readonly string[];
  /** The origin of `--public-url` / `publicUrl`, if given. */
  readonly publicOrigin?: string;
  /** True for a host name (no port) the sandbox answers. */
  allows(hostname: string): boolean;
}

/** What `hostPolicy` takes. */
export interface HostOptions {
  /** Host names besides loopback, `localhost` and `*.localhost`; a leading dot allows the name and its subdomains. */
  allowedHosts?: readonly string[];
  /** The origin the browser sees the sandbox on, behind a proxy that sets no forwarded headers. */
  publicUrl?: string;
}

// Host names and IP literals as a Host header carries them, port aside: no user info, path or spaces.
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/i;
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** `host[:port]` as the URL standard writes it (lower case, IPv4 numbers canonical), or undefined when it is not one. */
export function parseHost(value: string): { host: string; hostname: string } | undefined {
  if (!HOST.test(value)) return undefined;
  try {
    const url = new URL(`http://${value}`);
    return { host: url.host, hostname: url.hostname.replace(/\.$/, '') };
  } catch {
    return undefined;
  }
}

/** True for loopback addresses (127.0.0.0/8, `[::1]`), `localhost` and `*.localhost`: names only this machine answers. */
export const isLoopbackHost = (hostname: string) => IPV4_LOOPBACK.test(hostname) || hostname === '[::1]' || LOCALHOST_NAME.test(hostname);

function listedHost(value: string) {
  const subdomains = value.startsWith('.');
  const parsed = parseHost(subdomains ? value.slice(1) : value);
  if (!parsed || parsed.host !== parsed.hostname) {
    throw new Error(`allowed host "${value}" is not a host name: give a name without scheme or port, e.g. dev.bank.example, or .bank.example for it and its subdomains`);
  }
  return subdomains ? `.${parsed.hostname}` : parsed.hostname;
}

/** The policy for `allowedHosts` and `publicUrl`; throws, naming it, on an entry that is not a host name or an origin. */
export function hostPolicy({ allowedHosts = [], publicUrl }: HostOptions = {}): HostPolicy {
  const publicOrigin = publicUrl === undefined ? undefined : parseOrigin(publicUrl);
  if (publicUrl !== undefined && !publicOrigin) {
    throw new Error(`public URL "${publicUrl}" is not an origin: give scheme://host[:port] as the browser sees it, e.g. http://localhost:3000`);
  }
  const listed = [...new Set([...allowedHosts.map(listedHost), ...(publicOrigin ? [new URL(publicOrigin).hostname] : [])])];
  const exact = new Set(listed.filter((host) => !host.startsWith('.')));
  const suffixes = listed.filter((host) => host.startsWith('.'));
  return {
    listed,
    publicOrigin,
    allows: (hostname) =>
      isLoopbackHost(hostname) || exact.has(hostname) || suffixes.some((suffix) => hostname.endsWith(suffix) || hostname === suffix.slice(1)),
  };
}

/** What a proxy says about the request the browser made: the first hop of `Forwarded`, else of `X-Forwarded-Host`/`-Proto`. */
export interface Forwarded {
  /** `host[:port]` as the header gives it; may be anything, so it is checked before use. */
  host?: string;
  proto?: 'http' | 'https';
}

const firstOf = (value: string | undefined) => value?.split(',')[0]?.trim() || undefined;
const protoOf = (value: string | undefined) => {
  const proto = value?.toLowerCase();
  return proto === 'http' || proto === 'https' ? proto : undefined;
};

/** Reads the forwarded headers of `headers`; RFC 7239 `Forwarded` wins over the `X-Forwarded-*` pair. */
export function readForwarded(headers: Headers): Forwarded {
  const pairs = new Map<string, string>();
  for (const pair of (firstOf(headers.get('Forwarded') ?? undefined) ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) pairs.set(pair.slice(0, at).trim().toLowerCase(), pair.slice(at + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return {
    host: pairs.get('host') ?? firstOf(headers.get('X-Forwarded-Host') ?? undefined),
    proto: protoOf(pairs.get('proto')) ?? protoOf(firstOf(headers.get('X-Forwarded-Proto') ?? undefined)),
  };
}

const refusal = (c: Context, named: string | undefined) =>
  c.text(
    named === undefined
      ? 'amwa sandbox: refused a request with an unreadable host name.\n'
      : `amwa sandbox: refused a request for "${named}": the sandbox answers loopback addresses, localhost, *.localhost and the hosts given with --allowed-host or --public-url (start it with --allowed-host ${named} to answer this one).\n`,
    403,
    { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  );

/**
 * Answers only requests for allowed hosts, with 403 before any other middleware or handler runs,
 * and records the request's public origin. A request names a host in its `Host` header (every
 * HTTP client sends one; then its URL's host counts too, which differs for an absolute request
 * target) and in its forwarded headers: each must be allowed. A request built in this process
 * without a `Host` header (`createSandbox().fetch(new Request(url))`) came over no network, so
 * no DNS answer chose its host.
 */
export const hostGuard =
  (policy: HostPolicy): MiddlewareHandler =>
  async (c, next) => {
    const url = new URL(c.req.url);
    const forwarded = readForwarded(c.req.raw.headers);
    const hostHeader = c.req.header('Host');
    const named = [...(hostHeader === undefined ? [] : [hostHeader, url.host]), ...(forwarded.host === undefined ? [] : [forwarded.host])];
    for (const value of named) {
      const parsed = parseHost(value);
      if (!parsed) return refusal(c, undefined);
      if (!policy.allows(parsed.hostname)) return refusal(c, parsed.hostname);
    }
    const scheme = forwarded.proto ?? url.protocol.slice(0, -1);
    const origin = forwarded.host
      ? new URL(`${scheme}://${forwarded.host}`).origin
      : (policy.publicOrigin ?? (forwarded.proto ? new URL(`${scheme}://${url.host}`).origin : url.origin));
    recordPublicOrigin(c, origin);
    return next();
  };
