import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import type { LiveState } from './context';
import { askedNow, createCookies, pageCookieStore, type CookieStoreLike } from './core/cookies';
import { createHostGuard, guardFetch, guardLocaleLoader, type HostGuard } from './core/host-guard';
import { createEmitter, type AmwaEventMap, type AmwaEventType, type AmwaListener } from './core/events';
import { createStore } from './core/flows/store';
import type { LocaleLoader } from './core/i18n';
import type { AmwaRoute } from './core/known-routes';
import { readMountOptions } from './core/mount-options';
import { routeToNavigate } from './core/navigate-route';
import { bundleWithoutActions, createBrowserHistory, createMemoryHistory, splitSessionExpired, type History } from './core/router';
import { createScope } from './core/scope';
import { SERVER_MARK } from './core/server-markup';
import { settingsErrorText } from './core/settings-report';
import { needsRemount, parseSettings, ReadSettings, readSettingsInput, type AmwaSettings, type Settings } from './core/settings';
import { createTexts } from './core/widget-texts';
import { scheduleFirstRender } from './first-render';
import { createRoutes } from './routes';
import { nextWidgetIdPrefix } from './ui/widget-id';
import { createWidgetServices } from './widget-services';

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

/** What one rendering of the widget reads: the host's options, checked, and how to take a host's server-rendered screen over. */
interface InstanceOptions extends WidgetOptions {
  serverRendered?: ServerRendered;
}

/**
 * A first screen the host's React rendered on its server into the element's shadow root
 * (`<AmwaPortal request>`), and how the browser takes it over. (A screen from `amwa/server` carries
 * its mark and is found without this.)
 */
export interface ServerRendered {
  /** The widget's root box the server rendered. */
  box: HTMLElement;
  /** The id prefix the server rendered with (from the host's `useId`). */
  idPrefix: string;
  /** Hydrates the box once the widget's stylesheet is adopted, in a React root of its own (`hydrateRoot`). */
  hydrate(box: HTMLElement, app: ReactNode): Root;
}

/** The handle, plus replacing the whole settings (an attribute or a prop holds all of them). */
export interface WidgetHandle extends AmwaHandle {
  replace(settings: unknown): void;
}

export { SETTINGS_DOCS } from './core/settings-report';

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
 * when the host's React rendered the first screen into the element's shadow root on its server
 * (`<AmwaPortal request>`), to be taken over instead of rendered anew.
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
    // Deferred so listeners added with handle.on() right after mount() hear it too, and so a
    // mount undone in the same task (React's StrictMode rehearsal) reports nothing.
    queueMicrotask(() => {
      if (unmounted) return;
      console.error(settingsErrorText(message, atMount));
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
  const host: ShadowRoot | HTMLElement = settings.isolation === 'shadow' ? (element.shadowRoot ?? element.attachShadow({ mode: 'open' })) : element;
  // A first screen rendered by a server (amwa/server, or the host's React through <AmwaPortal>)
  // into a declarative shadow root is taken over as it is (hydrated), keeping what the user typed;
  // an error page renders anew.
  const fromHost = options.serverRendered;
  const found = fromHost?.box ?? host.querySelector<HTMLElement>(`[${SERVER_MARK}]`);
  if (failed) found?.remove();
  const served = failed ? null : found;
  const box = served ?? document.createElement('div');
  box.className = 'amwa-root';
  box.dataset.channel = settings.channel === 'orange' ? 'orange' : 'blue';
  box.dataset.sessionLeader = 'false';
  if (!served) host.append(box);

  const history: History =
    settings.routing === 'memory' || failed ? createMemoryHistory(failed ? '/pages/error' : settings.initialRoute) : createBrowserHistory(settings.basePath, scope);
  const texts = createTexts(settings, options, scope, emitter.emit);
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
  const services = createWidgetServices({
    settings,
    emitter,
    guard,
    scope,
    fetch: options.fetch,
    texts,
    live,
    cookies,
    history,
    box,
    // A shadow root is an id space of its own: the server's markup has its ids without a prefix.
    // The host's React rendered with the prefix from its own `useId`, the same in the browser.
    idPrefix: served ? (fromHost?.idPrefix ?? '') : nextWidgetIdPrefix(),
    // The host's server rendered from the settings and the texts there before any table loaded: as
    // here now. React hydrates against them, then renders the current state.
    serverLive: served && fromHost ? live.get() : undefined,
    readyOnce,
  });
  const root = scheduleFirstRender({ scope, settings, host, box, served, hydrateFromHost: fromHost?.hydrate, cookies, history, texts, services });

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
      if (consentGiven) services.analytics.consented();
      box.dataset.channel = settings.channel === 'orange' ? 'orange' : 'blue';
      if (textsChanged) texts.switchTo(settings.locale);
      else if (overridesChanged) texts.rebuild();
      publish();
    },
    navigate(route) {
      const to = routeToNavigate(route);
      if (to === undefined) return;
      try {
        history.push(to);
      } catch (error) {
        console.error(`amwa navigate: "${to}" is not a route`, error);
      }
    },
    stop() {
      cookies.settle();
      scope.dispose();
      box.remove();
      const created = root();
      if (!created) return;
      if (options.deferRootUnmount) queueMicrotask(() => created.unmount());
      else created.unmount();
    },
  };
}

/** Re-export for hosts that type their listeners. */
export type { AmwaEventMap };
