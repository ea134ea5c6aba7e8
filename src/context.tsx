import { createContext, useContext, useEffect } from 'react';
import type { Store } from './core/flows/store';
import type { Analytics } from './core/analytics';
import type { ApiClient } from './core/api';
import type { Cookies } from './core/cookies';
import type { ErrorHandler } from './core/error-handler';
import type { AmwaEventType, AmwaListener, Emit } from './core/events';
import type { I18n } from './core/i18n';
import type { Location } from './core/router';
import type { Scope } from './core/scope';
import type { Session } from './core/session';
import type { Settings } from './core/settings';
import type { TraceLog } from './core/trace';

/** How a page asks to move: in-app by default, a full page load where the spec says so. */
export interface NavigateOptions {
  replace?: boolean;
  fullPage?: boolean;
}

/** Router state and navigation as pages see it. */
export interface RouterApi {
  location: Location;
  sessionExpired: boolean;
  navigate(to: string, options?: NavigateOptions): void;
  /** Absolute href of an in-app path, for real links. */
  href(to: string): string;
  /** Starts loading what the route needs (its chunk and texts), e.g. when the user points at a link to it. */
  prefetch(to: string): void;
}

/** What changes while a widget stays mounted: its settings (live ones apply in place) and its texts. */
export interface LiveState {
  settings: Settings;
  /** Undefined until the first texts are there (a language other than English, loading). */
  i18n: I18n | undefined;
  revision: number;
}

/** Everything a page or flow needs, created once per mount. */
export interface AmwaServices {
  /** The current settings: the same object, updated in place by `handle.update()`. */
  readonly settings: Settings;
  emit: Emit;
  /** Subscribes to one amwa event (e.g. the technical error alert); returns the unsubscribe function. */
  on<K extends AmwaEventType>(type: K, listener: AmwaListener<K>): () => void;
  scope: Scope;
  /** The texts on screen now (a new object when the language or the table changes). */
  readonly i18n: I18n;
  api: ApiClient;
  errors: ErrorHandler;
  traceLog: TraceLog;
  cookies: Cookies;
  analytics: Analytics;
  /** Profiles, the anonymous session and token refresh, shared with the origin's other tabs; loaded on first use or at idle. */
  readonly session: Promise<Session>;
  /** Put before every id the widget renders, so two widgets in one page's light DOM never share one. */
  idPrefix: string;
  /** Element that hosts portals (dialogs) so they stay inside the widget's style scope; none in a server render. */
  portalRoot: HTMLElement | undefined;
  /** Where user input is heard: the window, and the widget's element for the focus moves a shadow root keeps from the window. */
  activityTargets: readonly EventTarget[];
  /** Settings and texts, for the components that re-render when they change. */
  live: Store<LiveState>;
  /** Settings and texts as the server rendered them, while the browser takes a server-rendered screen over (React hydrates against them). */
  serverLive?: LiveState;
  /** Resolves once the full table of the locale is on screen (pages other than Home need it). */
  completeTexts(): Promise<void>;
  /** Tells the host the first screen is interactive (`amwa-ready`, once per mount). */
  ready(): void;
}

const LiveContext = createContext<LiveState | null>(null);

/** Provides the live settings and texts of one mounted widget. */
export const LiveProvider = LiveContext.Provider;

const ServicesContext = createContext<AmwaServices | null>(null);
const RouterContext = createContext<RouterApi | null>(null);

/** Provides the services of one mounted widget. */
export const ServicesProvider = ServicesContext.Provider;
/** Provides the router of one mounted widget. */
export const RouterProvider = RouterContext.Provider;

/** The services of the widget this component is rendered in. */
export function useAmwa(): AmwaServices {
  const services = useContext(ServicesContext);
  // Subscribing here re-renders every reader of settings or texts when they change.
  useContext(LiveContext);
  if (!services) throw new Error('amwa: useAmwa() called outside <AmwaApp>');
  return services;
}

/** The translate function of the active locale. */
export function useT(): I18n['t'] {
  const live = useContext(LiveContext);
  const services = useAmwa();
  return (live?.i18n ?? services.i18n).t;
}

/** Router state and navigation. */
export function useRouter(): RouterApi {
  const router = useContext(RouterContext);
  if (!router) throw new Error('amwa: useRouter() called outside <AmwaApp>');
  return router;
}

/** Revokes and forgets this tab's tokens when the screen shows: a screen that ends the user's session (error, logged off). */
export function useDropTokens(): void {
  const { session } = useAmwa();
  useEffect(() => {
    session.then((loaded) => loaded.dropTokens()).catch(() => undefined);
  }, [session]);
}

/** Records the analytics page load for the screen while it is shown. */
export function usePageName(pageName: string): void {
  const { analytics } = useAmwa();
  useEffect(() => analytics.pageLoad(pageName), [analytics, pageName]);
}
