import { whileStaying } from './lazy-import';
import type { Scope } from './scope';

/** What a route resolves to, given the route's own context. */
export type RouteAction = (path: string) => string | undefined;

/** One entry of the route table: a string path and exactly one way to answer it. */
export type Route<C> = { path: string } & (
  | { component: C }
  | { redirect: string }
  | { bundle: () => Promise<C> }
  | { children: Route<C>[] }
  | { action: RouteAction; component: C }
);

/** Where a path ends up after redirects and actions. */
export type Resolved<C> =
  | { kind: 'component'; path: string; component: C }
  | { kind: 'bundle'; path: string; load: () => Promise<C> };

/** The spec's redirect limit. */
export const MAX_REDIRECTS = 256;
/** Suffix that marks the session-expired variant of any page. */
export const SESSION_EXPIRED = '/sessionExpired';

// After any number of decodings: no second slash or backslash up front, no backslash, space or
// control character anywhere (URL parsers read `\` as `/` and drop tabs and newlines).
const UNSAFE_ROUTE = /^[/\\]{2}|[\\\s\u0000-\u001f\u007f]/;
const MAX_DECODINGS = 3;

/**
 * Why a route from outside the widget (`initialRoute`, `handle.navigate()`) is refused, or
 * undefined for a path inside it: it must start with one `/`, and neither it nor any decoding of
 * its path may start with `//` or hold a backslash (`//evil.example`, `/\evil`, `/%2F%2Fevil`, `/%5Cevil`).
 */
export function routeProblem(route: string): string | undefined {
  if (!route.startsWith('/')) return 'must be a path starting with /';
  if (UNSAFE_ROUTE.test(route)) return 'must not start with // or hold a backslash, a space or a control character';
  let path = route.split(/[?#]/, 1)[0]!;
  for (let round = 0; round < MAX_DECODINGS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return 'must be percent-encoded correctly';
    }
    if (decoded === path) return undefined;
    if (UNSAFE_ROUTE.test(decoded)) return 'must not start with // or hold a backslash, a space or a control character, even percent-encoded';
    path = decoded;
  }
  return `must not be percent-encoded more than ${MAX_DECODINGS - 1} times over`;
}

const normalize = (path: string) => '/' + path.split('/').filter(Boolean).join('/');

function match<C>(routes: Route<C>[], path: string, prefix = ''): Route<C> | undefined {
  for (const route of routes) {
    const full = normalize(prefix + route.path);
    if ('children' in route) {
      if (path === full || path.startsWith(full === '/' ? '/' : `${full}/`)) {
        const child = match(route.children, path, full);
        if (child) return child;
      }
    } else if (full === path || route.path === '*') {
      return route;
    }
  }
  return undefined;
}

/**
 * Follows redirects, and actions where `runActions`, from `rawPath` to the route that renders;
 * undefined at an action it may not run. Throws without a route or past the redirect limit.
 */
function follow<C>(routes: Route<C>[], rawPath: string, runActions: boolean): { route: Route<C>; path: string } | undefined {
  let path = normalize(rawPath);
  for (let hops = 0; hops <= MAX_REDIRECTS; hops++) {
    const route = match(routes, path);
    if (!route) throw new Error(`amwa router: no route for ${path} and no '*' route`);
    if ('action' in route && !runActions) return undefined;
    const next = 'redirect' in route ? route.redirect : 'action' in route ? route.action(path) : undefined;
    if (next === undefined) return { route, path };
    path = normalize(next);
  }
  throw new Error(`amwa router: more than ${MAX_REDIRECTS} redirects from ${rawPath}`);
}

/** Resolves a path (without base path) through redirects and actions; throws past the redirect limit. */
export function resolveRoute<C>(routes: Route<C>[], rawPath: string): Resolved<C> {
  const { route, path } = follow(routes, rawPath, true)!;
  if ('bundle' in route) return { kind: 'bundle', path, load: route.bundle };
  if ('component' in route) return { kind: 'component', path, component: route.component };
  throw new Error(`amwa router: route ${route.path} has nothing to render`);
}

/**
 * The chunk loader of the page `rawPath` opens, found without running any route's action (the
 * index's reads the cookies): undefined where an action decides, or where the page has no chunk.
 */
export function bundleWithoutActions<C>(routes: Route<C>[], rawPath: string): (() => Promise<C>) | undefined {
  try {
    const found = follow(routes, rawPath, false);
    return found && 'bundle' in found.route ? found.route.bundle : undefined;
  } catch {
    // No route, or a redirect loop: the route effect reports it when the page renders.
    return undefined;
  }
}

/** Splits the session-expired suffix off a path. */
export function splitSessionExpired(path: string): { path: string; sessionExpired: boolean } {
  const sessionExpired = path.endsWith(SESSION_EXPIRED);
  return { path: sessionExpired ? path.slice(0, -SESSION_EXPIRED.length) || '/' : path, sessionExpired };
}

/** A location inside the widget: path relative to the base path, query and hash. */
export interface Location {
  path: string;
  search: string;
  hash: string;
}

/** Navigation source: the address bar under the base path, or memory. */
export interface History {
  location(): Location;
  push(to: string): void;
  replace(to: string): void;
  /** Leaves the single-page app: a full page load where the spec asks for one. */
  load(to: string): void;
  listen(listener: () => void): () => void;
  /** The address a link to the widget route `to` carries (history routing). */
  href(to: string): string;
}

const parse = (to: string): Location => {
  const url = new URL(to, 'http://x');
  return { path: url.pathname, search: url.search, hash: url.hash };
};

/**
 * The page's own address of the widget route `to` under `basePath`, absolute. A path alone would
 * be resolved against the document's base URL, which a host's `<base href>` may put on another
 * origin: `pushState` then throws a SecurityError and a link leads off the site.
 */
export function pageUrl(basePath: string, to: string, page: string = window.location.href): string {
  return new URL(basePath + (to.startsWith('/') ? to : `/${to}`), page).href;
}

/** The widget route of a page address under `basePath`: what the browser's history and a server render both read. */
export function locationUnder(basePath: string, { pathname, search, hash }: Pick<URL, 'pathname' | 'search' | 'hash'>): Location {
  const inside = pathname === basePath || pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
  return { path: inside === '/index.html' ? '/' : inside || '/', search, hash };
}

/** History over `window.history` with paths under `basePath`. */
export function createBrowserHistory(basePath: string, scope: Scope): History {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  scope.listen(window, 'popstate', notify);
  const href = (to: string) => pageUrl(basePath, to);
  return {
    location: () => locationUnder(basePath, window.location),
    push(to) {
      window.history.pushState(null, '', href(to));
      notify();
    },
    replace(to) {
      window.history.replaceState(null, '', href(to));
      notify();
    },
    load(to) {
      window.location.assign(href(to));
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    href,
  };
}

/**
 * The history a server render reads: the request's address, fixed (nothing navigates while a
 * page is rendered to HTML); links point at the request's own origin, as they do in the browser.
 */
export function createRequestHistory(basePath: string, requestUrl: string): History {
  const url = new URL(requestUrl);
  const refuse = () => {
    throw new Error('amwa: a server render cannot navigate');
  };
  return { location: () => locationUnder(basePath, url), push: refuse, replace: refuse, load: refuse, listen: () => () => undefined, href: (to) => pageUrl(basePath, to, url.href) };
}

/** History kept in memory, for hosts that own the address bar; `href` gives the page address under `basePath` all the same. */
export function createMemoryHistory(initial: string, basePath = ''): History {
  const listeners = new Set<() => void>();
  let current = parse(initial);
  const go = (to: string) => {
    current = parse(to);
    listeners.forEach((listener) => listener());
  };
  return {
    location: () => current,
    push: go,
    replace: go,
    load: go,
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    href: (to) => pageUrl(basePath, to),
  };
}

/** Thrown when a lazily loaded page cannot be fetched in time. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(id: string) {
    super(`Loading chunk ${id} failed`);
  }
}

/** The spec's chunk load time-out. */
export const CHUNK_TIMEOUT_MS = 120000;

/** Wraps a dynamic import so it fails with ChunkLoadError on error or after the time-out. */
export function loadChunk<C>(id: string, load: () => Promise<C>, scope: Scope, timeoutMs = CHUNK_TIMEOUT_MS): Promise<C> {
  return new Promise<C>((resolve, reject) => {
    const stop = scope.setTimeout(() => reject(new ChunkLoadError(id)), timeoutMs);
    whileStaying(load, scope.signal).then(
      (value) => {
        stop();
        resolve(value);
      },
      () => {
        stop();
        reject(new ChunkLoadError(id));
      },
    );
  });
}
