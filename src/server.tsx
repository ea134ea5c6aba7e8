/**
 * `amwa/server`: the first screen as HTML, for a host's server (Node, or any runtime with web
 * streams). The same components, first-screen decision and texts as the browser's, rendered by
 * Preact's server renderer (bundled: the package keeps no runtime dependency) into a declarative
 * shadow root that `<amwa-portal>` hydrates when its script runs.
 */
import { renderToString as renderMarkup } from 'react-dom/server';
import { AmwaApp } from './app';
import { requestCookies } from './core/cookies';
import { firstScreen } from './core/first-screen';
import { resolveRoute } from './core/router';
import { requestHistory, requestWidgetPath, serverServices } from './core/server-services';
import { createScope } from './core/scope';
import { parseSettings, type AmwaSettings, type Settings } from './core/settings';
import { settingsErrorText } from './core/settings-report';
import { createTexts, type TextsOptions } from './core/widget-texts';
import noScript from './messages/noScript.json';
import { createRoutes } from './routes';
import { css } from './ui/styles';
import { flowCss } from './ui/flow-styles';
import { NEEDS_SCRIPT_CLASS, SERVER_MARK } from './core/server-markup';

/** The request a first screen is rendered for. */
export interface ServerRequest {
  /** The page's path (and query), as the browser asks for it: `/logon/pages/logon/scanner?x=1`. Defaults to the base path. */
  path?: string;
  /** The request's `Cookie` header, or its cookies by name: they decide the first screen as in the browser. */
  cookies?: string | Readonly<Record<string, string>>;
  /** The page's CSP nonce, put on the shadow root's `<style>` (defaults to the settings' `cspNonce`). */
  nonce?: string;
  /** The page's origin (`https://bank.example`): links and relative API addresses resolve against it as in the browser. */
  origin?: string;
}

/** One settings problem, as the browser's console error names it. */
export interface ServerSettingsProblem {
  field: string;
  message: string;
}

/** What `renderToString` returns. */
export interface ServerRender {
  /** The `<amwa-portal settings='…'>` element: with the first screen inside, or empty (the browser renders) when none could be rendered. */
  html: string;
  /** The route whose screen is inside (`/`, `/pages/logon/scanner`, …); undefined when the element is empty. */
  screen: string | undefined;
  /** The settings problems, reported to the console as the browser reports them; empty when the settings are good. */
  problems: ServerSettingsProblem[];
}

/** Options of `renderToString` beyond the request. */
export interface ServerRenderOptions extends TextsOptions {
  /** The custom element's tag name, if the page registers it under another one. */
  tagName?: string;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Reveals the no-script note 3 s after it was parsed, unless the widget's script removed it by
 * then: a script that is merely slow shows no note, a page without script says why nothing
 * happens. It takes no room until shown. Server-only: the browser's stylesheet never needs it.
 */
const needsScriptCss = `.${NEEDS_SCRIPT_CLASS}{max-height:0;overflow:hidden;margin:0;animation:amwa-needs-script 0s 3s forwards}@keyframes amwa-needs-script{to{max-height:20em;margin-top:var(--_amwa-space-4)}}`;

/**
 * Renders the first screen of the widget for one request: the `<amwa-portal>` element with the
 * screen that the address and the cookies open (as the browser decides), its texts and its
 * styles inside a declarative shadow root (`<template shadowrootmode="open">`). Async: the screen's
 * locale table is read from the package's own files (or `loadLocale`, `localesUrl`) first.
 * Never throws for any settings value: bad settings are reported to the console as in the
 * browser and give the element without a screen, where the browser shows its error page.
 */
export async function renderToString(input: AmwaSettings | string = {}, request: ServerRequest = {}, options: ServerRenderOptions = {}): Promise<ServerRender> {
  const tag = options.tagName ?? 'amwa-portal';
  const attribute = typeof input === 'string' ? input : JSON.stringify(input);
  const element = (inside = '') => `<${tag} settings='${escapeAttribute(attribute ?? '')}'>${inside}</${tag}>`;
  const origin = request.origin ?? 'http://localhost';
  const parsed = parseSettings(input, origin);
  if (!parsed.ok) {
    console.error(settingsErrorText(parsed.message, true));
    return { html: element(), screen: undefined, problems: [{ field: parsed.field, message: parsed.message }] };
  }
  const settings = parsed.settings;
  // Light DOM is the host page's own styles and ids: only the shadow root is rendered on a server.
  if (settings.isolation !== 'shadow') return { html: element(), screen: undefined, problems: [] };
  const url = new URL(request.path ?? (settings.basePath || '/'), origin);
  const widgetPath = requestWidgetPath(settings, url);
  const cookies = requestCookies(settings, request.cookies);
  const decided = firstScreen(new URL(widgetPath, 'http://x').pathname, cookies.logonType.get());
  const scope = createScope();
  try {
    const texts = createTexts(settings, options, scope, () => undefined);
    await texts.complete();
    const i18n = texts.store.get()!;
    const resolved = resolveRoute(createRoutes(cookies), decided.path);
    const page = resolved.kind === 'component' ? resolved.component : await resolved.load();
    const markup = renderMarkup(
      <AmwaApp services={serverServices(settings, { cookies, i18n, scope, textsComplete: true })} history={requestHistory(widgetPath, settings.basePath, request.origin && url.href)} firstPage={{ path: resolved.path, page }} />,
    );
    const nonce = request.nonce ?? settings.cspNonce;
    const styles = css + (decided.screen === '/' ? '' : flowCss + needsScriptCss);
    // A step other than Home needs the script to go on: said plainly, and removed by the script.
    const needsScript = (noScript[i18n.locale.split('-')[0] as keyof typeof noScript] ?? noScript.en).needsScript;
    const note = decided.screen === '/' ? '' : `<p class="${NEEDS_SCRIPT_CLASS}" role="note">${escapeText(needsScript)}</p>`;
    const root = `<div class="amwa-root" ${SERVER_MARK} data-channel="${settings.channel === 'orange' ? 'orange' : 'blue'}" data-session-leader="false" lang="${escapeAttribute(i18n.locale)}">${markup}${note}</div>`;
    const style = `<style${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>${styles}</style>`;
    return { html: element(`<template shadowrootmode="open">${style}${root}</template>`), screen: decided.screen, problems: [] };
  } catch (error) {
    // The browser renders the screen then, as without a server.
    console.warn('amwa/server: the first screen could not be rendered on the server; the browser renders it', error);
    return { html: element(), screen: undefined, problems: [] };
  } finally {
    scope.dispose();
  }
}
