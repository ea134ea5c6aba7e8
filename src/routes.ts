import type { ComponentType } from 'react';
import type { Cookies } from './core/cookies';
import type { Route } from './core/router';
import { ErrorPage } from './pages/error-page';
import { Home } from './pages/home';
import { NotFound } from './pages/not-found';

/** A screen of the widget: takes no props, reads everything from context. */
export type Page = ComponentType;

/** Where the index sends a returning user, by remembered logon type. */
export const LOGON_PATHS = { mobile: '/pages/logon/mobile', scanner: '/pages/logon/scanner' } as const;

/** The route table of spec section 2; pages other than Home, Error and Not-found load on demand. */
export function createRoutes(cookies: Cookies): Route<Page>[] {
  return [
    {
      path: '/',
      action: () => {
        const type = cookies.logonType.get();
        return type ? LOGON_PATHS[type] : undefined;
      },
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
        { path: '/error', component: ErrorPage },
        { path: '/not-found', component: NotFound },
      ],
    },
    { path: '*', component: NotFound },
  ];
}
