// Type tests, checked by `tsc --noEmit` (npm run typecheck): what a host's compiler accepts and
// refuses in amwa's public API. Every @ts-expect-error below fails the typecheck if the line compiles.
import { defineAmwaElement, mount, type AmwaRoute } from 'amwa';
import { AmwaPortal } from 'amwa/react';

defineAmwaElement();
const handle = mount(document.createElement('div'), { routing: 'memory' });

// handle.on knows every amwa event and types its detail.
handle.on('amwa-logon-redirect', (detail) => detail.url.toUpperCase());
handle.on('amwa-ready', ({ path, locale }) => `${path} ${locale}`);
handle.on('amwa-generic-exception', (detail) => detail.origin.length);
// @ts-expect-error an unknown amwa event
handle.on('amwa-redy', () => undefined);
// @ts-expect-error not an amwa event at all
handle.on('click', () => undefined);
// @ts-expect-error the detail of amwa-ready has no url
handle.on('amwa-ready', (detail) => detail.url);

// mount's `on` option: the same names.
mount(document.createElement('div'), {}, { on: { 'amwa-page-load': ({ pageName }) => pageName.length } });
// @ts-expect-error an unknown amwa event in mount's options
mount(document.createElement('div'), {}, { on: { 'amwa-page-lod': () => undefined } });

// <amwa-portal>: amwa events are typed, other DOM events pass, unknown amwa- names fail.
const element = document.createElement('amwa-portal');
element.addEventListener('amwa-logon-redirect', (event) => event.detail.logonType);
element.addEventListener('keydown', (event) => event.key);
element.addEventListener('my-host-event', () => undefined);
const someName: string = 'amwa-ready';
element.addEventListener(someName, () => undefined);
// @ts-expect-error an unknown amwa event on the element
element.addEventListener('amwa-logon-redirekt', () => undefined);
// @ts-expect-error an unknown amwa event on the element, removing
element.removeEventListener('amwa-redy', () => undefined);
element.handle?.on('amwa-next', ({ flow, step }) => flow + step);
// @ts-expect-error an unknown amwa event through the element's handle
element.handle?.on('amwa-nxt', () => undefined);

// <AmwaPortal>: a callback prop per event, and no other.
AmwaPortal({ onLogonRedirect: ({ url }) => url });
// @ts-expect-error an unknown callback prop
AmwaPortal({ onLogonRedirekt: () => undefined });

// navigate() knows the routes.
handle.navigate('/');
handle.navigate('/pages/logon/scanner');
handle.navigate('/pages/link-ib-user/mobile');
handle.navigate('/pages/error?trace-id=abc');
handle.navigate('/pages/logon/scanner/sessionExpired');
const route: AmwaRoute = '/pages/activate-scanner';
handle.navigate(route);
// @ts-expect-error not a route of the widget
handle.navigate('/pages/logon/scaner');
// @ts-expect-error a route needs its leading slash
handle.navigate('pages/logon/mobile');
// @ts-expect-error any string is not a route
handle.navigate(someName);
