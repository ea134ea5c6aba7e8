import { createContext, useContext, useEffect } from 'react';
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
}

/** Everything a page or flow needs, created once per mount. */
export interface AmwaServices {
  settings: Settings;
  emit: Emit;
  /** Subscribes to one amwa event (e.g. the technical error alert); returns the unsubscribe function. */
  on<K extends AmwaEventType>(type: K, listener: AmwaListener<K>): () => void;
  scope: Scope;
  i18n: I18n;
  api: ApiClient;
  errors: ErrorHandler;
  traceLog: TraceLog;
  cookies: Cookies;
  analytics: Analytics;
  /** Profiles, the anonymous session and token refresh, shared with the origin's other tabs. */
  /** The session layer, loaded after the first render. */
  session: Promise<Session>;
  /** Element that hosts portals (dialogs) so they stay inside the widget's style scope. */
  portalRoot: HTMLElement;
}

const ServicesContext = createContext<AmwaServices | null>(null);
const RouterContext = createContext<RouterApi | null>(null);

/** Provides the services of one mounted widget. */
export const ServicesProvider = ServicesContext.Provider;
/** Provides the router of one mounted widget. */
export const RouterProvider = RouterContext.Provider;

/** The services of the widget this component is rendered in. */
export function useAmwa(): AmwaServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('amwa: useAmwa() called outside <AmwaApp>');
  return services;
}

/** The translate function of the active locale. */
export function useT(): I18n['t'] {
  return useAmwa().i18n.t;
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
