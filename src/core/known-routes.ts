/** Every route of the widget (spec section 2), as `navigate()` and `initialRoute` know them. */
export const KNOWN_ROUTES = [
  '/',
  '/index.html',
  '/pages/access-protection',
  '/pages/activate-scanner',
  '/pages/link-ib-user',
  '/pages/link-ib-user/mobile',
  '/pages/logon/mobile',
  '/pages/logon/scanner',
  '/pages/logout',
  '/pages/error',
  '/pages/not-found',
] as const;

/** A route of the widget, e.g. `/pages/logon/scanner`. */
export type KnownRoute = (typeof KNOWN_ROUTES)[number];

/** A route with the session-expired notice (spec: the current path plus `/sessionExpired`). */
type ExpiredRoute = '/sessionExpired' | `${Exclude<KnownRoute, '/'>}/sessionExpired`;

/** What `navigate()` takes: a known route, optionally with `/sessionExpired`, a query (`/pages/error?trace-id=…`) or a fragment. */
export type AmwaRoute = KnownRoute | ExpiredRoute | `${KnownRoute | ExpiredRoute}${'?' | '#'}${string}`;
