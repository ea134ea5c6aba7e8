import rosetta from 'rosetta';
// Only the namespaces the shell needs to render Home and its notices are bundled; every full
// table, en-GB included, is fetched on demand, so help texts never weigh on the first load.
import { common, errorPage, home, shell } from '../../locales/en.json';

/** Nested message table of one locale, as in `locales/<locale>.json`. */
export type Messages = { [key: string]: string | Messages };

/** Loads the message table of one locale file name (e.g. `de` or `de-AT`); resolves `undefined` when there is none. */
export type LocaleLoader = (name: string, signal: AbortSignal) => Promise<Messages | undefined>;

/** Translation and formatting for one active locale. */
export interface I18n {
  /** BCP 47 locale actually in use, e.g. `de-AT`, or `en-GB` after a fallback. */
  readonly locale: string;
  /** The message for `key` in the active locale, else in en-GB, else the key itself. */
  t(key: string, params?: Record<string, unknown>): string;
  /** Amsterdam time: 'MMMM dd, HH:mm:ss' in English, the same fields in the language's own order elsewhere. */
  amsterdamTime(date: Date): string;
}

/** The fallback locale, bundled so the widget can always render. */
export const FALLBACK_LOCALE = 'en-GB';

/** Languages with a locale file, and the country variants that carry overrides. */
export const LANGUAGES = ['bg', 'cs', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'ru', 'sk', 'uk', 'zh'] as const;
export const VARIANTS = ['de-AT', 'de-DE', 'de-LU', 'fr-BE', 'fr-FR', 'fr-LU', 'nl-BE', 'nl-NL', 'en-GB', 'en-US', 'en-AU', 'cs-CZ', 'es-ES', 'it-IT', 'ro-RO', 'uk-UA'] as const;

const isTable = (value: unknown): value is Messages => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-merges message tables; later tables win key by key. */
export function mergeMessages(...tables: Array<Messages | undefined>): Messages {
  const out: Messages = {};
  for (const table of tables) {
    for (const [key, value] of Object.entries(table ?? {})) {
      const current = out[key];
      out[key] = isTable(value) && isTable(current) ? mergeMessages(current, value) : value;
    }
  }
  return out;
}

/** A loader that fetches `{baseUrl}{name}.json` (JSON only: no script is ever injected). */
export function fetchLocaleLoader(baseUrl: string, fetchImpl: typeof fetch = fetch): LocaleLoader {
  return async (name, signal) => {
    const response = await fetchImpl(`${baseUrl.replace(/\/?$/, '/')}${name}.json`, { signal, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`amwa i18n: locale ${name} answered ${response.status}`);
    const table: unknown = await response.json();
    if (!isTable(table)) throw new Error(`amwa i18n: locale ${name} is not a message table`);
    return table;
  };
}

/** The bundled en-GB subset: enough to render Home and the shell's notices. */
export const BUNDLED_MESSAGES: Messages = { common, errorPage, home, shell };

const tableOf = async (locale: string, load: LocaleLoader, signal: AbortSignal) => {
  const [language] = locale.split('-') as [string];
  const [base, variant] = await Promise.all([
    load(language, signal),
    (VARIANTS as readonly string[]).includes(locale) ? load(locale, signal) : undefined,
  ]);
  if (!base) throw new Error(`amwa i18n: no messages for ${language}`);
  return mergeMessages(base, variant);
};

/**
 * Loads the locale (language plus country variant); if it cannot be loaded, en-GB; if that fails
 * too, the widget still renders with the bundled subset. Missing keys fall back to that subset.
 */
export async function loadI18n(locale: string, load: LocaleLoader, signal: AbortSignal): Promise<I18n> {
  const [language] = locale.split('-') as [string];
  const candidates = (LANGUAGES as readonly string[]).includes(language) && locale !== FALLBACK_LOCALE ? [locale, FALLBACK_LOCALE] : [FALLBACK_LOCALE];
  for (const candidate of candidates) {
    try {
      return createI18n(candidate, await tableOf(candidate, load, signal), BUNDLED_MESSAGES);
    } catch (error) {
      if (signal.aborted) throw error;
      console.warn(`amwa i18n: the ${candidate} messages could not be loaded`, error);
    }
  }
  return createI18n(FALLBACK_LOCALE, BUNDLED_MESSAGES);
}

// Between the day-and-month and the clock: a comma where the language writes one ('23. November, 20:13:29').
const DATE_TIME_JOINER: Record<string, string> = { hu: ' ', zh: ' ' };

/**
 * The technical alert's timestamp in Amsterdam time. English keeps the spec's 'MMMM dd, HH:mm:ss'
 * exactly; other languages get the same fields (long month, day, 24-hour clock with seconds) in
 * their own order and grammar from Intl ('23 listopada, 20:13:29', '11月23日 20:13:29').
 */
function amsterdamTimeFormat(locale: string): (date: Date) => string {
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
export function createI18n(locale: string, table: Messages, fallback: Messages = table): I18n {
  // The fallback lives under its own key: the active locale may itself be en-GB.
  const r = rosetta<Messages>({ [locale]: table, fallback });
  r.locale(locale);
  const amsterdamTime = amsterdamTimeFormat(locale);
  return {
    locale,
    t(key, params) {
      const found = r.t(key, params) || r.t(key, params, 'fallback');
      return typeof found === 'string' && found ? found : key;
    },
    amsterdamTime,
  };
}
