import JsCookie from 'js-cookie';
import type { Settings } from './settings';

/**
 * Cookie lifetime: 648000000 ms = 7.5 days. The spec notes that one reading of the
 * original source says 180 days instead; we follow the number it states.
 */
export const COOKIE_LIFETIME_MS = 648_000_000;

/** The remembered way of logging on. */
export type LogonType = 'mobile' | 'scanner';

const isLogonType = (value: unknown): value is LogonType => value === 'mobile' || value === 'scanner';

/** The widget's cookies, all at path `{basePath || '/'}`. */
export interface Cookies {
  /** Remembered logon type; any other stored value reads as undefined. */
  logonType: { get(): LogonType | undefined; set(type: LogonType): void; clear(): void };
  /** Remembered scanner user ID (`{brandPrefix}-scanner-user-id`). */
  userId: { get(): string | undefined; set(userId: string): void; clear(): void };
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
    tdid: cookie('tdid'),
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
