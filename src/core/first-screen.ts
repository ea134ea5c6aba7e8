/**
 * The first-screen decision, shared by the client's router, `amwa/server` and `<AmwaPortal>`'s
 * server render: which screen an address and the remembered logon type open, before any page
 * code runs. Framework-free, so a server renderer decides exactly as the browser will.
 */
import type { LogonType } from './cookies';
import { KNOWN_ROUTES, type KnownRoute } from './known-routes';
import { normalizePath, splitSessionExpired } from './router';

export { pathInBase } from './router';

/** Where the index sends a returning user, by remembered logon type. */
export const LOGON_PATHS = { mobile: '/pages/logon/mobile', scanner: '/pages/logon/scanner' } as const;

/** The screen of an address that is no route of the widget. */
export const NOT_FOUND_PATH = '/pages/not-found';

/** The page the index (Home's address) opens for a returning user; undefined: Home itself. */
export const indexRedirect = (logonType: LogonType | undefined): string | undefined => (logonType ? LOGON_PATHS[logonType] : undefined);

/** What the first render shows for an address. */
export interface FirstScreen {
  /** The route whose screen renders (`/pages/not-found` for an address that is no route). */
  screen: Exclude<KnownRoute, '/index.html'>;
  /** The widget path the address bar ends on: the index's redirect changes it, an unknown path keeps it. */
  path: string;
  /** The address asked for the session-expired notice (`…/sessionExpired`). */
  sessionExpired: boolean;
}

/**
 * The screen a widget path opens with the remembered logon type: Home, or the remembered logon
 * page from the index; any route a page may open directly; the not-found page for the rest.
 */
export function firstScreen(widgetPath: string, logonType: LogonType | undefined): FirstScreen {
  const { path: asked, sessionExpired } = splitSessionExpired(normalizePath(widgetPath));
  const path = asked === '/index.html' ? '/' : asked;
  if (path === '/') {
    const redirect = indexRedirect(logonType);
    return { screen: (redirect ?? '/') as FirstScreen['screen'], path: redirect ?? '/', sessionExpired };
  }
  const known = (KNOWN_ROUTES as readonly string[]).includes(path);
  return { screen: known ? (path as FirstScreen['screen']) : NOT_FOUND_PATH, path, sessionExpired };
}
