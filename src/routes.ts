import type { ComponentType } from 'react';
import type { Cookies } from './core/cookies';
import { indexRedirect } from './core/first-screen';
import type { Route } from './core/router';
import { Home } from './pages/home';

/** A screen of the widget: takes no props, reads everything from context. */
export type Page = ComponentType;

const notFound = () => import('./pages/not-found').then((m) => m.NotFound);

/** Where generic errors end; when even its chunk cannot be fetched the shell shows a built-in notice. */
export const ERROR_PATH = '/pages/error';

/** The route table of spec section 2; every page but Home loads on demand. */
export function createRoutes(cookies: Cookies): Route<Page>[] {
  return [
    {
      path: '/',
      // The same decision the server renderers make (core/first-screen.ts).
      action: () => indexRedirect(cookies.logonType.get()),
      component: Home,
    },
    { path: '/index.html', redirect: '/' },
    {
      path: '/pages',
      children: [
        { path: '/access-protection', bundle: () => import('./pages/access-protection').then((m) => m.AccessProtection) },
        { path: '/activate-scanner', bundle: () => import('./pages/activation/activate-scanner').then((m) => m.ActivateScanner) },
        { path: '/link-ib-user', bundle: () => import('./pages/link-user').then((m) => m.LinkUser) },
        { path: '/link-ib-user/mobile', bundle: () => import('./pages/mobile-logon/mobile-logon').then((m) => m.LinkMobile) },
        { path: '/logon/mobile', bundle: () => import('./pages/mobile-logon/mobile-logon').then((m) => m.MobileLogon) },
        { path: '/logon/scanner', bundle: () => import('./pages/scanner-logon/scanner-logon').then((m) => m.ScannerLogonPage) },
        { path: '/logout', bundle: () => import('./pages/logged-off').then((m) => m.LoggedOff) },
        { path: '/error', bundle: () => import('./pages/error-page').then((m) => m.ErrorPage) },
        { path: '/not-found', bundle: notFound },
      ],
    },
    { path: '*', bundle: notFound },
  ];
}
