import { Component, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LiveProvider, RouterProvider, ServicesProvider, type AmwaServices, type RouterApi } from './context';
import { LOADING_TEXT } from './core/locale-files';
import { nextTask } from './core/when-idle';
import { loadChunk, pageUrl, resolveRoute, SESSION_EXPIRED, splitSessionExpired, type History, type Location, type Route } from './core/router';
import { createRoutes, ERROR_PATH, type Page } from './routes';
import { Alert } from './ui/alert';
import { DialogRootContext, StyleScopeContext } from './ui/dialog-root';
import { WidgetIdContext } from './ui/widget-id';
import { Spinner } from './ui/spinner';

/** A page's chunk and texts, loading since the first render. */
type EarlyLoad = { path: string; page: Promise<Page> };

/** The first screen, loaded before the first render: a server renders it, and the browser takes the server's over as it is. */
export type FirstPage = { path: string; page: Page };

type View = { status: 'loading' | 'unavailable'; path: string } | { status: 'ready'; path: string; page: Page };

/** Renders the page for the current location, loading bundles on demand and routing failures to the error page. */
export function AmwaApp({ services, history, firstPage }: { services: AmwaServices; history: History; firstPage?: FirstPage }) {
  const { emit, errors, scope } = services;
  // Taking a server-rendered screen over, React renders what the server rendered first, then the current state.
  const live = useSyncExternalStore(services.live.subscribe, services.live.get, () => services.serverLive ?? services.live.get());
  const { settings, i18n } = live;
  const routes = useMemo(() => createRoutes(services.cookies), [services.cookies]);
  const [location, setLocation] = useState<Location>(history.location);
  const { path, sessionExpired } = splitSessionExpired(location.path);
  // Home is part of the entry: it renders in the very first frame, not after an effect.
  // A page opened directly starts loading in the first render; the route effect takes that load over.
  const early = useRef<EarlyLoad | undefined>(undefined);
  const [view, setView] = useState<View>(() => (firstPage ? { status: 'ready', ...firstPage } : firstView(routes, path, services, early)));
  // The page taken over from the server's markup is on screen already: its route effect keeps it.
  const adopted = useRef(firstPage?.path);
  const containerRef = useRef<HTMLDivElement>(null);
  const navigated = useRef(false);
  const styleScope = useMemo(
    () => services.portalRoot && { root: services.portalRoot.getRootNode() as ShadowRoot | Document, nonce: settings.cspNonce },
    [services.portalRoot, settings.cspNonce],
  );

  useEffect(() => {
    const sync = () => setLocation((shown) => (sameLocation(shown, history.location()) ? shown : history.location()));
    const stop = history.listen(sync);
    // The first render comes before this effect: a navigation in between (a host's navigate() as
    // soon as Home is on screen) notified no one, so read the location once more.
    sync();
    return stop;
  }, [history]);

  const router = useMemo<RouterApi>(
    () => ({
      location,
      sessionExpired,
      href: (to) => (settings.routing === 'history' ? (history.href?.(to) ?? pageUrl(settings.basePath, to)) : '#'),
      navigate(to, options = {}) {
        navigated.current = true;
        if (options.fullPage && settings.routing === 'history') history.load(to);
        else if (options.replace) history.replace(to);
        else history.push(to);
      },
      prefetch(to) {
        try {
          const resolved = resolveRoute(routes, splitSessionExpired(new URL(to, 'http://x').pathname).path);
          if (resolved.kind === 'bundle') void Promise.all([resolved.load(), services.completeTexts()]).catch(() => undefined);
        } catch {
          // Nothing to warm up for a path without a route; following the link reports it.
        }
      },
    }),
    [location, sessionExpired, history, settings, routes, services],
  );

  useEffect(() => {
    const pageScope = scope.child();
    try {
      const resolved = resolveRoute(routes, path);
      // A redirect (the index to the remembered logon page) changes the address, not only the page.
      if (resolved.path !== path && path === '/') {
        history.replace(resolved.path + (sessionExpired ? SESSION_EXPIRED : '') + location.search + location.hash);
        return () => pageScope.dispose();
      }
      if (resolved.kind === 'component') setView((current) => (current.status === 'ready' && current.path === path ? current : { status: 'ready', path, page: resolved.component }));
      else if (adopted.current === resolved.path) adopted.current = undefined;
      else {
        setView({ status: 'loading', path });
        // A page other than Home needs the full table of the locale, fetched beside its chunk, and
        // may trace its milestones.
        services.traceLog.warm();
        const started = early.current?.path === resolved.path ? early.current.page : undefined;
        early.current = undefined;
        const load = () => started ?? Promise.all([resolved.load(), services.completeTexts()]).then(([page]) => page);
        loadChunk(resolved.path, load, pageScope).then(
          // Evaluating the chunk took a task; the page renders in a task of its own, so a page
          // opened directly is not one long task on a slow phone.
          (page) => pageScope.disposed || nextTask(pageScope, () => setView({ status: 'ready', path, page })),
          (error) => {
            if (pageScope.disposed) return;
            // Sending a failed error page to the error page would loop; say it in the shell instead.
            if (path === ERROR_PATH) setView({ status: 'unavailable', path });
            else errors.handle(error, { origin: 'router' });
          },
        );
      }
    } catch (error) {
      errors.handle(error, { origin: 'router' });
    }
    emit('amwa-route-change', { path: location.path });
    return () => pageScope.dispose();
  }, [routes, path, location, sessionExpired, history, scope, errors, emit, services]);

  useEffect(() => {
    // Moving focus to the new screen's heading tells screen-reader users the page changed;
    // on the first render focus stays where the host page has it.
    if (view.status !== 'ready' || !navigated.current) return;
    containerRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [view]);

  const Current = view.status === 'ready' && i18n ? view.page : null;
  useEffect(() => {
    if (Current) services.ready();
  }, [Current, services]);

  return (
    <ServicesProvider value={services}>
      <LiveProvider value={live}>
      <RouterProvider value={router}>
        <DialogRootContext.Provider value={services.portalRoot}>
        <StyleScopeContext.Provider value={styleScope}>
        <WidgetIdContext.Provider value={services.idPrefix}>
        <div ref={containerRef} className="amwa-app" aria-busy={!Current && view.status !== 'unavailable'}>
          {/* A host's <img slot="logo"> shows here in shadow mode (docs/theming.md). */}
          <div className="amwa-logo">
            <slot name="logo" />
          </div>
          {sessionExpired && i18n && <Alert variant="info">{i18n.t('shell.sessionExpired')}</Alert>}
          <PageBoundary services={services} resetKey={view.path}>
            {Current ? (
              <Current />
            ) : view.status === 'unavailable' && i18n ? (
              <div className="amwa-page">
                <Alert variant="error" title={i18n.t('errorPage.title')}>
                  <p>{i18n.t('errorPage.retry')}</p>
                </Alert>
              </div>
            ) : (
              // Shown after a short delay (styles), so a fast load never flashes a spinner.
              <Spinner className="amwa-loading" label={i18n?.t('common.loading') ?? LOADING_TEXT[settings.language] ?? LOADING_TEXT.en!} />
            )}
          </PageBoundary>
        </div>
        </WidgetIdContext.Provider>
        </StyleScopeContext.Provider>
        </DialogRootContext.Provider>
      </RouterProvider>
      </LiveProvider>
    </ServicesProvider>
  );
}

const sameLocation = (a: Location, b: Location) => a.path === b.path && a.search === b.search && a.hash === b.hash;

/**
 * The view of the first render: ready at once when the route is a component of the entry; else
 * its chunk and the full texts start loading now, a frame before the route effect asks for them.
 */
function firstView(routes: Route<Page>[], path: string, services: AmwaServices, early: { current?: EarlyLoad }): View {
  try {
    const resolved = resolveRoute(routes, path);
    if (resolved.kind === 'component') return { status: 'ready', path, page: resolved.component };
    const page = Promise.all([resolved.load(), services.completeTexts()]).then(([loaded]) => loaded);
    page.catch(() => undefined);
    early.current = { path: resolved.path, page };
  } catch {
    // The route effect reports it.
  }
  return { status: 'loading', path: '' };
}

interface BoundaryProps {
  services: AmwaServices;
  resetKey: string;
  children: ReactNode;
}

/** Turns a render error of a page into the shared generic error handling instead of a blank widget. */
class PageBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.services.errors.handle(error, { origin: 'render' });
  }
  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
