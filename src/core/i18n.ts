import rosetta from 'rosetta';
import { whileStaying } from './lazy-import';
import { BUNDLED_ENGLISH, LOCALE_FILES } from './locale-files';

/** Nested message table of one locale, as in `locales/<locale>.json`. */
export type Messages = { [key: string]: string | Messages };

/** Loads the message table of one locale file name (e.g. `de` or `de-AT`); resolves `undefined` when there is none. */
export type LocaleLoader = (name: string, signal: AbortSignal) => Promise<Messages | undefined>;

/** Translation and formatting for one active locale. */
export interface I18n {
  /** BCP 47 locale actually in use, e.g. `de-AT`, or `en-GB` after a fallback. */
  readonly locale: string;
  /** False while only the bundled English texts of the first screen are there. */
  readonly complete: boolean;
  /** The message for `key` in the active locale, else in English, else the key itself. */
  t(key: string, params?: Record<string, unknown>): string;
  /** Amsterdam time: 'MMMM dd, HH:mm:ss' in English, the same fields in the language's own order elsewhere. */
  amsterdamTime(date: Date): string;
}

/** The fallback locale, bundled so the widget can always render. */
export const FALLBACK_LOCALE = 'en-GB';

/** Languages with a locale file, and the country variants that carry overrides. */
export const LANGUAGES = ['bg', 'cs', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'ru', 'sk', 'uk', 'zh'] as const;
export const VARIANTS = ['de-AT', 'de-DE', 'de-LU', 'fr-BE', 'fr-FR', 'fr-LU', 'nl-BE', 'nl-NL', 'en-GB', 'en-US', 'en-AU', 'cs-CZ', 'es-ES', 'it-IT', 'ro-RO', 'uk-UA'] as const;

/** A language of the widget. */
export type Language = (typeof LANGUAGES)[number];

/** The country a language gets when the settings name none (e.g. `de` → `de-DE`). */
export const DEFAULT_COUNTRY: Readonly<Record<Language, string>> = {
  bg: 'BG',
  cs: 'CZ',
  de: 'DE',
  en: 'GB',
  es: 'ES',
  fr: 'FR',
  hu: 'HU',
  it: 'IT',
  nl: 'NL',
  pl: 'PL',
  ro: 'RO',
  ru: 'RU',
  sk: 'SK',
  uk: 'UA',
  zh: 'CN',
};

/** The spec's time-out for loading a chunk; a locale table that takes longer counts as failed. */
export const LOCALE_TIMEOUT_MS = 120_000;

const isTable = (value: unknown): value is Messages => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-merges message tables; later tables win key by key. */
export function mergeMessages(...tables: Array<Messages | undefined>): Messages {
  const out: Messages = {};
  for (const table of tables) {
    for (const [key, value] of Object.entries(table ?? {})) {
      if (key === '__proto__') continue;
      const current = out[key];
      out[key] = isTable(value) && isTable(current) ? mergeMessages(current, value) : value;
    }
  }
  return out;
}

/** A locale table that could not be loaded: `url` names where it was looked for. */
export class LocaleLoadError extends Error {
  override name = 'LocaleLoadError';
  constructor(
    readonly locale: string,
    readonly url: string,
    cause?: unknown,
  ) {
    super(`amwa i18n: the ${locale} messages could not be loaded from ${url}`, { cause });
  }
}

/** The tables shipped in the package, as chunks a bundler resolves (the default). */
export const packagedLocaleLoader: LocaleLoader = async (name, signal) => {
  const load = LOCALE_FILES[name];
  if (!load) return undefined;
  try {
    // An import aborted because the page is being left never settles: no fallback to report.
    return (await whileStaying(load, signal)).default;
  } catch (error) {
    // A failed dynamic import names the chunk it tried in its message.
    const url = /\b(https?:\/\/\S+|\/\S+\.js)\b/.exec(String((error as Error)?.message))?.[0] ?? `amwa/locales/${name}.json`;
    throw new LocaleLoadError(name, url, error);
  }
};

/** A loader that fetches `{baseUrl}{name}.json` (JSON only: no script is ever injected). */
export function fetchLocaleLoader(baseUrl: string, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): LocaleLoader {
  return async (name, signal) => {
    const url = `${baseUrl.replace(/\/?$/, '/')}${name}.json`;
    let table: unknown;
    try {
      const response = await fetchImpl(url, { signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      table = await response.json();
    } catch (error) {
      if (signal.aborted) throw error;
      throw new LocaleLoadError(name, url, error);
    }
    if (!isTable(table)) throw new LocaleLoadError(name, url, new Error('not a message table'));
    return table;
  };
}

/** The bundled English texts of the first screen for `locale` (`en-US` keeps its own spelling). */
export function bundledEnglish(locale: string): Messages {
  return mergeMessages(BUNDLED_ENGLISH.en, BUNDLED_ENGLISH[locale]);
}

const settle = <T,>(promise: Promise<T>, signal: AbortSignal, timeoutMs: number, name: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LocaleLoadError(name, `amwa/locales/${name}.json`, new Error(`no answer in ${timeoutMs} ms`))), timeoutMs);
    const done = () => clearTimeout(timer);
    signal.addEventListener('abort', done, { once: true });
    promise.then(resolve, reject).finally(() => {
      done();
      signal.removeEventListener('abort', done);
    });
  });

/** The full table of `locale`: its language merged with its country variant when the build has one with content. */
async function tableOf(locale: string, load: LocaleLoader, signal: AbortSignal, timeoutMs: number): Promise<Messages> {
  const [language] = locale.split('-') as [string];
  const guarded = (name: string) =>
    settle(
      Promise.resolve()
        .then(() => load(name, signal))
        .catch((error: unknown) => {
          throw error instanceof LocaleLoadError || signal.aborted ? error : new LocaleLoadError(name, `amwa/locales/${name}.json`, error);
        }),
      signal,
      timeoutMs,
      name,
    );
  const [base, variant] = await Promise.all([guarded(language), locale in LOCALE_FILES ? guarded(locale) : undefined]);
  if (!base) throw new LocaleLoadError(language, `amwa/locales/${language}.json`, new Error('no such table'));
  return mergeMessages(base, variant);
}

/** What `loadLocaleTable` resolves: the locale in use and its full table. */
export interface LoadedTable {
  locale: string;
  table: Messages;
}

/**
 * Loads the full table of `locale`; when it cannot be loaded (an error, or no answer within the
 * chunk time-out), reports it through `onFallback` and loads the complete English table instead.
 * Rejects only when English cannot be loaded either.
 */
export async function loadLocaleTable(
  locale: string,
  load: LocaleLoader,
  signal: AbortSignal,
  onFallback: (error: LocaleLoadError) => void = () => undefined,
  timeoutMs = LOCALE_TIMEOUT_MS,
): Promise<LoadedTable> {
  const [language] = locale.split('-') as [string];
  const known = (LANGUAGES as readonly string[]).includes(language);
  if (known) {
    try {
      return { locale, table: await tableOf(locale, load, signal, timeoutMs) };
    } catch (error) {
      if (signal.aborted || language === 'en') throw error;
      onFallback(error as LocaleLoadError);
    }
  }
  return { locale: FALLBACK_LOCALE, table: await tableOf(FALLBACK_LOCALE, load, signal, timeoutMs) };
}

/** A message override the widget refused, and why. */
export interface RejectedMessage {
  key: string;
  reason: 'unknown-key' | 'placeholders' | 'not-text';
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]).sort().join(',');

const lookup = (table: Messages, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (isTable(node) && Object.hasOwn(node, part) ? node[part] : undefined), table);

/**
 * A host's text overrides (flat dotted keys) checked against the built-in table: a key the widget
 * does not know, or a text whose `{{placeholders}}` differ from the built-in one, is rejected.
 */
export function checkOverrides(table: Messages, overrides: Readonly<Record<string, unknown>>): { accepted: Messages; rejected: RejectedMessage[] } {
  const accepted: Messages = {};
  const rejected: RejectedMessage[] = [];
  for (const [key, text] of Object.entries(overrides)) {
    const builtIn = lookup(table, key);
    if (typeof builtIn !== 'string') rejected.push({ key, reason: 'unknown-key' });
    else if (typeof text !== 'string') rejected.push({ key, reason: 'not-text' });
    else if (placeholders(text) !== placeholders(builtIn)) rejected.push({ key, reason: 'placeholders' });
    else {
      const parts = key.split('.');
      let node = accepted;
      for (const part of parts.slice(0, -1)) node = (node[part] = isTable(node[part]) ? node[part] : {}) as Messages;
      node[parts.at(-1)!] = text;
    }
  }
  return { accepted, rejected };
}

// Between the day-and-month and the clock: a comma where the language writes one ('23. November, 20:13:29').
const DATE_TIME_JOINER: Record<string, string> = { hu: ' ', zh: ' ' };

/**
 * The technical alert's timestamp in Amsterdam time. English keeps the spec's 'MMMM dd, HH:mm:ss'
 * exactly; other languages get the same fields (long month, day, 24-hour clock with seconds) in
 * their own order and grammar from Intl ('23 listopada, 20:13:29', '11月23日 20:13:29').
 */
function amsterdamTimeFormat(locale: string): (date: Date) => string {
  // Intl formatters with a time zone take tens of milliseconds to create on a slow phone (time
  // zone data): made on first use, which is never on the first screen.
  let format: ((date: Date) => string) | undefined;
  return (date) => (format ??= createAmsterdamTimeFormat(locale))(date);
}

function createAmsterdamTimeFormat(locale: string): (date: Date) => string {
  const [language] = locale.split('-') as [string];
  const zone = { timeZone: 'Europe/Amsterdam' } as const;
  const clock = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : locale, { ...zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  if (language === 'en') {
    const months = new Intl.DateTimeFormat(locale, { ...zone, month: 'long' });
    const day = new Intl.DateTimeFormat('en-GB', { ...zone, day: '2-digit' });
    return (date) => `${months.format(date)} ${day.format(date)}, ${clock.format(date)}`;
  }
  const dayMonth = new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'long' });
  const joiner = DATE_TIME_JOINER[language] ?? ', ';
  return (date) => `${dayMonth.format(date)}${joiner}${clock.format(date)}`;
}

/** Builds an I18n over an already loaded message table. */
export function createI18n(locale: string, table: Messages, fallback: Messages = table, complete = true): I18n {
  // The fallback lives under its own key: the active locale may itself be en-GB.
  const r = rosetta<Messages>({ [locale]: table, fallback });
  r.locale(locale);
  const amsterdamTime = amsterdamTimeFormat(locale);
  let plurals: Intl.PluralRules | undefined;
  return {
    locale,
    complete,
    t(key, params) {
      // A count picks its plural form ('one', 'few', 'many', 'other') by the language's own rules.
      const count = (params as { count?: unknown } | undefined)?.count;
      if (typeof count === 'number') {
        const form = `${key}.${(plurals ??= new Intl.PluralRules(locale)).select(count)}`;
        const found = r.t(form, params) || r.t(`${key}.other`, params) || r.t(form, params, 'fallback') || r.t(`${key}.other`, params, 'fallback');
        if (typeof found === 'string' && found) return found;
      }
      const found = r.t(key, params) || r.t(key, params, 'fallback');
      return typeof found === 'string' && found ? found : key;
    },
    amsterdamTime,
  };
}

/**
 * The texts a widget shows before any table has loaded: the bundled English of the first screen
 * under `locale`, with the accepted overrides of its language and locale (rejected ones are
 * reported once the full table is there). A server render and the browser build the same.
 */
export function bundledI18n(locale: string, messages: Readonly<Record<string, Readonly<Record<string, unknown>>>>): I18n {
  const table = bundledEnglish(locale);
  const { accepted } = checkOverrides(table, { ...messages[locale.split('-')[0]!], ...messages[locale] });
  return createI18n(locale, mergeMessages(table, accepted), table, false);
}
