import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { AmwaApp } from './app';
import type { AmwaServices, LiveState } from './context';
import { createAnalytics } from './core/analytics';
import { createLazyApiClient } from './core/api-lazy';
import { askedNow, createCookies, pageCookieStore, type CookieStoreLike } from './core/cookies';
import { createErrorHandler } from './core/error-handler';
import { createHostGuard, guardFetch, guardLocaleLoader, type HostGuard } from './core/host-guard';
import { createEmitter, type AmwaEventMap, type AmwaEventType, type AmwaListener, type Emit } from './core/events';
import { createStore } from './core/flows/store';
import type { LocaleLoader } from './core/i18n';
import { createTexts } from './core/widget-texts';
import { bundleWithoutActions, createBrowserHistory, createMemoryHistory, resolveRoute, routeProblem, splitSessionExpired, type History } from './core/router';
import { createScope } from './core/scope';
import { NEEDS_SCRIPT_CLASS, SERVER_MARK } from './core/server-markup';
import { createSessionLayer } from './core/session-layer';
import { settingsErrorText } from './core/settings-report';
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
  const emit: Emit = emitter.emit;
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
  const activityTargets = [window, box];

  const history: History =
    settings.routing === 'memory' || failed ? createMemoryHistory(failed ? '/pages/error' : settings.initialRoute) : createBrowserHistory(settings.basePath, scope);
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
  const sessionLayer = createSessionLayer({
    api,
    scope,
    activityTargets,
    settings,
    onLeaderChange(leader) {
      box.dataset.sessionLeader = String(leader);
      emit('amwa-session-leader', { leader });
    },
  });
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
    // A shadow root is an id space of its own: the server's markup has its ids without a prefix.
    // The host's React rendered with the prefix from its own `useId`, the same in the browser.
    idPrefix: served ? (fromHost?.idPrefix ?? '') : nextWidgetIdPrefix(),
    portalRoot: box,
    activityTargets,
    live,
    // The host's server rendered from the settings and the texts there before any table loaded: as
    // here now. React hydrates against them, then renders the current state.
    serverLive: served && fromHost ? live.get() : undefined,
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
    if (root || served) return;
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
    if (served && fromHost) {
      root = fromHost.hydrate(served, <AmwaApp services={services} history={history} />);
      return keepTyped(served);
    }
    if (served) return void takeOver(served).catch(renderFresh);
    renderFresh();
  };
  const renderFresh = () => {
    if (scope.disposed) return;
    box.replaceChildren();
    root = createRoot(box);
    const created = root;
    startTransition(() => created.render(<AmwaApp services={services} history={history} />));
  };
  // The server's screen, its chunk and texts loaded first, so the first render is that screen;
  // one that cannot be taken over (its chunk failed) is rendered anew.
  const takeOver = async (markup: HTMLElement) => {
    const resolved = resolveRoute(createRoutes(cookies), splitSessionExpired(history.location().path).path);
    const page = resolved.kind === 'component' ? resolved.component : await resolved.load();
    if (resolved.kind === 'bundle' || !texts.store.get()) await texts.complete();
    if (scope.disposed) return;
    markup.querySelector(`.${NEEDS_SCRIPT_CLASS}`)?.remove();
    markup.removeAttribute(SERVER_MARK);
    // The server's copy of the stylesheet goes now that the adopted one applies: every later style
    // change would match two sets of the same rules otherwise.
    if (host instanceof ShadowRoot) for (const child of [...host.children]) if (child.localName === 'style') child.remove();
    root = hydrateRoot(markup, <AmwaApp services={services} history={history} firstPage={{ path: resolved.path, page }} />);
    keepTyped(markup);
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
 * Hands what the user typed into the server's fields before the script ran to the components that
 * now own them: an input event, as if typed now (the DOM keeps the text and the focus).
 */
function keepTyped(markup: HTMLElement): void {
  for (const field of markup.querySelectorAll('input')) {
    const ticked = field.type === 'checkbox' || field.type === 'radio';
    if (ticked ? field.checked !== field.defaultChecked : field.value !== field.defaultValue) field.dispatchEvent(new Event(ticked ? 'change' : 'input', { bubbles: true }));
  }
}

/** Re-export for hosts that type their listeners. */
export type { AmwaEventMap };
