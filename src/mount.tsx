import { startTransition, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AmwaApp } from './app';
import type { AmwaServices, LiveState } from './context';
import { createAnalytics } from './core/analytics';
import { createLazyApiClient } from './core/api-lazy';
import { lazyImport } from './core/lazy-import';
import { askedNow, createCookies, pageCookieStore, type CookieStoreLike } from './core/cookies';
import { createErrorHandler } from './core/error-handler';
import { createHostGuard, guardFetch, guardLocaleLoader, type HostGuard } from './core/host-guard';
import { createEmitter, type AmwaEventMap, type AmwaEventType, type AmwaListener, type Emit } from './core/events';
import { createStore } from './core/flows/store';
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
} from './core/i18n';
import { bundleWithoutActions, createBrowserHistory, createMemoryHistory, routeProblem, splitSessionExpired, type History } from './core/router';
import { createScope, type Scope } from './core/scope';
import { needsRemount, parseSettings, ReadSettings, readSettingsInput, type AmwaSettings, type Settings } from './core/settings';
import { KNOWN_ROUTES, type AmwaRoute } from './core/known-routes';
import { readMountOptions } from './core/mount-options';
import { nearestName } from './core/nearest-name';
import { createTraceLog } from './core/trace';
import { nextTask, whenIdle } from './core/when-idle';
import { createRoutes } from './routes';
import { adoptStyles, fontWarmUp } from './ui/styles';
import { nextWidgetIdPrefix } from './ui/widget-id';

/** Typed callbacks for every amwa event, keyed by event name. */
export type AmwaListeners = { [K in AmwaEventType]?: AmwaListener<K> };

/** Options a host can pass to `mount`. */
export interface MountOptions {
  /** Listeners registered before anything renders, so no early event is missed. */
  on?: AmwaListeners;
  /** Loads a locale table by file name (`de`, `de-AT`); by default the package's own tables are imported. */
  loadLocale?: LocaleLoader;
  /** The fetch used for API calls and for `localesUrl` (defaults to the global one). */
  fetch?: typeof fetch;
}

/** The handle `mount` returns. */
export interface AmwaHandle {
  /** Removes the widget and stops every timer, listener and request it started. */
  unmount(): void;
  /**
   * Merges settings (an object or a JSON string) into the current ones. Presentational settings
   * apply in place, keeping the screen and what the user typed; an invalid update is reported
   * and the last good settings stay.
   */
  update(partial: AmwaSettings | string): void;
  /** Subscribes to one event; returns the unsubscribe function. */
  on<K extends AmwaEventType>(type: K, listener: AmwaListener<K>): () => void;
  /**
   * Moves the widget to a route such as `/pages/logon/mobile`; the type knows every route. A value
   * that is no route (from untyped code) is still refused at run time with a console message.
   */
  navigate(route: AmwaRoute): void;
}

/** What the custom element and the React component need beyond `mount`'s options. */
export interface WidgetOptions extends MountOptions {
  /** React cannot unmount a root while it renders another: finish the unmount in a microtask. */
  deferRootUnmount?: boolean;
}

/** What one rendering of the widget reads: the host's options, checked, and how to take a server-rendered screen over. */
interface InstanceOptions extends WidgetOptions {
  serverRendered?: ServerRendered;
}

/** A first screen a server rendered into the element's shadow root, and how the browser takes it over. */
export interface ServerRendered {
  /** The widget's root box the server rendered. */
  box: HTMLElement;
  /** The id prefix the server rendered with. */
  idPrefix: string;
  /** Hydrates the box once the widget's stylesheet is adopted (React's `hydrateRoot`): passed in, so builds that never hydrate carry none. */
  hydrate(box: HTMLElement, app: ReactNode): Root;
}

/** The handle, plus replacing the whole settings (an attribute or a prop holds all of them). */
export interface WidgetHandle extends AmwaHandle {
  replace(settings: unknown): void;
}

/**
 * Where the docs of every setting live, named in settings errors: the page ships in the package,
 * so it exists wherever the widget runs from, whatever registry and scope it came from.
 */
export const SETTINGS_DOCS = 'docs/settings.md in the amwa package (node_modules/amwa/docs/settings.md)';

/** How long the first render waits at most for the cookies read ahead before it reads `document.cookie`. */
const COOKIE_READ_AHEAD_LIMIT_MS = 500;

const pageOrigin = () => (typeof location === 'undefined' ? 'http://localhost' : location.origin);
// Only settings that fail need the defaults: parsed then, not while the module is evaluated.
const defaultSettings = () => (parseSettings({}) as { ok: true; settings: Settings }).settings;

/** One rendering of the widget: its scope, root, history and live state. */
interface Instance {
  readonly failed: boolean;
  readonly settings: Settings;
  apply(next: Settings): void;
  navigate(route: string): void;
  stop(): void;
}

/**
 * Marks an element that holds a widget. A global symbol, so two copies of amwa on one page (the
 * standalone bundle beside an npm build) see each other's widgets too.
 */
const WIDGET_MARK = Symbol.for('amwa.widget');
type MarkedElement = HTMLElement & { [WIDGET_MARK]?: true };

/** The handle of a refused mount: it holds no widget, so it does nothing (and never touches the widget already there). */
const refusedHandle = (): WidgetHandle => ({ unmount() {}, update() {}, replace() {}, on: () => () => {}, navigate() {} });

/**
 * Renders the amwa portal into `element` with settings given as JSON (or an object). Never throws
 * for any settings or options value. An element that already holds a widget keeps it: the second mount is
 * refused with a console error and returns a handle that does nothing.
 */
export function mount(element: HTMLElement, settings: AmwaSettings | string = {}, options: MountOptions = {}): AmwaHandle {
  return createWidget(element, settings, options);
}

/**
 * `mount` with the options the custom element and the React component need; `serverRendered`
 * when the element's shadow root holds a first screen a server rendered (`<AmwaPortal>`), to be
 * taken over instead of rendered anew.
 */
export function createWidget(element: HTMLElement, input: unknown, options: WidgetOptions = {}, serverRendered?: ServerRendered): WidgetHandle {
  if (typeof HTMLElement === 'undefined' || !(element instanceof HTMLElement)) throw new TypeError('amwa mount: element must be an HTMLElement');
  const marked = element as MarkedElement;
  if (marked[WIDGET_MARK]) {
    // Two roots in one element would share its shadow root (and, in light DOM, its ids): refused, loudly.
    console.error('amwa mount: this element already holds an amwa widget; the new mount is refused and the widget there stays. Call unmount() on its handle before mounting again (docs/embedding.md).');
    return refusedHandle();
  }
  marked[WIDGET_MARK] = true;
  // Host code (listeners, data layer, loadLocale, fetch) runs guarded: one report per source, per widget.
  const guard = createHostGuard();
  const emitter = createEmitter(element, guard);
  // Untyped hosts pass anything (`null`, a number, `{ fetch: 'x' }`): a settings error, never a throw.
  const optionsRead = readMountOptions(options);
  const checked = (optionsRead.ok ? optionsRead.options : {}) as WidgetOptions;
  const hostOptions: InstanceOptions = {
    ...checked,
    serverRendered,
    fetch: checked.fetch && guardFetch(guard, checked.fetch),
    loadLocale: checked.loadLocale && guardLocaleLoader(guard, checked.loadLocale),
  };
  for (const [type, listener] of Object.entries(checked.on ?? {})) emitter.on(type as AmwaEventType, listener as AmwaListener<AmwaEventType>);
  const readyOnce = { fired: false };
  // The cookies the first render waits for are asked for first: the browser answers in a task of
  // its own (tens of ms on a slow phone while the page loads) while the settings, the shadow root
  // and the stylesheet are made. A later instance (settings that need a remount) asks anew.
  let firstCookieStore = askedNow(pageCookieStore());
  const cookieStore = () => {
    const store = firstCookieStore ?? pageCookieStore();
    firstCookieStore = undefined;
    return store;
  };
  let raw: Record<string, unknown> = {};
  let instance: Instance | undefined;
  let unmounted = false;

  // The settings a problem was last reported for: the same settings given again (React runs an
  // effect twice in development, a prop re-renders) are not reported again.
  let reportedFor: { key: string; input: unknown } | undefined;
  const reject = (field: string, message: string, given: unknown, input: unknown, atMount: boolean) => {
    const key = settingsKey(given, field, message);
    // Settings that could not be read as JSON have no copy to compare: only the very same value is the same problem.
    if (reportedFor?.key === key && (given !== undefined || reportedFor.input === input)) return;
    reportedFor = { key, input };
    const outcome = atMount ? 'The widget shows its error page until the settings are fixed' : 'The widget keeps its last good settings';
    // Deferred so listeners added with handle.on() right after mount() hear it too, and so a
    // mount undone in the same task (React's StrictMode rehearsal) reports nothing.
    queueMicrotask(() => {
      if (unmounted) return;
      // A list of problems gets the outcome on a line of its own, after the last one.
      const end = message.includes('\n') ? '\n' : message.endsWith('?') ? ' ' : '. ';
      console.error(`${message}${end}${outcome}. See ${SETTINGS_DOCS}.`);
      emitter.emit('amwa-generic-exception', { origin: `settings.${field}`, message });
    });
  };

  const render = (settings: Settings, failed: boolean) => {
    try {
      instance = startInstance(element, settings, failed, emitter, hostOptions, guard, readyOnce, cookieStore());
      // Only the first rendering finds the server's screen.
      hostOptions.serverRendered = undefined;
    } catch (error) {
      console.error('amwa mount: the widget could not render', error);
      instance = undefined;
    }
  };

  const accept = (value: unknown, merge: boolean) => {
    // Options are read once: wrong ones keep the error page up whatever the settings say.
    if (!optionsRead.ok) {
      if (!instance) render(defaultSettings(), true);
      return reject(optionsRead.field, optionsRead.message, undefined, optionsRead, true);
    }
    const read = readSettingsInput(value);
    let next: unknown;
    if (read.ok) {
      next = merge && isPlainObject(read.value) ? { ...raw, ...read.value } : read.value;
      // A new language without a country takes that language's own country, not the old one's.
      if (merge && isPlainObject(read.value) && 'language' in read.value && !('country' in read.value)) delete (next as Record<string, unknown>).country;
    }
    // `next` is made of plain copies already: parsing does not copy it once more.
    const parsed = read.ok ? parseSettings(new ReadSettings({ ok: true, value: next }), pageOrigin()) : read;
    if (!parsed.ok) {
      const atMount = !instance || instance.failed;
      if (!instance) {
        // Settings that fail from the start are still the base a fixing update merges into.
        if (isPlainObject(next)) raw = next;
        render(defaultSettings(), true);
      }
      return reject(parsed.field, parsed.message, next, value, atMount);
    }
    reportedFor = undefined;
    raw = next as Record<string, unknown>;
    if (instance && !instance.failed && !needsRemount(instance.settings, parsed.settings)) return instance.apply(parsed.settings);
    instance?.stop();
    render(parsed.settings, false);
  };

  accept(input, false);
  return {
    unmount() {
      if (unmounted) return;
      unmounted = true;
      instance?.stop();
      instance = undefined;
      emitter.clear();
      delete marked[WIDGET_MARK];
    },
    update(partial) {
      if (!unmounted) accept(partial, true);
    },
    replace(settings) {
      if (!unmounted) accept(settings, false);
    },
    on: (type, listener) => emitter.on(type, listener),
    navigate(route) {
      instance?.navigate(route);
    },
  };
}

/** What identifies a settings problem: the settings it was found in (a plain JSON copy), the field and the message. */
const settingsKey = (given: unknown, field: string, message: string) => `${field}\u0000${message}\u0000${given === undefined ? '' : JSON.stringify(given)}`;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The table loader: the host's, else `localesUrl`, else the package's own chunks. */
const tableLoader = (settings: Settings, options: MountOptions): LocaleLoader =>
  options.loadLocale ?? (settings.localesUrl ? fetchLocaleLoader(settings.localesUrl, options.fetch) : packagedLocaleLoader);

function startInstance(
  element: HTMLElement,
  initial: Settings,
  failed: boolean,
  emitter: ReturnType<typeof createEmitter>,
  options: InstanceOptions,
  guard: HostGuard,
  readyOnce: { fired: boolean },
  cookieStore: CookieStoreLike | undefined,
): Instance {
  const scope = createScope();
  // Later updates change this object in place, so every layer reads the current value on use.
  const settings: Settings = { ...initial };
  const emit: Emit = emitter.emit;
  const host: ShadowRoot | HTMLElement = settings.isolation === 'shadow' ? (element.shadowRoot ?? element.attachShadow({ mode: 'open' })) : element;
  // A first screen the server rendered (a declarative shadow root) is taken over; the error page
  // of a mount whose options failed is rendered anew.
  const hydrate = failed ? options.serverRendered?.box.remove() : options.serverRendered;
  const box = hydrate ? hydrate.box : document.createElement('div');
  box.className = 'amwa-root';
  box.dataset.channel = settings.channel === 'orange' ? 'orange' : 'blue';
  box.dataset.sessionLeader = 'false';
  if (!hydrate) host.append(box);
  const activityTargets = [window, box];

  const history: History =
    settings.routing === 'memory' || failed ? createMemoryHistory(failed ? '/pages/error' : settings.initialRoute, settings.basePath) : createBrowserHistory(settings.basePath, scope);
  const texts = createTexts(settings, options, scope, emit);
  const live = createStore<LiveState>({ settings, i18n: texts.store.get(), revision: 0 });
  const publish = () => live.set({ settings, i18n: texts.store.get(), revision: live.get().revision + 1 });
  const showLanguage = () => void (box.lang = texts.store.get()?.locale ?? settings.language);
  showLanguage();
  scope.onDispose(
    texts.store.subscribe(() => {
      showLanguage();
      publish();
    }),
  );

  // Read ahead: the index's redirect reads the remembered logon type in the first render, and a
  // first read of document.cookie blocks the page until the browser's network process answers.
  const cookies = createCookies(settings, cookieStore);
  // A page opened directly needs its chunk and the full texts whatever the cookies say (only the
  // index reads them): they start now, not in the first render, which waits for the cookie answer.
  const openedPage = bundleWithoutActions(createRoutes(cookies), splitSessionExpired(history.location().path).path);
  if (openedPage) void Promise.all([openedPage(), texts.complete()]).catch(() => undefined);
  const analytics = createAnalytics({ settings, emit, cookies, guard, signal: scope.signal });
  const api = createLazyApiClient(
    { settings, emit, scope, language: () => texts.store.get()?.locale ?? settings.locale, fetch: options.fetch },
    () => import('./core/api'),
  );
  const traceLog = createTraceLog(api, scope.signal);
  const errors = createErrorHandler({
    emit,
    analytics,
    traceLog,
    signal: scope.signal,
    navigateToError: (traceId) => history.push(`/pages/error${traceId ? `?trace-id=${encodeURIComponent(traceId)}` : ''}`),
  });
  // A failed load is forgotten and tried again with the next use; one the warm-up started and no
  // page waits for is reported once, and one aborted because the page is being left not at all.
  const sessionLayer = lazyImport(
    () =>
      import('./core/session')
        // The session's channel, election and activity listeners take a task of their own, not
        // the one that renders the page asking for it (a page opened directly on a slow phone).
        .then((module) => new Promise<typeof module>((resolve) => nextTask(scope, () => resolve(module))))
        .then(({ createSession }) => {
          const created = createSession({
            api,
            scope,
            activityTargets,
            inactivityTimeoutsS: () => [settings.inactivityTimeoutLogonS, settings.inactivityTimeoutActivationS],
            cookieScope: `${new URL(settings.apiBaseUrl).origin} ${new URL(settings.securityApiBaseUrl).origin}`,
          });
          if (scope.disposed) return created;
          // Hosts and tests see which tab runs the token refresh for the origin.
          created.onLeaderChange((leader) => {
            box.dataset.sessionLeader = String(leader);
            emit('amwa-session-leader', { leader });
          });
          void created.init();
          return created;
        }),
    { report: (error) => console.warn('amwa: the session layer could not be loaded ahead of use; it is tried again when a page needs it', error), signal: scope.signal },
  );
  // Home needs neither the session layer nor the full tables: they load once the page is idle
  // or the user starts using the widget, whichever comes first.
  const warmUp = () => {
    cookies.settle();
    traceLog.warm();
    sessionLayer.warm();
    void texts.complete().catch(() => undefined);
  };
  whenIdle(scope, box, warmUp);

  const services: AmwaServices = {
    get settings() {
      return live.get().settings;
    },
    get i18n() {
      const current = live.get().i18n;
      if (!current) throw new Error('amwa: texts are not loaded yet');
      return current;
    },
    emit,
    on: emitter.on,
    scope,
    api,
    errors,
    traceLog,
    cookies,
    analytics,
    get session() {
      return sessionLayer.get();
    },
    idPrefix: hydrate ? hydrate.idPrefix : nextWidgetIdPrefix(),
    portalRoot: box,
    activityTargets,
    live,
    // The server rendered from the settings and the texts there before any table loaded: as here now.
    serverLive: hydrate ? live.get() : undefined,
    completeTexts: texts.complete,
    ready() {
      // The first page is on screen with its effects run: later reads see the cookies as they are then.
      cookies.settle();
      if (readyOnce.fired || scope.disposed) return;
      readyOnce.fired = true;
      emit('amwa-ready', { path: history.location().path, locale: texts.store.get()?.locale ?? settings.locale });
    },
  };
  // The root and the first render get a task of their own: with the module's evaluation (or the
  // host's React commit) in the same task it was one long task on a slow phone, holding up the host
  // page. Through a host's React (`amwa/react`) the render is a transition, which React renders in
  // slices of about 5 ms with the host page's work between them; Preact renders it at once. It
  // also waits for the cookies read ahead (their answer comes in a task of its own, mostly before
  // this one).
  let root: Root | undefined;
  // The stylesheet (a CSS parse of 5–9 ms on a slow phone) and the first use of Home's fonts (20 ms
  // and more of layout) get a task of their own, while the first render waits for the cookies: in
  // the module's task they made the load event's forced layout, and that task, long. The root is
  // empty until then.
  let styled = false;
  const style = () => {
    if (styled) return;
    styled = true;
    scope.onDispose(adoptStyles(settings.isolation === 'shadow' ? (host as ShadowRoot) : document, settings.cspNonce));
  };
  const fontsWarmUp = fontWarmUp(document);
  nextTask(scope, () => {
    style();
    // The server's screen has laid its fonts out already (and its box is React's to hydrate).
    if (root || hydrate) return;
    box.append(fontsWarmUp);
    // Laid out now, not in whichever frame comes next: the render may come before that frame, and
    // the frame showing Home would load the fonts after all.
    void fontsWarmUp.offsetWidth;
  });
  let waitingFor = 2;
  const renderOnce = () => {
    if (waitingFor === 0 || --waitingFor > 0 || scope.disposed) return;
    style();
    fontsWarmUp.remove();
    if (hydrate) {
      root = hydrate.hydrate(box, <AmwaApp services={services} history={history} />);
      return;
    }
    root = createRoot(box);
    const created = root;
    startTransition(() => created.render(<AmwaApp services={services} history={history} />));
  };
  nextTask(scope, renderOnce);
  // A cookie store that never answers (a browser's bug) must not keep the first screen away: past
  // the limit the render reads document.cookie, as where there is no store.
  const giveUp = scope.setTimeout(() => {
    cookies.settle();
    renderOnce();
  }, COOKIE_READ_AHEAD_LIMIT_MS);
  void cookies.ready.then(() => {
    giveUp();
    renderOnce();
  });

  return {
    failed,
    get settings() {
      return settings;
    },
    apply(next) {
      const textsChanged = next.locale !== settings.locale || next.localesUrl !== settings.localesUrl;
      const overridesChanged = JSON.stringify(next.messages) !== JSON.stringify(settings.messages);
      const consentGiven = !settings.analyticsConsent && next.analyticsConsent;
      Object.assign(settings, next);
      if (consentGiven) analytics.consented();
      box.dataset.channel = settings.channel === 'orange' ? 'orange' : 'blue';
      if (textsChanged) texts.switchTo(settings.locale);
      else if (overridesChanged) texts.rebuild();
      publish();
    },
    navigate(route) {
      const problem = typeof route === 'string' ? routeProblem(route) : 'must be a string';
      if (problem) return console.warn(`amwa navigate: the route ${problem}; ignored (${typeof route === 'string' ? JSON.stringify(route.slice(0, 200)) : typeof route})`);
      const { path } = splitSessionExpired(route.split(/[?#]/, 1)[0]!);
      if (!(KNOWN_ROUTES as readonly string[]).includes(path)) {
        const meant = nearestName(path, KNOWN_ROUTES);
        console.warn(`amwa navigate: ${JSON.stringify(path.slice(0, 200))} is no route of the widget, so it shows the not-found page${meant ? ` (did you mean "${meant}"?)` : ''}. The routes: docs/embedding.md#routing.`);
      }
      try {
        history.push(route);
      } catch (error) {
        console.error(`amwa navigate: "${route}" is not a route`, error);
      }
    },
    stop() {
      cookies.settle();
      scope.dispose();
      box.remove();
      const created = root;
      if (!created) return;
      if (options.deferRootUnmount) queueMicrotask(() => created.unmount());
      else created.unmount();
    },
  };
}

/**
 * The texts of one widget. English renders at once from the bundled first-screen texts and loads
 * its full table when a page needs it (or at idle); another language loads at once and the widget
 * shows its loading state until it arrives. A live language change keeps the current texts on
 * screen until the new table is there, so nothing the user typed is lost.
 */
function createTexts(settings: Settings, options: MountOptions, scope: Scope, emit: Emit) {
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

/** Re-export for hosts that type their listeners. */
export type { AmwaEventMap };
