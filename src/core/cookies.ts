import { cookieJar, cookiesByName, parseCookies, type CookieAttributes } from './cookie-jar';
import type { Settings } from './settings';

/**
 * Cookie lifetime: 648000000 ms = 7.5 days. The spec notes that one reading of the
 * original source says 180 days instead; we follow the number it states.
 */
export const COOKIE_LIFETIME_MS = 648_000_000;

/**
 * Max-age of the `tdid` cookie, the fallback store of the device identifier (spec section 3):
 * 1e9 s, about 31.7 years, i.e. "keep it". Chromium caps any cookie at 400 days, so there it
 * lasts 400 days from its latest write; the logon rewrites it each time it is used.
 */
export const FALLBACK_MAX_AGE_S = 1e9;

/** The remembered way of logging on. */
export type LogonType = 'mobile' | 'scanner';

const isLogonType = (value: unknown): value is LogonType => value === 'mobile' || value === 'scanner';

/** The widget's cookies, all at path `{basePath || '/'}`. */
export interface Cookies {
  /** Remembered logon type; any other stored value reads as undefined. */
  logonType: { get(): LogonType | undefined; set(type: LogonType): void; clear(): void };
  /** Remembered scanner user ID (`{brandPrefix}-scanner-user-id`). */
  userId: { get(): string | undefined; set(userId: string): void; clear(): void };
  /** The device identifier where localStorage cannot keep it (max-age `FALLBACK_MAX_AGE_S`). */
  tdid: { get(): string | undefined; set(value: string): void };
  /** True when the `log-analytics-feature` cookie asks for analytics on the console. */
  analyticsLogging(): boolean;
  /** Stores the accepted access-protection parameters of `search` as cookies of the same names and returns them. */
  storeAccessParams(search: string | URLSearchParams): [name: string, value: string][];
}

/** The cookies of one widget, as its mount holds them: with the read ahead. */
export interface WidgetCookies extends Cookies {
  /** Resolves once the cookies were read ahead (or could not be): the first render waits for it, never for a blocking read. */
  readonly ready: Promise<void>;
  /** Drops the copy read ahead: later reads go to `document.cookie` again. */
  settle(): void;
}

/** The part of the browser's `cookieStore` (Cookie Store API) the widget reads ahead with. */
export interface CookieStoreLike {
  getAll(): Promise<Array<{ name: string; value: string }>>;
}

/**
 * The browser's `cookieStore`, where it has one (Chromium, Safari 18.4, Firefox 140; secure
 * contexts only). Not in a page being prerendered: it is not on screen, so a blocking read costs
 * no one a frame there, and the render must not wait for storage a browser may hold back until
 * the page is shown.
 */
export const pageCookieStore = (): CookieStoreLike | undefined =>
  (globalThis as { document?: { prerendering?: boolean } }).document?.prerendering ? undefined : (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;

/**
 * `store` with its answer asked for now: the first `getAll()` returns that answer, later ones ask
 * again. A mount asks before its other work (settings, shadow root, stylesheet), so the browser's
 * answer, which the first render waits for, is on its way meanwhile.
 */
export function askedNow(store: CookieStoreLike | undefined): CookieStoreLike | undefined {
  if (!store) return undefined;
  let first: ReturnType<CookieStoreLike['getAll']> | undefined;
  try {
    first = store.getAll();
  } catch (error) {
    first = Promise.reject(error);
  }
  // Taken by the first render's cookies; a mount that fails before then must not leave a rejection unhandled.
  first.catch(() => undefined);
  return {
    getAll() {
      const answer = first ?? store.getAll();
      first = undefined;
      return answer;
    },
  };
}

/**
 * The page's cookies by name, read without blocking: the first read of `document.cookie` waits for
 * the browser's network process (tens of ms on a slow phone, while it is busy loading the page),
 * the Cookie Store API answers in a task of its own. Names and values are decoded as
 * `document.cookie`'s are (cookie-jar.ts), and the first of two cookies of one name wins, as in `document.cookie`.
 */
async function readAhead(store: CookieStoreLike): Promise<Map<string, string>> {
  return cookiesByName((await store.getAll()).map(({ name, value }) => [name, value] as const));
}

/** At most this many access-protection parameters are kept from one link; the rest are dropped. */
export const MAX_ACCESS_PARAMS = 8;

// What a link may write, however it was made: a brand-prefixed name of lowercase letters, digits
// and hyphens, and a value of URL-safe characters, both short; the remembered user ID as the
// scanner logon's user ID rule has it, and the logon type as one of its two values.
const ACCESS_NAME_REST = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ACCESS_VALUE = /^[\w.~-]{1,64}$/;
const LOGON_USER_ID = /^[\w.@~+-]{8,16}$/;

/** True when the access-protection page may keep `value` under `name`. */
function isAcceptedAccessParam(name: string, value: string, brandPrefix: string): boolean {
  if (name === 'logonType') return isLogonType(value);
  if (!name.startsWith(`${brandPrefix}-`) || !ACCESS_NAME_REST.test(name.slice(brandPrefix.length + 1))) return false;
  return name === `${brandPrefix}-scanner-user-id` ? LOGON_USER_ID.test(value) : ACCESS_VALUE.test(value);
}

/**
 * The query parameters the access-protection page keeps (spec: `logonType` or `{brandPrefix}-…`,
 * with a non-empty value), bounded, since anyone can send a user such a link: `logonType` only as
 * `mobile` or `scanner`, the user ID as a user ID, other names and values short and URL-safe; only
 * the first value of a repeated name counts, and at most `MAX_ACCESS_PARAMS` are kept.
 */
export function acceptedAccessParams(search: string | URLSearchParams, brandPrefix: string): [name: string, value: string][] {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kept = new Map<string, string>();
  // The first value of a name decides: a bad one is not replaced by a good one after it.
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (kept.size === MAX_ACCESS_PARAMS) break;
    if (!seen.has(name) && isAcceptedAccessParam(name, value, brandPrefix)) kept.set(name, value);
    seen.add(name);
  }
  return [...kept];
}

/**
 * Creates the cookie accessors for one widget. With `store` (the browser's `cookieStore` where it
 * has one), the cookies are read ahead, and reads are answered from that copy until `settle()` or
 * the widget's first write: the first page's render and effects, a moment after the copy was read,
 * see the cookies as they were at mount. Otherwise every read is `document.cookie`'s.
 */
export function createCookies(settings: Pick<Settings, 'basePath' | 'brandPrefix'>, store: CookieStoreLike | undefined = undefined): WidgetCookies {
  const writer = cookieJar({
    path: settings.basePath || '/',
    expires: COOKIE_LIFETIME_MS / 86_400_000, // in days
    secure: globalThis.location?.protocol === 'https:',
    sameSite: 'Lax',
  });
  let ahead: Map<string, string> | undefined;
  let settled = false;
  const settle = () => {
    settled = true;
    ahead = undefined;
  };
  const ready = store
    ? readAhead(store).then(
        (read) => void (ahead = settled ? undefined : read),
        () => settle(),
      )
    : Promise.resolve();
  const jar = {
    get: (name: string) => (ahead ? ahead.get(name) : writer.get(name)),
    set: (name: string, value: string, attributes?: CookieAttributes) => {
      settle();
      writer.set(name, value, attributes);
    },
    remove: (name: string) => {
      settle();
      writer.remove(name);
    },
  };
  return { ...cookieAccessors(settings, jar), ready, settle };
}

/** Where the accessors read and write: the page's cookies, or a request's. */
interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes?: CookieAttributes): void;
  remove(name: string): void;
}

/** The widget's cookies over one jar: the same names and checks in the browser and on a server. */
function cookieAccessors(settings: Pick<Settings, 'brandPrefix'>, jar: CookieJar): Cookies {
  const cookie = (name: string) => ({
    get: () => jar.get(name),
    set: (value: string) => void jar.set(name, value),
    clear: () => jar.remove(name),
  });
  const logonType = cookie('logonType');
  return {
    logonType: {
      get: () => {
        const type = logonType.get();
        return isLogonType(type) ? type : undefined;
      },
      set: logonType.set,
      clear: logonType.clear,
    },
    userId: cookie(`${settings.brandPrefix}-scanner-user-id`),
    tdid: {
      get: () => jar.get('tdid'),
      // max-age instead of the jar's 7.5-day expiry: a device identifier is kept, not remembered for a week.
      set: (value: string) => void jar.set('tdid', value, { expires: undefined, 'max-age': String(FALLBACK_MAX_AGE_S) }),
    },
    analyticsLogging: () => {
      const flag = jar.get('log-analytics-feature');
      return !!flag && flag !== 'false';
    },
    storeAccessParams(search) {
      const accepted = acceptedAccessParams(search, settings.brandPrefix);
      for (const [name, value] of accepted) jar.set(name, value);
      return accepted;
    },
  };
}

/**
 * The widget's cookies as a request's `Cookie` header (or a name-value record) holds them, for a
 * server renderer: read as the browser reads them (decoded as `document.cookie`'s are, the first of two
 * cookies of one name wins); writes do nothing, a server renders and never answers for the page.
 */
export function requestCookies(settings: Pick<Settings, 'brandPrefix'>, given: string | Readonly<Record<string, string>> | undefined): Cookies {
  const read = typeof given === 'string' ? parseCookies(given) : new Map(Object.entries(given ?? {}));
  return cookieAccessors(settings, { get: (name) => read.get(name), set() {}, remove() {} });
}
