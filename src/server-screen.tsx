// The first screen of `<AmwaPortal>` as a server renders it (React's own server renderer, through
// the host's React): the widget's components in a declarative shadow root, decided from the
// request's address and cookies as the client decides it. Imported only where a server renders.
import { AmwaApp } from './app';
import { requestCookies } from './core/cookies';
import { bundledI18n } from './core/i18n';
import { requestHistory, requestWidgetPath, serverServices } from './core/server-services';
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
  // English renders at once from the bundled texts, as in the browser; another language shows the
  // loading shell until its table is there, in the browser's first render as here.
  const i18n = settings.locale.startsWith('en-') ? bundledI18n(settings.locale, settings.messages) : undefined;
  const cookies = requestCookies(settings, request.cookies);
  const services = serverServices(settings, { cookies, i18n, scope: createScope(), idPrefix, textsComplete: false });
  const url = new URL(request.url);
  return (
    <template {...DECLARATIVE_SHADOW_ROOT}>
      <style nonce={nonce}>{css}</style>
      <div className="amwa-root" data-channel={settings.channel === 'orange' ? 'orange' : 'blue'} data-session-leader="false" lang={i18n?.locale ?? settings.language}>
        <AmwaApp services={services} history={requestHistory(requestWidgetPath(settings, url), settings.basePath, url.href)} />
      </div>
    </template>
  );
}
