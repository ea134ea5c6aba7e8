// Which names the sandbox answers to, and on which origin the browser sees it. A page on any name
// that some DNS server resolves to this machine (DNS rebinding) would otherwise be same-origin
// with the sandbox: it could read the control API and get example pages built on its own name.
// So, like Vite's `server.allowedHosts`, the sandbox answers only loopback and localhost names
// and the hosts it is told about. Behind a proxy it hands out URLs on the proxy's origin: the
// `--public-url` it was started with, else the one `X-Forwarded-Host`/`-Proto` (or `Forwarded`)
// name. Any client can write those headers, so they count only from a peer the sandbox trusts (a
// loopback address, or one given with `--trusted-proxy`), and only the entry that peer added.
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
  /** True when the forwarded headers of a request from `peer` (its socket's remote address; undefined in process) count. */
  trusts(peer: string | undefined): boolean;
}

/** What `hostPolicy` takes. */
export interface HostOptions {
  /** Host names besides loopback, `localhost` and `*.localhost`; a leading dot allows the name and its subdomains. */
  allowedHosts?: readonly string[];
  /** The origin the browser sees the sandbox on, whatever forwarded headers say. */
  publicUrl?: string;
  /** Addresses of proxies whose forwarded headers count, besides loopback ones (`--trusted-proxy`). */
  trustedProxies?: readonly string[];
}

/** Where a request came from, as the server that took it knows: `sandbox.fetch(request, connection)`. */
export interface Connection {
  /** The remote address of the request's socket (`127.0.0.1`, `::1`, `::ffff:10.0.0.2`). */
  peer?: string;
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

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}$`);
// An IPv4 address as a dual-stack socket reports it, `::ffff:a.b.c.d`, once the URL parser wrote it in hex.
const IPV4_MAPPED = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/;

/** An IP address in one spelling per address (IPv4 dotted, IPv6 in brackets as URLs write it, IPv4-mapped IPv6 as IPv4), or undefined for anything else. */
export function canonicalAddress(value: string): string | undefined {
  if (IPV4.test(value)) return value;
  if (!/^\[?[0-9a-f:.]+\]?$/i.test(value) || !value.includes(':')) return undefined;
  try {
    const hostname = new URL(`http://[${value.replace(/^\[|\]$/g, '')}]/`).hostname;
    const mapped = IPV4_MAPPED.exec(hostname);
    if (!mapped) return hostname;
    const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
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

function trustedAddress(value: string) {
  const address = canonicalAddress(value);
  if (address === undefined) throw new Error(`trusted proxy "${value}" is not an IP address: give the address the proxy connects from, e.g. 10.0.0.2 or ::1`);
  return address;
}

/** The policy for `allowedHosts`, `publicUrl` and `trustedProxies`; throws, naming it, on an entry that is not a host name, an origin or an address. */
export function hostPolicy({ allowedHosts = [], publicUrl, trustedProxies = [] }: HostOptions = {}): HostPolicy {
  const publicOrigin = publicUrl === undefined ? undefined : parseOrigin(publicUrl);
  if (publicUrl !== undefined && !publicOrigin) {
    throw new Error(`public URL "${publicUrl}" is not an origin: give scheme://host[:port] as the browser sees it, e.g. http://localhost:3000`);
  }
  const listed = [...new Set([...allowedHosts.map(listedHost), ...(publicOrigin ? [new URL(publicOrigin).hostname] : [])])];
  const exact = new Set(listed.filter((host) => !host.startsWith('.')));
  const suffixes = listed.filter((host) => host.startsWith('.'));
  const proxies = new Set(trustedProxies.map(trustedAddress));
  return {
    listed,
    publicOrigin,
    allows: (hostname) =>
      isLoopbackHost(hostname) || exact.has(hostname) || suffixes.some((suffix) => hostname.endsWith(suffix) || hostname === suffix.slice(1)),
    trusts: (peer) => {
      const address = peer === undefined ? undefined : canonicalAddress(peer);
      return address !== undefined && (IPV4_LOOPBACK.test(address) || address === '[::1]' || proxies.has(address));
    },
  };
}

/** What the nearest proxy says about the request it took: the last entry of `Forwarded`, else of `X-Forwarded-Host`/`-Proto`. */
export type Forwarded =
  | {
      kind: 'named';
      /** `host[:port]` as the header gives it; may be anything, so it is checked before use. */
      host?: string;
      proto?: 'http' | 'https';
    }
  /** `X-Forwarded-*` says other than `Forwarded`: one of them came from the client, and nothing says which. */
  | { kind: 'conflicting' };

// Each proxy appends its entry to what the request came with, which the client wrote as it liked:
// only the last entry, the one the proxy next to the sandbox added, is the proxy's word.
const lastOf = (value: string | null) => value?.split(',').at(-1)?.trim() || undefined;
const protoOf = (value: string | undefined): 'http' | 'https' | undefined => {
  const proto = value?.toLowerCase();
  return proto === 'http' || proto === 'https' ? proto : undefined;
};
// An X-Forwarded-* value beside a Forwarded header must say what Forwarded says (or nothing).
const contradicts = (rfc: string | undefined, x: string | undefined) => x !== undefined && rfc?.toLowerCase() !== x.toLowerCase();

/**
 * Reads the forwarded headers of `headers`: RFC 7239 `Forwarded` when there is one, else the
 * `X-Forwarded-*` pair. A proxy sets one family and passes the other on as the client sent it, so
 * when both are there and an `X-Forwarded-*` value is not the one `Forwarded` gives (a host
 * beside a `Forwarded` that names none included), neither can be believed.
 */
export function readForwarded(headers: Headers): Forwarded {
  const pairs = new Map<string, string>();
  for (const pair of (lastOf(headers.get('Forwarded')) ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) pairs.set(pair.slice(0, at).trim().toLowerCase(), pair.slice(at + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  const x = { host: lastOf(headers.get('X-Forwarded-Host')), proto: protoOf(lastOf(headers.get('X-Forwarded-Proto'))) };
  if (!headers.has('Forwarded')) return { kind: 'named', ...x };
  const rfc = { host: pairs.get('host'), proto: protoOf(pairs.get('proto')) };
  return contradicts(rfc.host, x.host) || contradicts(rfc.proto, x.proto) ? { kind: 'conflicting' } : { kind: 'named', ...rfc };
}

const PLAIN = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

// A Host or forwarded host that is no host name at all (bad punycode, stray characters) is a bad request, not a refusal.
const unreadable = (c: Context, what: string) => c.text(`amwa sandbox: ${what}.\n`, 400, PLAIN);

const refusal = (c: Context, named: string) =>
  c.text(
    `amwa sandbox: refused a request for "${named}": the sandbox answers loopback addresses, localhost, *.localhost and the hosts given with --allowed-host or --public-url (start it with --allowed-host ${named} to answer this one).\n`,
    403,
    PLAIN,
  );

/**
 * Answers only requests for allowed hosts, with 403 before any other middleware or handler runs
 * (400 for a host name that is none), and records the request's public origin. A request names a
 * host in its `Host` header (every HTTP client sends one; then its URL's host counts too, which
 * differs for an absolute request target) and, from a trusted peer, in its forwarded headers: each
 * must be allowed. A request built in this process without a `Host` header
 * (`createSandbox().fetch(new Request(url))`) came over no network, so no DNS answer chose its
 * host. The peer is `connection.peer` of `sandbox.fetch`: a request without one (built in
 * process, or handed over by a server that does not say whom from) is from no trusted proxy.
 */
export const hostGuard =
  (policy: HostPolicy): MiddlewareHandler =>
  async (c, next) => {
    const hostHeader = c.req.header('Host');
    if (hostHeader !== undefined && !parseHost(hostHeader)) return unreadable(c, 'the Host header is not a host name');
    let url: URL;
    try {
      url = new URL(c.req.url);
    } catch {
      return unreadable(c, 'the request URL is not a URL');
    }
    // Forwarded headers say nothing when the public URL fixes the origin, or when anyone could have written them.
    const peer = (c.env as Connection | undefined)?.peer;
    const forwarded: Forwarded = policy.publicOrigin === undefined && policy.trusts(peer) ? readForwarded(c.req.raw.headers) : { kind: 'named' };
    if (forwarded.kind === 'conflicting') return unreadable(c, 'the Forwarded and X-Forwarded-* headers name different origins');
    const named = [...(hostHeader === undefined ? [] : [hostHeader, url.host]), ...(forwarded.host === undefined ? [] : [forwarded.host])];
    for (const value of named) {
      const parsed = parseHost(value);
      if (!parsed) return unreadable(c, 'the request names a host that is not a host name');
      if (!policy.allows(parsed.hostname)) return refusal(c, parsed.hostname);
    }
    const scheme = forwarded.proto ?? url.protocol.slice(0, -1);
    const origin = forwarded.host
      ? new URL(`${scheme}://${forwarded.host}`).origin
      : (policy.publicOrigin ?? (forwarded.proto ? new URL(`${scheme}://${url.host}`).origin : url.origin));
    recordPublicOrigin(c, origin);
    return next();
  };
