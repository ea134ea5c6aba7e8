// What a server render of the widget reads in place of a browser's services: shared by
// `amwa/server` (Preact's server renderer) and the server-rendered `<AmwaPortal>` (the host's React).
import type { AmwaServices, LiveState } from '../context';
import type { Cookies } from './cookies';
import { createStore } from './flows/store';
import type { I18n } from './i18n';
import { createMemoryHistory, pathInBase, type History } from './router';
import type { Scope } from './scope';
import type { Settings } from './settings';

// The server's stand-ins for what only a browser has: the render reads none of them (pages use
// them in effects and handlers, which never run on a server); a page that did fails loudly.
const browserOnly = <T extends object>(name: string) =>
  new Proxy({} as T, {
    get(_, property) {
      throw new Error(`amwa: ${name}.${String(property)} is only there in the browser, not in a server render`);
    },
  });

/** The widget route a request's address opens: its path under `basePath` (or the settings' initial route with memory routing), with its query. */
export function requestWidgetPath(settings: Pick<Settings, 'routing' | 'initialRoute' | 'basePath'>, url: URL): string {
  return settings.routing === 'memory' ? settings.initialRoute : pathInBase(url.pathname, settings.basePath) + url.search;
}

/**
 * The request's address as the widget's history: links are the page's own addresses, absolute
 * against the request's URL where its origin is known (as the browser makes them), else paths.
 */
export function requestHistory(widgetPath: string, basePath: string, pageUrl: string | undefined): History {
  const path = (to: string) => basePath + (to.startsWith('/') ? to : `/${to}`);
  return { ...createMemoryHistory(widgetPath), href: (to) => (pageUrl ? new URL(path(to), pageUrl).href : path(to)) };
}

/** What a server render knows beyond the settings. */
export interface ServerServicesInput {
  cookies: Cookies;
  /** The texts rendered; none where the browser's first render shows the loading shell (a locale whose table is not bundled). */
  i18n: I18n | undefined;
  scope: Scope;
  /** Put before every id (none in a shadow root of the widget's own: `amwa/server`). */
  idPrefix?: string;
  /** Whether the full texts are there (`amwa/server` loads them first); without, a page that needs them shows the loading shell. */
  textsComplete: boolean;
}

/** The widget's services as a server render has them: settings, texts and cookies; what needs a browser, never touched. */
export function serverServices(settings: Settings, { cookies, i18n, scope, idPrefix = '', textsComplete }: ServerServicesInput): AmwaServices {
  const live = createStore<LiveState>({ settings, i18n, revision: 0 });
  return {
    settings,
    get i18n() {
      if (!i18n) throw new Error('amwa: texts are not loaded yet');
      return i18n;
    },
    emit: () => undefined,
    on: () => () => undefined,
    scope,
    api: browserOnly('api'),
    errors: browserOnly('errors'),
    traceLog: browserOnly('traceLog'),
    cookies,
    analytics: browserOnly('analytics'),
    session: browserOnly('session'),
    idPrefix,
    portalRoot: undefined,
    activityTargets: [],
    live,
    completeTexts: () => (textsComplete ? Promise.resolve() : new Promise<void>(() => undefined)),
    ready: () => undefined,
  };
}
