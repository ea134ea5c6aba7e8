import {
  bundledEnglish,
  bundledI18n,
  checkOverrides,
  createI18n,
  FALLBACK_LOCALE,
  fetchLocaleLoader,
  loadLocaleTable,
  mergeMessages,
  packagedLocaleLoader,
  type I18n,
  type LoadedTable,
  type LocaleLoader,
  type Messages,
} from './i18n';
import type { Emit } from './events';
import { createStore } from './flows/store';
import type { Scope } from './scope';
import type { Settings } from './settings';
import { nextTask } from './when-idle';

/** Where a widget's tables come from: the host's loader and fetch, if it gave them. */
export interface TextsOptions {
  loadLocale?: LocaleLoader;
  fetch?: typeof fetch;
}

/** A widget's texts: the store the screen reads, and the loading and switching behind it. */
export type WidgetTexts = ReturnType<typeof createTexts>;

/** The table loader: the host's, else `localesUrl`, else the package's own chunks. */
const tableLoader = (settings: Settings, options: TextsOptions): LocaleLoader =>
  options.loadLocale ?? (settings.localesUrl ? fetchLocaleLoader(settings.localesUrl, options.fetch) : packagedLocaleLoader);

/**
 * The texts of one widget. English renders at once from the bundled first-screen texts and loads
 * its full table when a page needs it (or at idle); another language loads at once and the widget
 * shows its loading state until it arrives. A live language change keeps the current texts on
 * screen until the new table is there, so nothing the user typed is lost.
 */
export function createTexts(settings: Settings, options: TextsOptions, scope: Scope, emit: Emit) {
  const store = createStore<I18n | undefined>(undefined);
  const tables = new Map<string, Promise<LoadedTable>>();
  const reported = new Set<string>();
  let english: Messages | undefined;
  let wanted = settings.locale;
  let shownTable: LoadedTable | undefined;

  const withOverrides = (locale: string, table: Messages) => {
    const language = locale.split('-')[0]!;
    const { accepted, rejected } = checkOverrides(table, { ...settings.messages[language], ...settings.messages[locale] });
    for (const { key, reason } of rejected) {
      if (reported.has(`${locale} ${key} ${reason}`)) continue;
      reported.add(`${locale} ${key} ${reason}`);
      console.error(`amwa settings: messages for ${locale}, "${key}": ${reason}; the built-in text stays.`);
      emit('amwa-messages-rejected', { locale, key, reason });
    }
    return mergeMessages(table, accepted);
  };
  const show = (loaded: LoadedTable) => {
    shownTable = loaded;
    store.set(createI18n(loaded.locale, withOverrides(loaded.locale, loaded.table), english ?? bundledEnglish(loaded.locale)));
  };
  const showBundled = (locale: string) => store.set(bundledI18n(locale, settings.messages));
  const load = (locale: string) => {
    let table = tables.get(locale);
    if (!table) {
      table = loadLocaleTable(locale, tableLoader(settings, options), scope.signal, (error) => {
        console.warn(`${error.message}; English is shown instead.`, error.cause);
        emit('amwa-locale-fallback', { locale: error.locale, url: error.url, message: String((error.cause as Error | undefined)?.message ?? error.message) });
      }).then((loaded) => {
        if (loaded.locale.startsWith('en-')) english ??= loaded.table;
        return loaded;
      });
      // A table that failed is tried again the next time it is needed.
      table.catch(() => tables.delete(locale));
      tables.set(locale, table);
    }
    return table;
  };
  /** Resolves once the full table of the wanted locale (or its English fallback) is on screen. */
  const complete = async (): Promise<void> => {
    const locale = wanted;
    const loaded = await load(locale);
    // Evaluating the table's chunk took a task; rendering the screen in it gets a task of its own.
    await new Promise<void>((resolve) => nextTask(scope, resolve));
    if (!scope.disposed && wanted === locale && shownTable !== loaded) show(loaded);
  };
  const switchTo = (locale: string) => {
    wanted = locale;
    if (!store.get() && locale.startsWith('en-')) showBundled(locale);
    // Not even English could be loaded: the first screen still renders from the bundled texts.
    else void complete().catch(() => store.get() ?? showBundled(FALLBACK_LOCALE));
  };
  switchTo(settings.locale);
  return {
    store,
    switchTo,
    complete,
    /** Applies changed overrides to the texts on screen. */
    rebuild() {
      if (shownTable) show(shownTable);
      else if (store.get()) showBundled(wanted);
    },
  };
}
