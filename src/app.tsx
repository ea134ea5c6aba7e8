import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { RouterProvider, ServicesProvider, type AmwaServices, type RouterApi } from './context';
import { loadChunk, resolveRoute, SESSION_EXPIRED, splitSessionExpired, type History, type Location } from './core/router';
import { createRoutes, ERROR_PATH, type Page } from './routes';
import { Alert } from './ui/alert';
import { DialogRootContext, StyleScopeContext } from './ui/dialog-root';
import { Spinner } from './ui/spinner';

type View = { status: 'loading' | 'unavailable'; path: string } | { status: 'ready'; path: string; page: Page };

/** Renders the page for the current location, loading bundles on demand and routing failures to the error page. */
export function AmwaApp({ services, history }: { services: AmwaServices; history: History }) {
  const { settings, emit, errors, scope, i18n } = services;
  const routes = useMemo(() => createRoutes(services.cookies), [services.cookies]);
  const [location, setLocation] = useState<Location>(history.location);
  const [view, setView] = useState<View>({ status: 'loading', path: '' });
  const containerRef = useRef<HTMLDivElement>(null);
  const navigated = useRef(false);
  const { path, sessionExpired } = splitSessionExpired(location.path);
  const styleScope = useMemo(
    () => ({ root: services.portalRoot.getRootNode() as ShadowRoot | Document, nonce: settings.cspNonce }),
    [services.portalRoot, settings.cspNonce],
  );

  useEffect(() => history.listen(() => setLocation(history.location())), [history]);

  const router = useMemo<RouterApi>(
    () => ({
      location,
      sessionExpired,
      href: (to) => (settings.routing === 'history' ? settings.basePath + to : '#'),
      navigate(to, options = {}) {
        navigated.current = true;
        if (options.fullPage && settings.routing === 'history') history.load(to);
        else if (options.replace) history.replace(to);
        else history.push(to);
      },
    }),
    [location, sessionExpired, history, settings],
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
      if (resolved.kind === 'component') setView({ status: 'ready', path, page: resolved.component });
      else {
        setView({ status: 'loading', path });
        loadChunk(resolved.path, resolved.load, pageScope).then(
          (page) => pageScope.disposed || setView({ status: 'ready', path, page }),
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
  }, [routes, path, location, sessionExpired, history, scope, errors, emit]);

  useEffect(() => {
    // Moving focus to the new screen's heading tells screen-reader users the page changed;
    // on the first render focus stays where the host page has it.
    if (view.status !== 'ready' || !navigated.current) return;
    containerRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [view]);

  const Current = view.status === 'ready' ? view.page : null;
  return (
    <ServicesProvider value={services}>
      <RouterProvider value={router}>
        <DialogRootContext.Provider value={services.portalRoot}>
        <StyleScopeContext.Provider value={styleScope}>
        <div ref={containerRef} className="amwa-app" aria-busy={view.status === 'loading'}>
          {sessionExpired && <Alert variant="info">{i18n.t('shell.sessionExpired')}</Alert>}
          <PageBoundary services={services} resetKey={view.path}>
            {Current ? (
              <Current />
            ) : view.status === 'unavailable' ? (
              <div className="amwa-page">
                <Alert variant="error" title={i18n.t('errorPage.title')}>
                  <p>{i18n.t('errorPage.retry')}</p>
                </Alert>
              </div>
            ) : (
              <Spinner label={i18n.t('common.loading')} />
            )}
          </PageBoundary>
        </div>
        </StyleScopeContext.Provider>
        </DialogRootContext.Provider>
      </RouterProvider>
    </ServicesProvider>
  );
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
