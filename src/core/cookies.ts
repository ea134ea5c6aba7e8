import JsCookie from 'js-cookie';
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

/** The query parameters the access-protection page keeps: `logonType` or `{brandPrefix}-…`, with a non-empty value. */
export function acceptedAccessParams(search: string | URLSearchParams, brandPrefix: string): [name: string, value: string][] {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return [...params].filter(([name, value]) => value !== '' && (name === 'logonType' || name.startsWith(`${brandPrefix}-`)));
}

/** Creates the cookie accessors for one widget. */
export function createCookies(settings: Pick<Settings, 'basePath' | 'brandPrefix'>): Cookies {
  const jar = JsCookie.withAttributes({
    path: settings.basePath || '/',
    expires: COOKIE_LIFETIME_MS / 86_400_000, // js-cookie counts in days
    secure: globalThis.location?.protocol === 'https:',
    sameSite: 'Lax',
  });
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
