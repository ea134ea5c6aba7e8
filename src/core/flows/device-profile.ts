// The device profile sent with the scanner logon (spec section 3). The fingerprint is a SHA-256
// over a fixed set of browser traits, leaving out the ones the spec excludes (screen and available
// resolution, language, ad block, audio, media devices, pixel ratio, fonts).

/** localStorage key of the persisted device identifier. */
export const DEVICE_ID_KEY = 'amwa-device-id';

/** What the logon call receives about the browser. */
export interface DeviceProfile {
  browser: string;
  operatingSystem: string;
  /** A random 12-byte value, base64url, kept in localStorage so the bank recognises the device. */
  deviceUniqueIdentifier: string;
  /** SHA-256 (hex) of the allowed fingerprint components. */
  deviceFingerprint: string;
}

/** The parts of `navigator` the profile reads. */
type NavigatorLike = Partial<
  Pick<Navigator, 'userAgent' | 'platform' | 'vendor' | 'hardwareConcurrency' | 'cookieEnabled' | 'maxTouchPoints' | 'webdriver' | 'doNotTrack'>
> & { deviceMemory?: number; plugins?: ArrayLike<{ name: string }> };

/** Where the profile's inputs come from; defaults to the page's own globals. */
export interface DeviceEnvironment {
  navigator?: NavigatorLike;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  colorDepth?: number;
  timezone?: string;
  timezoneOffset?: number;
  /** Storage APIs present, as fingerprint traits (not their contents). */
  features?: Record<string, boolean>;
  /** Where the identifier is kept when storage cannot keep it: the `tdid` cookie. */
  fallback?: IdentifierStore | null;
}

/** A place to keep the device identifier in. */
export interface IdentifierStore {
  get(): string | undefined;
  set(value: string): void;
}

const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
];

const SYSTEMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Windows', /Windows NT/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Android', /Android/],
  ['ChromeOS', /CrOS/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux/],
];

/** Browser name and major version from a user-agent string, e.g. 'Chrome 126'. */
export function browserName(userAgent: string): string {
  for (const [name, pattern] of BROWSERS) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) return `${name} ${version}`;
  }
  return 'Unknown';
}

/** Operating system from a user-agent string. */
export function operatingSystemName(userAgent: string): string {
  return SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'Unknown';
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const IDENTIFIER = /^[\w-]{16}$/;

/**
 * The persisted device identifier, created on first use: kept in storage, or, where storage
 * cannot keep it, in the fallback (the `tdid` cookie, rewritten on every use so it does not
 * lapse); with neither, a fresh one per call.
 */
export function deviceUniqueIdentifier(storage: DeviceEnvironment['storage'], fallback?: IdentifierStore | null): string {
  try {
    const stored = storage?.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
  } catch {
    // storage disabled: reading throws
  }
  const kept = fallback?.get();
  const id = kept && IDENTIFIER.test(kept) ? kept : base64url(crypto.getRandomValues(new Uint8Array(12)));
  try {
    if (!storage) throw new Error('no storage');
    storage.setItem(DEVICE_ID_KEY, id);
  } catch {
    fallback?.set(id); // full or disabled storage
  }
  return id;
}

/** The fingerprint components, in a fixed order, as `name=value` lines. */
export function fingerprintComponents(env: DeviceEnvironment): string[] {
  const nav = env.navigator ?? {};
  const components: Record<string, unknown> = {
    userAgent: nav.userAgent,
    webdriver: nav.webdriver,
    colorDepth: env.colorDepth,
    deviceMemory: nav.deviceMemory,
    hardwareConcurrency: nav.hardwareConcurrency,
    timezoneOffset: env.timezoneOffset,
    timezone: env.timezone,
    ...env.features,
    platform: nav.platform,
    vendor: nav.vendor,
    cookieEnabled: nav.cookieEnabled,
    doNotTrack: nav.doNotTrack,
    touchSupport: nav.maxTouchPoints,
    plugins: Array.from(nav.plugins ?? [], (plugin) => plugin.name).join(','),
  };
  return Object.entries(components).map(([name, value]) => `${name}=${value ?? ''}`);
}

/** SHA-256 (hex) of the fingerprint components. */
export async function deviceFingerprint(env: DeviceEnvironment): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(fingerprintComponents(env).join('\n')));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const has = (name: string) => {
  try {
    return (globalThis as Record<string, unknown>)[name] != null;
  } catch {
    return false; // e.g. localStorage in a sandboxed frame throws on access
  }
};

/** The page's own environment; `fallback` keeps the identifier where storage cannot. */
export function pageEnvironment(fallback?: IdentifierStore): DeviceEnvironment {
  const g = globalThis as { navigator?: NavigatorLike; localStorage?: Storage; screen?: { colorDepth?: number } };
  let storage: Storage | null = null;
  try {
    storage = g.localStorage ?? null;
  } catch {
    storage = null;
  }
  return {
    navigator: g.navigator,
    storage,
    colorDepth: g.screen?.colorDepth,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    timezoneOffset: new Date().getTimezoneOffset(),
    features: { sessionStorage: has('sessionStorage'), localStorage: has('localStorage'), indexedDb: has('indexedDB') },
    fallback,
  };
}

/** Builds the device profile of the logon call. */
export async function deviceProfile(env: DeviceEnvironment = pageEnvironment()): Promise<DeviceProfile> {
  const userAgent = env.navigator?.userAgent ?? '';
  return {
    browser: browserName(userAgent),
    operatingSystem: operatingSystemName(userAgent),
    deviceUniqueIdentifier: deviceUniqueIdentifier(env.storage, env.fallback),
    deviceFingerprint: await deviceFingerprint(env),
  };
}
