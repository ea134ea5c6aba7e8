import { createRoot, type Root } from 'react-dom/client';
import { AmwaApp } from './app';
import type { AmwaServices } from './context';
import { createAnalytics } from './core/analytics';
import { createLazyApiClient } from './core/api-lazy';
import { createCookies } from './core/cookies';
import { createErrorHandler } from './core/error-handler';
import { createHostGuard, guardFetch, guardLocaleLoader } from './core/host-guard';
import { createTraceLog } from './core/trace';
import { createEmitter, type AmwaEventMap, type AmwaEventType, type AmwaListener } from './core/events';
import { fetchLocaleLoader, loadI18n, type LocaleLoader } from './core/i18n';
import { createBrowserHistory, createMemoryHistory, type History } from './core/router';
import { createScope, type Scope } from './core/scope';
import { parseSettings, type Settings, type SettingsInput } from './core/settings';
import { adoptStyles } from './ui/styles';

/** Typed callbacks for every amwa event, keyed by event name. */
export type AmwaListeners = { [K in AmwaEventType]?: AmwaListener<K> };

/** Options a host can pass to `mount`. */
export interface MountOptions {
  /** Listeners registered before anything renders, so no early event is missed. */
  on?: AmwaListeners;
  /** Loads a locale table by file name (`de`, `de-AT`); defaults to fetching `{localesUrl}{name}.json`. */
  loadLocale?: LocaleLoader;
  /** The fetch used for API calls (defaults to the global one). */
  fetch?: typeof fetch;
}

/** The handle `mount` returns. */
export interface AmwaHandle {
  /** Removes the widget and stops every timer, listener and request it started. */
  unmount(): void;
  /** Merges new settings into the current ones and re-renders. */
  update(partial: SettingsInput): void;
  /** Subscribes to one event; returns the unsubscribe function. */
  on<K extends AmwaEventType>(type: K, listener: AmwaListener<K>): () => void;
  /** Moves the widget to a route such as `/pages/logon/mobile`. */
  navigate(route: string): void;
}

const origin = () => (typeof location === 'undefined' ? 'http://localhost' : location.origin);
const toRaw = (input: unknown): unknown => {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
};

/** Renders the amwa portal into `element` with settings given as JSON (or an object). */
export function mount(element: HTMLElement, settingsJson: string | SettingsInput, options: MountOptions = {}): AmwaHandle {
  if (!(element instanceof HTMLElement)) throw new TypeError('amwa mount: element must be an HTMLElement');
  // Host code (listeners, data layer, loadLocale, fetch) runs guarded: one report per source, per widget.
  const guard = createHostGuard();
  const emitter = createEmitter(element, guard);
  const hostFetch = options.fetch && guardFetch(guard, options.fetch);
  for (const [type, listener] of Object.entries(options.on ?? {})) {
    emitter.on(type as AmwaEventType, listener as AmwaListener<AmwaEventType>);
  }
  let raw = toRaw(settingsJson);
  let rootScope = createScope();
  let history: History | undefined;
  let reactRoot: Root | undefined;
  let container: HTMLDivElement | undefined;
  let unmounted = false;

  const start = () => {
    const scope = rootScope;
    const parsed = parseSettings(raw, origin());
    const settings = parsed.ok ? parsed.settings : (parseSettings({}, origin()) as { ok: true; settings: Settings }).settings;
    const host: ShadowRoot | HTMLElement =
      settings.isolation === 'shadow' ? (element.shadowRoot ?? element.attachShadow({ mode: 'open' })) : element;
    scope.onDispose(adoptStyles(settings.isolation === 'shadow' ? (host as ShadowRoot) : document, settings.cspNonce));
    const box = document.createElement('div');
    box.className = 'amwa-root';
    box.dataset.channel = settings.channel === 'orange' ? 'orange' : 'blue';
    host.append(box);
    container = box;
    const root = createRoot(box);
    reactRoot = root;
    history =
      settings.routing === 'memory' || !parsed.ok
        ? createMemoryHistory(parsed.ok ? settings.initialRoute : '/pages/error')
        : createBrowserHistory(settings.basePath, scope);
    const pageHistory = history;
    const loader = options.loadLocale ? guardLocaleLoader(guard, options.loadLocale) : fetchLocaleLoader(settings.localesUrl, hostFetch ?? fetch);
    loadI18n(parsed.ok ? settings.locale : 'en-GB', loader, scope.signal).then((i18n) => {
      if (scope.disposed) return;
      box.lang = i18n.locale;
      const cookies = createCookies(settings);
      const analytics = createAnalytics({ settings, emit: emitter.emit, cookies, guard });
      const api = createLazyApiClient({ settings, emit: emitter.emit, scope, language: () => i18n.locale, fetch: hostFetch }, () => import('./core/api'));
      const traceLog = createTraceLog(api);
      const errors = createErrorHandler({
        emit: emitter.emit,
        analytics,
        traceLog,
        signal: scope.signal,
        navigateToError: (traceId) =>
          pageHistory.push(`/pages/error${traceId ? `?trace-id=${encodeURIComponent(traceId)}` : ''}`),
      });
      // Home does not need the session layer, so it loads after the first render.
      const session = import('./core/session').then(({ createSession }) => {
        const created = createSession({ api, scope, inactivityTimeoutsS: [settings.inactivityTimeoutLogonS, settings.inactivityTimeoutActivationS] });
        if (scope.disposed) return created;
        // Hosts and tests see which tab runs the token refresh for the origin.
        created.onLeaderChange((leader) => {
          box.dataset.sessionLeader = String(leader);
          emitter.emit('amwa-session-leader', { leader });
        });
        void created.init();
        return created;
      });
      box.dataset.sessionLeader = 'false';
      const services: AmwaServices = { settings, emit: emitter.emit, on: emitter.on, scope, i18n, api, errors, traceLog, cookies, analytics, session, portalRoot: box };
      root.render(<AmwaApp services={services} history={pageHistory} />);
      if (!parsed.ok) {
        // Deferred so listeners added with handle.on() right after mount() hear it too.
        queueMicrotask(() => emitter.emit('amwa-generic-exception', { origin: `settings.${parsed.field}`, message: parsed.message }));
      }
    }, () => undefined);
  };

  const stop = () => {
    rootScope.dispose();
    reactRoot?.unmount();
    container?.remove();
    reactRoot = undefined;
    container = undefined;
  };

  start();
  return {
    unmount() {
      if (unmounted) return;
      unmounted = true;
      stop();
      emitter.clear();
    },
    update(partial) {
      if (unmounted) return;
      const current = raw && typeof raw === 'object' ? raw : {};
      raw = { ...current, ...partial };
      stop();
      rootScope = createScope();
      start();
    },
    on: (type, listener) => emitter.on(type, listener),
    navigate(route) {
      history?.push(route);
    },
  };
}

/** Re-export for hosts that type their listeners. */
export type { AmwaEventMap };
