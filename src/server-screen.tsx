// The first screen of `<AmwaPortal>` as a server renders it (React's own server renderer, through
// the host's React): the widget's components in a declarative shadow root, decided from the
// request's address and cookies as the client decides it. Imported only where a server renders.
import { AmwaApp } from './app';
import type { AmwaServices, LiveState } from './context';
import { requestCookies } from './core/cookies';
import { createStore } from './core/flows/store';
import { bundledI18n } from './core/i18n';
import { createRequestHistory } from './core/router';
import { createScope } from './core/scope';
import type { Settings } from './core/settings';
import { css } from './ui/styles';

/** What a server render knows of the request its page answers. */
export interface AmwaRequest {
  /** The page's full address as the browser asked for it (`https://bank.example/access/`): the route under `basePath`, and the origin links carry. */
  url: string;
  /** The request's `Cookie` header: the remembered logon type decides the first screen. */
  cookies?: string;
}

/** The widget's element id prefix for a host-rendered widget: derived from the host's `useId`, the same on the server and in the browser. */
export const hostIdPrefix = (hostId: string): string => `amwa${hostId.replace(/[^\w-]/g, '')}-`;

/** React has no typed prop for it: the attribute that makes the HTML parser attach the template as an open shadow root. */
export const DECLARATIVE_SHADOW_ROOT: Record<string, string> = { shadowrootmode: 'open' };

/** A service only the browser has: a component may take it in its render, using it (in an effect, a handler) throws. */
const browserOnly = <T extends object>(what: string): T =>
  new Proxy({} as T, {
    get() {
      throw new Error(`amwa: ${what} is not available in a server render`);
    },
  });

/**
 * The services a server render reads: settings, texts, the request's cookies and address. What
 * only a browser does (API calls, the session, analytics) throws where it is used, which the
 * first screen does only in effects and handlers, which a server never runs; events go nowhere.
 */
function serverServices(settings: Settings, request: AmwaRequest, idPrefix: string): AmwaServices {
  // English renders at once from the bundled texts, as in the browser; another language shows the
  // loading shell until its table is there, in the browser's first render as here.
  const i18n = settings.locale.startsWith('en-') ? bundledI18n(settings.locale, settings.messages) : undefined;
  const live = createStore<LiveState>({ settings, i18n, revision: 0 });
  return {
    settings,
    get i18n() {
      const current = live.get().i18n;
      if (!current) throw new Error('amwa: texts are not loaded yet');
      return current;
    },
    emit: () => undefined,
    on: () => () => undefined,
    scope: createScope(),
    api: browserOnly('the API'),
    errors: browserOnly('error handling'),
    traceLog: browserOnly('the trace log'),
    cookies: requestCookies(settings, request.cookies ?? ''),
    analytics: browserOnly('analytics'),
    session: browserOnly('the session'),
    idPrefix,
    portalRoot: undefined,
    activityTargets: [],
    live,
    // The page a route needs beyond Home is the browser's to load: the server shows the shell.
    completeTexts: () => new Promise<void>(() => undefined),
    ready: () => undefined,
  };
}

/** Props of {@link ServerScreen}. */
export interface ServerScreenProps {
  settings: Settings;
  request: AmwaRequest;
  idPrefix: string;
  /** The page's CSP nonce, for the shadow root's `<style>`. */
  nonce?: string;
}

/**
 * The declarative shadow root of a server-rendered `<AmwaPortal>`: the widget's stylesheet (with
 * the nonce) and its root box holding the first screen: Home, or the loading shell where a page
 * of its own loads (the scanner logon of a returning user), holding Home's space.
 */
export function ServerScreen({ settings, request, idPrefix, nonce }: ServerScreenProps) {
  const services = serverServices(settings, request, idPrefix);
  return (
    <template {...DECLARATIVE_SHADOW_ROOT}>
      <style nonce={nonce}>{css}</style>
      <div className="amwa-root" data-channel={settings.channel === 'orange' ? 'orange' : 'blue'} data-session-leader="false" lang={services.live.get().i18n?.locale ?? settings.language}>
        <AmwaApp services={services} history={createRequestHistory(settings.basePath, request.url)} />
      </div>
    </template>
  );
}
