import { DEFAULT_COUNTRY, LANGUAGES, type Language } from './i18n';
import { nearestName } from './nearest-name';
import { routeProblem } from './router';
import { MAX_TIMER_MS } from './server-duration';
import { isEmailAddress } from './validate/email';
import { WIDGET_GLOBALS } from './widget-globals';

/** Countries amwa ships texts or defaults for; any other two-letter code is accepted too. */
export type KnownCountry = 'AT' | 'AU' | 'BE' | 'BG' | 'CN' | 'CZ' | 'DE' | 'ES' | 'FR' | 'GB' | 'HU' | 'IT' | 'LU' | 'NL' | 'PL' | 'RO' | 'RU' | 'SK' | 'UA' | 'US';

/**
 * Settings as a host page writes them: every field is optional. Given to `mount()` as an object
 * or a JSON string, to `<amwa-portal settings='…'>` and to `<AmwaPortal settings={…}>`.
 * Untrusted: anything else is refused with a settings error naming the field (docs/settings.md).
 */
export interface AmwaSettings {
  /** Path prefix the widget owns on this site, e.g. `/access` (spec: the access-means base path). Remount. @default '/' */
  basePath?: string;
  /** Base URL of the access-means API, e.g. `https://api.bank.example/access`. Remount. @default the base path on this origin */
  apiBaseUrl?: string;
  /** Base URL of the security-means and OAuth API. Remount. @default the origin of `apiBaseUrl` */
  securityApiBaseUrl?: string;
  /** Page-level channel marker: `'orange'` makes the accent orange, anything else blue. Live. @default 'blue' */
  channel?: 'blue' | 'orange' | (string & {});
  /** Interface language. Live. @default 'en' */
  language?: Language;
  /** Country variant of the language, two capital letters (`'AT'` with `'de'`). Live. @default the language's own country, e.g. `de` → `DE` */
  country?: KnownCountry | (string & {});
  /** Brand prefix of cookie names and access-protection parameters (lowercase letters and digits). Remount. @default 'amwa' */
  brandPrefix?: string;
  /** The service team's e-mail address, for 'Contact us' and error texts. Live. @default 'service@example.com' */
  serviceEmail?: string;
  /** Time-out of access-means API calls, in ms. Applied on next use. @default 5000 */
  bmgApiTimeout?: number;
  /** Time-out of security-means API calls, in ms. Applied on next use. @default 10000 */
  apiGatewayTimeout?: number;
  /** How long a QR code is polled before it is blurred under Refresh, in ms. Applied on next use. @default 120000 */
  qrTimeout?: number;
  /** Inactivity limit of the scanner logon, in seconds. Applied on next use. @default 300 */
  inactivityTimeoutLogonS?: number;
  /** Inactivity limit of the scanner activation, in seconds. Applied on next use. @default 900 */
  inactivityTimeoutActivationS?: number;
  /** Seconds before its expiry that a colour code counts as expired. Applied on next use. @default 10 */
  colourCodeExpiryMarginS?: number;
  /** Known test serial numbers, accepted without a check digit: a list or a comma-separated string. Applied on next use. @default [] */
  scannerSerialMapping?: string[] | string;
  /** Response header that, present on an API answer, fires `amwa-prefill`. Applied on next use. @default { header: 'x-amwa-prefill' } */
  prefillConfig?: { header?: string };
  /** Feature flags, e.g. `{ backToChoice: true }` for the back button in link mode. Live. @default {} */
  features?: Record<string, boolean>;
  /** Embedded in the corporate-portal (business) context: Back goes to the link-user page. Live. @default false */
  businessContext?: boolean;
  /** Origins a logon or logout may send the browser to. Applied on next use. @default this page's origin and the API's */
  allowedRedirectOrigins?: string[];
  /** Corporate-portal addresses: the precheck page link mode ends on, and its logout page. Applied on next use. */
  corporatePortal?: { precheckUrl?: string; logoutUrl?: string };
  /** App store addresses the mobile help links to. Live. */
  storeUrls?: { ios?: string; android?: string };
  /** The privacy and cookies page linked from 'Remember me'. Live. */
  privacyUrl?: string;
  /** Where the static assets live (expired colour-code image, APK). Live. @default `{basePath}/static` */
  staticPath?: string;
  /** Fetch the locale tables from `{localesUrl}{name}.json` instead of the package's own chunks. Live. */
  localesUrl?: string;
  /** Your texts instead of the built-in ones, per language or locale, by dotted key: `{ en: { 'home.title': 'Sign in with' } }`. Live. */
  messages?: Record<string, Record<string, string>>;
  /** Nonce for anything the widget must inject (light-DOM styles); shadow mode needs none. Remount. */
  cspNonce?: string;
  /** `'shadow'` renders into a shadow root; `'none'` into the element itself, styled by `amwa/amwa.css`. Remount. @default 'shadow' */
  isolation?: 'shadow' | 'none';
  /** `'history'` owns the address bar under `basePath`; `'memory'` leaves it to the host. Remount. @default 'history' */
  routing?: 'history' | 'memory';
  /** First route in memory routing, e.g. `/pages/logon/scanner`: a path on this page (no `//`, backslash or encoded variant). Remount. @default '/' */
  initialRoute?: string;
  /** Name of the `window` array analytics entries are pushed to: one not yet used on `window`, or an array there. Applied on next use. @default 'dataLayer' */
  dataLayerName?: string;
  /** False until the host's consent banner allows analytics: nothing is pushed to the data layer meanwhile (amwa events still fire). Live. @default true */
  analyticsConsent?: boolean;
  /** The bank's app link (universal link, App Link) with `{payload}` where the QR code goes, e.g. `https://app.bank.example/logon?qr={payload}`: on a phone the QR page offers 'Open the app' first. Live. */
  appLinkTemplate?: string;
}

/** Browser timers fire at once for delays of 2^31 ms or more. */
export { MAX_TIMER_MS };
const MAX_TIMER_S = Math.floor(MAX_TIMER_MS / 1000);
const MAX_URL = 2048;

/**
 * A check of one untrusted value: the problem with it (completing "must …" after the field
 * name), or undefined when it is fine. Hand-written rather than a schema library: the settings
 * are parsed before the first screen renders, and every byte of that path counts.
 */
type Check = (value: unknown, path: string) => Problem | undefined;
type Problem = { path: string; problem: string };

const fail = (path: string, problem: string): Problem => ({ path, problem });
const typed = (type: string, ok: (value: unknown) => boolean, then?: Check): Check => (value, path) =>
  ok(value) ? then?.(value, path) : fail(path, `must be ${type}`);

const text = (max: number, re?: RegExp, what?: string): Check =>
  typed('a string', (value) => typeof value === 'string', (value, path) =>
    (value as string).length > max ? fail(path, `must be at most ${max} characters`) : re && !re.test(value as string) ? fail(path, `must be ${what}`) : undefined,
  );

// A URL the widget may put in a link or a request: http(s), or a path on this site. Checked by
// the browser's own parser, so `java\tscript:` and leading spaces are seen as the scheme they are.
const isWebUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value, 'https://page.invalid/').protocol) && !/[\u0000-\u001f\u007f]/.test(value);
  } catch {
    return false;
  }
};
const url: Check = (value, path) => text(MAX_URL)(value, path) ?? (isWebUrl(value as string) ? undefined : fail(path, 'must be an http: or https: URL, or a path on this site'));
const origin: Check = (value, path) =>
  text(MAX_URL)(value, path) ?? (isWebUrl(value as string) && /^https?:\/\/[^/]/i.test(value as string) ? undefined : fail(path, 'must be an http: or https: origin'));
// The bank's app link: https, or a path on this site (the page's scheme: the sandbox's demo), {payload} once, after the host.
const appLink = text(MAX_URL, /^(https:\/\/[^/?#{]+)?\/(?![/\\])[^{]*\{payload\}[^{]*$/, 'an https: URL, or a path on this site, with one {payload}');
const whole = (min: number, max: number, unit: string): Check =>
  typed('a number', (value) => typeof value === 'number', (value, path) =>
    !Number.isInteger(value) ? fail(path, `must be a whole number of ${unit}`) : (value as number) < min ? fail(path, `must be at least ${min} ${unit}`) : (value as number) > max ? fail(path, `must be at most ${max} ${unit}`) : undefined,
  );
const oneOf = (values: readonly string[]): Check => (value, path) =>
  values.includes(value as string) ? undefined : fail(path, `must be one of ${values.join(', ')}`);
const bool = typed('true or false', (value) => typeof value === 'boolean');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (item: Check, max: number): Check =>
  typed('a list', Array.isArray, (value, path) =>
    (value as unknown[]).length > max ? fail(path, `must list at most ${max} entries`) : firstProblem((value as unknown[]).map((entry, index) => () => item(entry, `${path}.${index}`))),
  );
/** The fields of every object-shaped setting, so a typo can be answered with the name meant. */
const SHAPES = new WeakMap<Check, readonly string[]>();
/** The known name nearest to an unknown `key`: a field beside it, else a field one object down (`corporatePortal.precheckUrl`). */
const suggestion = (key: string, shape: Record<string, Check>) => {
  const names = Object.keys(shape);
  const nested = names.flatMap((name) => (SHAPES.get(shape[name]!) ?? []).map((inner) => ({ inner, dotted: `${name}.${inner}` })));
  const beside = nearestName(key, names);
  const below = beside === undefined ? nearestName(key, nested.map(({ inner }) => inner)) : undefined;
  const meant = beside ?? nested.find(({ inner }) => inner === below)?.dotted;
  return meant === undefined ? '' : `; did you mean '${meant}'?`;
};
const strict = (shape: Record<string, Check>): Check => {
  const check = typed('an object', isObject, (value, path) => {
    const unknown = Object.keys(value as object).find((key) => !Object.hasOwn(shape, key));
    if (unknown !== undefined) return fail(`${path}.${unknown}`, `is not a known setting${suggestion(unknown, shape)}`);
    return firstProblem(Object.entries(shape).map(([key, check]) => () => ((value as Record<string, unknown>)[key] === undefined ? undefined : check((value as Record<string, unknown>)[key], `${path}.${key}`))));
  });
  SHAPES.set(check, Object.keys(shape));
  return check;
};
/** At most this many problems are listed at once: settings from an attacker could name thousands. */
const MAX_REPORTED_PROBLEMS = 10;

/** Every problem of the settings object, one per top-level field (unknown names included), in the order given. */
function everyProblem(shape: Record<string, Check>, value: unknown): Problem[] {
  const root = typed('an object', isObject)(value, '');
  if (root) return [root];
  const problems: Problem[] = [];
  for (const key of Object.keys(value as object)) {
    if (problems.length === MAX_REPORTED_PROBLEMS) break;
    const given = (value as Record<string, unknown>)[key];
    const problem = !Object.hasOwn(shape, key) ? fail(`.${key}`, `is not a known setting${suggestion(key, shape)}`) : given === undefined ? undefined : shape[key]!(given, `.${key}`);
    if (problem) problems.push(problem);
  }
  return problems;
}
const namedMap = (max: number, name: RegExp, entry: Check, what: string): Check =>
  typed('an object', isObject, (value, path) => {
    const entries = Object.entries(value as object);
    if (entries.length > max) return fail(path, `must have at most ${max} entries`);
    const bad = entries.find(([key, item]) => !name.test(key) || entry(item, path));
    return bad ? fail(path, `must be ${what}`) : undefined;
  });
const either = (a: Check, b: Check): Check => (value, path) => (a(value, path) && b(value, path) ? fail(path, 'must be a list or a comma-separated string') : undefined);
const firstProblem = (checks: Array<() => Problem | undefined>) => {
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return undefined;
};

/**
 * The data layer's name: an identifier that is not a global the widget reads itself, and names
 * either nothing yet on `window` or an array there. Anything else the page or the browser keeps
 * under that name (`location`, `AmwaNativeBridge`, a tag manager's object) is not the widget's to write.
 */
const dataLayer: Check = (value, path) => {
  const problem = text(64, /^[A-Za-z_$][\w$]*$/, 'a JavaScript identifier')(value, path);
  if (problem) return problem;
  const name = value as string;
  if (WIDGET_GLOBALS.has(name)) return fail(path, `must not name a global the widget reads itself (${name})`);
  if (typeof window === 'undefined') return undefined;
  const taken = `must name an array on window, or a name not yet in use (window.${name} is taken)`;
  try {
    const host = window as unknown as Record<string, unknown>;
    return !(name in host) || Array.isArray(host[name]) ? undefined : fail(path, taken);
  } catch {
    return fail(path, taken);
  }
};

const routeCheck = (route: string, path: string): Problem | undefined => {
  const problem = routeProblem(route);
  return problem ? fail(path, problem) : undefined;
};

const FLAG_NAME = /^[A-Za-z][\w-]{0,63}$/;
const MESSAGE_KEY = /^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*){1,4}$/;
const messageTable = namedMap(2000, MESSAGE_KEY, text(4000), 'texts by dotted key');

/** Every setting: how an untrusted value is checked, and its default (`undefined`: derived, or none). */
const FIELDS: { readonly [K in keyof AmwaSettings]-?: readonly [check: Check, fallback?: AmwaSettings[K]] } = {
  // No `.` or `..` segment: the browser would resolve it away, and every link under the base path with it.
  basePath: [text(256, /^(\/(?!\.\.?(?:\/|$))[\w.~-]+)*\/?$/, 'a path such as /access, without . or .. segments or backslashes'), '/'],
  apiBaseUrl: [url],
  securityApiBaseUrl: [url],
  channel: [text(32), 'blue'],
  language: [oneOf(LANGUAGES), 'en'],
  country: [text(2, /^[A-Z]{2}$/, 'two capital letters')],
  brandPrefix: [text(32, /^[a-z][a-z0-9]*$/, 'lowercase letters and digits'), 'amwa'],
  serviceEmail: [(value, path) => text(254)(value, path) ?? (isEmailAddress(value as string) ? undefined : fail(path, 'must be an e-mail address such as service@bank.example')), 'service@example.com'],
  bmgApiTimeout: [whole(1, MAX_TIMER_MS, 'ms'), 5000],
  apiGatewayTimeout: [whole(1, MAX_TIMER_MS, 'ms'), 10000],
  qrTimeout: [whole(1, MAX_TIMER_MS, 'ms'), 120000],
  inactivityTimeoutLogonS: [whole(1, MAX_TIMER_S, 's'), 300],
  inactivityTimeoutActivationS: [whole(1, MAX_TIMER_S, 's'), 900],
  colourCodeExpiryMarginS: [whole(0, 3600, 's'), 10],
  scannerSerialMapping: [either(list(text(32), 1000), text(32 * 1000)), []],
  prefillConfig: [strict({ header: text(64, /^[!#$%&'*+.^_`|~\w-]+$/, 'a header name') }), {}],
  features: [namedMap(64, FLAG_NAME, bool, 'flags by name, true or false'), {}],
  businessContext: [bool, false],
  allowedRedirectOrigins: [list(origin, 32)],
  corporatePortal: [strict({ precheckUrl: url, logoutUrl: url }), {}],
  storeUrls: [strict({ ios: url, android: url }), {}],
  privacyUrl: [url],
  staticPath: [url],
  localesUrl: [url],
  messages: [namedMap(40, /^[a-z]{2}(-[A-Z]{2})?$/, messageTable, 'texts by language, then by dotted key'), {}],
  cspNonce: [text(256, /^[\w+/=-]+$/, 'a nonce (base64 characters)')],
  isolation: [oneOf(['shadow', 'none']), 'shadow'],
  routing: [oneOf(['history', 'memory']), 'history'],
  initialRoute: [(value, path) => text(MAX_URL)(value, path) ?? routeCheck(value as string, path), '/'],
  dataLayerName: [dataLayer, 'dataLayer'],
  analyticsConsent: [bool, true],
  appLinkTemplate: [appLink],
};

/** The name of every setting. */
export const SETTING_NAMES = Object.keys(FIELDS) as Array<keyof AmwaSettings>;

/** Settings as written by the host page (every field optional). */
export type SettingsInput = AmwaSettings;

/** Settings after parsing, defaults filled in and derived values resolved. */
export interface Settings
  extends Required<Pick<AmwaSettings, 'basePath' | 'channel' | 'language' | 'brandPrefix' | 'serviceEmail' | 'bmgApiTimeout' | 'apiGatewayTimeout' | 'qrTimeout' | 'inactivityTimeoutLogonS' | 'inactivityTimeoutActivationS' | 'colourCodeExpiryMarginS' | 'businessContext' | 'isolation' | 'routing' | 'initialRoute' | 'dataLayerName' | 'analyticsConsent'>>,
    Pick<AmwaSettings, 'privacyUrl' | 'localesUrl' | 'cspNonce' | 'appLinkTemplate'> {
  country: string;
  apiBaseUrl: string;
  securityApiBaseUrl: string;
  staticPath: string;
  prefillConfig: { header: string };
  features: Readonly<Record<string, boolean>>;
  allowedRedirectOrigins: string[];
  corporatePortal: { precheckUrl?: string; logoutUrl?: string };
  storeUrls: { ios?: string; android?: string };
  /** Test serial numbers, digits only (12 characters, `38…`). */
  scannerSerialMapping: ReadonlySet<string>;
  messages: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** BCP 47 locale, e.g. `en-GB`. */
  locale: string;
}

/** Result of parsing untrusted settings: a tagged union, never a throw. */
export type SettingsResult = { ok: true; settings: Settings } | { ok: false; field: string; message: string };

/** How a changed setting reaches a mounted widget (docs/settings.md). */
export type SettingApplies = 'live' | 'next-use' | 'remount';

/** For every setting: applied in place (`live`), read on next use, or only on a remount. */
export const SETTING_APPLIES: Readonly<Record<keyof AmwaSettings, SettingApplies>> = {
  basePath: 'remount',
  apiBaseUrl: 'remount',
  securityApiBaseUrl: 'remount',
  channel: 'live',
  language: 'live',
  country: 'live',
  brandPrefix: 'remount',
  serviceEmail: 'live',
  bmgApiTimeout: 'next-use',
  apiGatewayTimeout: 'next-use',
  qrTimeout: 'next-use',
  inactivityTimeoutLogonS: 'next-use',
  inactivityTimeoutActivationS: 'next-use',
  colourCodeExpiryMarginS: 'next-use',
  scannerSerialMapping: 'next-use',
  prefillConfig: 'next-use',
  features: 'live',
  businessContext: 'live',
  allowedRedirectOrigins: 'next-use',
  corporatePortal: 'next-use',
  storeUrls: 'live',
  privacyUrl: 'live',
  staticPath: 'live',
  localesUrl: 'live',
  messages: 'live',
  cspNonce: 'remount',
  isolation: 'remount',
  routing: 'remount',
  initialRoute: 'remount',
  dataLayerName: 'next-use',
  analyticsConsent: 'live',
  appLinkTemplate: 'live',
};

/** True when going from `previous` to `next` needs a remount (a `remount` setting changed). */
export function needsRemount(previous: Settings, next: Settings): boolean {
  return SETTING_NAMES.some(
    (key) => SETTING_APPLIES[key] === 'remount' && JSON.stringify(previous[key]) !== JSON.stringify(next[key]),
  );
}

const trimSlash = (path: string) => path.replace(/\/+$/, '');

/** Settings read from what a host gave: a plain JSON copy, or the settings error of the first field that is not. */
export type SettingsInputResult = { ok: true; value: unknown } | { ok: false; field: string; message: string };

/** Settings a channel has already read (the React component keys its effect on them): handed on as they are, not read again. */
export class ReadSettings {
  constructor(readonly result: SettingsInputResult) {}
}

// `instanceof` asks a proxy for its prototype, which may throw: then it is not one of ours.
const isReadSettings = (input: unknown): input is ReadSettings => {
  try {
    return input instanceof ReadSettings;
  } catch {
    return false;
  }
};

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// Deeper than any setting (messages.de.key is 3 levels) and more values than the most allowed
// (40 languages of 2000 texts): refused before anything walks further.
const MAX_DEPTH = 8;
const MAX_VALUES = 100_000;

/** Why a settings value is not plain JSON, and where. */
class NotPlain {
  constructor(
    readonly path: readonly string[],
    readonly problem: string,
  ) {}
}

/** Runs one reflective step on a host value; a throwing proxy trap becomes a settings error at `path`. */
const guarded = <T>(path: readonly string[], step: () => T): T => {
  try {
    return step();
  } catch {
    throw new NotPlain(path, 'could not be read (reading it threw)');
  }
};

const kindOf = (value: object, path: readonly string[]) => {
  const tag = guarded(path, () => Object.prototype.toString.call(value).slice(8, -1));
  return tag === 'Object' ? 'an instance of a class' : `a ${tag}`;
};

/**
 * A copy of a host's settings value made of plain JSON values only. Each own enumerable data
 * property is read once, through its descriptor, so no getter, `toJSON` or proxy `get` runs and
 * nothing can change between the check and the use; a getter, a class instance (`Map`, `Date`, …),
 * a cycle, a `BigInt`, a function or a throwing proxy is a settings error naming the field.
 */
function copyPlainJson(input: unknown): unknown {
  let values = 0;
  const ancestors = new Set<object>();
  const copy = (value: unknown, path: readonly string[]): unknown => {
    if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') throw new NotPlain(path, `must be a JSON value, not a ${typeof value}`);
    if (++values > MAX_VALUES) throw new NotPlain(path, 'is too large');
    if (typeof value !== 'object' || value === null) return value;
    if (path.length > MAX_DEPTH) throw new NotPlain(path, 'is nested too deeply');
    if (ancestors.has(value)) throw new NotPlain(path, 'must not contain itself (a cycle)');
    const array = guarded(path, () => Array.isArray(value));
    const proto = guarded(path, () => Object.getPrototypeOf(value) as object | null);
    // A plain object of another realm (an iframe's) has a prototype whose own prototype is null.
    if (!array && proto !== null && proto !== Object.prototype && guarded(path, () => Object.getPrototypeOf(proto)) !== null) {
      throw new NotPlain(path, `must be plain JSON, not ${kindOf(value, path)}`);
    }
    const dataOf = (key: string): unknown => {
      const at = [...path, key];
      const descriptor = guarded(at, () => Reflect.getOwnPropertyDescriptor(value, key));
      if (descriptor && !('value' in descriptor)) throw new NotPlain(at, 'must be a plain value, not a getter');
      return copy(descriptor?.value, at);
    };
    ancestors.add(value);
    let result: unknown;
    if (array) {
      const length = guarded(path, () => Reflect.getOwnPropertyDescriptor(value, 'length')?.value as unknown);
      if (typeof length !== 'number' || length > MAX_VALUES - values) throw new NotPlain(path, 'is too large');
      result = Array.from({ length }, (_, index) => dataOf(String(index)));
    } else {
      const copied: Record<string, unknown> = {};
      for (const key of guarded(path, () => Reflect.ownKeys(value))) {
        if (typeof key === 'symbol') continue;
        if (PROTOTYPE_KEYS.has(key)) throw new NotPlain([...path, key], 'is not a known setting');
        const descriptor = guarded([...path, key], () => Reflect.getOwnPropertyDescriptor(value, key));
        if (descriptor?.enumerable) copied[key] = dataOf(key);
      }
      result = copied;
    }
    ancestors.delete(value);
    return result;
  };
  return copy(input, []);
}

/**
 * Checks a value `JSON.parse` has just made against the limits `copyPlainJson` applies, in the
 * same order and with the same errors, without copying it: it is plain JSON, and no one else holds
 * it (no getter, proxy, cycle or class instance can be in it), so reading it once is all it takes.
 */
function checkParsedJson(input: unknown): unknown {
  let values = 0;
  const check = (value: unknown, path: readonly string[]): void => {
    if (++values > MAX_VALUES) throw new NotPlain(path, 'is too large');
    if (typeof value !== 'object' || value === null) return;
    if (path.length > MAX_DEPTH) throw new NotPlain(path, 'is nested too deeply');
    if (Array.isArray(value)) {
      if (value.length > MAX_VALUES - values) throw new NotPlain(path, 'is too large');
      value.forEach((item, index) => check(item, [...path, String(index)]));
      return;
    }
    for (const key of Object.keys(value)) {
      if (PROTOTYPE_KEYS.has(key)) throw new NotPlain([...path, key], 'is not a known setting');
      check((value as Record<string, unknown>)[key], [...path, key]);
    }
  };
  check(input, []);
  return input;
}

/**
 * Reads settings given as a JSON string or a value into a plain JSON copy; a string that is not
 * JSON, or a value that is not plain JSON, is a settings error naming the field. Never throws.
 */
export function readSettingsInput(input: unknown): SettingsInputResult {
  if (isReadSettings(input)) return input.result;
  let value: unknown = input ?? {};
  if (typeof input === 'string') {
    try {
      value = input.trim() === '' ? {} : JSON.parse(input);
    } catch (error) {
      return { ok: false, field: '(json)', message: `amwa settings: malformed JSON (${(error as Error).message})` };
    }
  }
  try {
    return { ok: true, value: typeof input === 'string' ? checkParsedJson(value) : copyPlainJson(value) };
  } catch (error) {
    const { path, problem } = error instanceof NotPlain ? error : new NotPlain([], 'could not be read');
    const field = path.join('.') || '(root)';
    return { ok: false, field, message: `amwa settings: "${field}" ${problem}` };
  }
}

const FIELDS_CHECKS = Object.fromEntries(SETTING_NAMES.map((name) => [name, FIELDS[name][0]]));

// A default object or list gets a copy of its own (settings are changed in place later); a
// string, number or boolean needs none, and structuredClone costs each mount a little on a slow phone.
const fallbackOf = (name: keyof AmwaSettings): unknown => {
  const fallback = FIELDS[name][1];
  return typeof fallback === 'object' && fallback !== null ? structuredClone(fallback) : fallback;
};

/** Parses settings given as a JSON string or an object, resolving defaults against `origin`. */
export function parseSettings(input: unknown, origin = 'http://localhost'): SettingsResult {
  const read = readSettingsInput(input);
  if (!read.ok) return read;
  const problems = everyProblem(FIELDS_CHECKS, read.value);
  if (problems.length > 0) {
    const named = problems.map(({ path, problem }) => ({ field: path.slice(1) || '(root)', problem }));
    const [first] = named;
    // All at once: a host fixing one field should not meet the next only after a reload.
    const message =
      named.length === 1
        ? `amwa settings: "${first!.field}" ${first!.problem}`
        : `amwa settings: ${named.length} problems\n${named.map(({ field, problem }) => `  "${field}" ${problem}`).join('\n')}`;
    return { ok: false, field: first!.field, message };
  }
  const given = read.value as AmwaSettings;
  const s = Object.fromEntries(SETTING_NAMES.map((name) => [name, given[name] ?? fallbackOf(name)])) as Required<AmwaSettings>;
  const basePath = trimSlash(s.basePath);
  try {
    const apiBaseUrl = trimSlash(new URL(s.apiBaseUrl ?? (basePath || '/'), origin).href);
    const securityApiBaseUrl = trimSlash(new URL(s.securityApiBaseUrl ?? new URL(apiBaseUrl).origin, origin).href);
    const serials = typeof s.scannerSerialMapping === 'string' ? s.scannerSerialMapping.split(',') : s.scannerSerialMapping;
    const country = s.country ?? DEFAULT_COUNTRY[s.language];
    return {
      ok: true,
      settings: {
        ...s,
        prefillConfig: { header: s.prefillConfig.header ?? 'x-amwa-prefill' },
        basePath,
        apiBaseUrl,
        securityApiBaseUrl,
        country,
        staticPath: trimSlash(s.staticPath ?? `${basePath}/static`),
        allowedRedirectOrigins: s.allowedRedirectOrigins?.map((allowed) => new URL(allowed).origin) ?? [new URL(origin).origin, new URL(apiBaseUrl).origin],
        scannerSerialMapping: new Set(serials.map((serial) => serial.replace(/\D/g, '')).filter(Boolean)),
        locale: `${s.language}-${country}`,
      },
    };
  } catch {
    return { ok: false, field: 'apiBaseUrl', message: 'amwa settings: "apiBaseUrl" must be an http: or https: URL, or a path on this site' };
  }
}
