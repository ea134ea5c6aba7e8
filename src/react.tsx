// A client component: the build puts 'use client' at the top of dist/react.js (bundlers drop
// directives inside a bundle).
import { cloneElement, forwardRef, isValidElement, useEffect, useId, useImperativeHandle, useRef, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AMWA_EVENT_TYPES, type AmwaEventMap, type AmwaEventType } from './core/events';
import type { LocaleLoader } from './core/i18n';
import { parseSettings, ReadSettings, readSettingsInput, type AmwaSettings } from './core/settings';
import { createWidget, type AmwaHandle, type AmwaListeners, type ServerRendered, type WidgetHandle } from './mount';
import { DECLARATIVE_SHADOW_ROOT, hostIdPrefix, ServerScreen, type AmwaRequest } from './server-screen';

export type { AmwaRequest };

type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;
type PropName<K extends string> = K extends `amwa-${infer Rest}` ? `on${Pascal<Rest>}` : never;

/** `on…` callback props for every amwa event, e.g. `onGenericException` for `amwa-generic-exception`. */
export type AmwaCallbackProps = { [K in AmwaEventType as PropName<K>]?: (detail: AmwaEventMap[K]) => unknown };

/** Props of `<AmwaPortal>`. */
export type AmwaPortalProps = AmwaCallbackProps & {
  /** Settings as an object or a JSON string; a change applies in place where it can (docs/settings.md). */
  settings?: AmwaSettings | string;
  /** Loads a locale table by file name instead of the package's own chunks (read at mount). */
  loadLocale?: LocaleLoader;
  /** The fetch used for API calls (read at mount). */
  fetch?: typeof fetch;
  /** The bank's logo (e.g. an `<img>`), shown in the widget's logo slot above its screens. */
  logo?: ReactNode;
  /**
   * The request a server render answers (its address and `Cookie` header): with it, a server
   * renders the first screen into the HTML and the browser takes it over (docs/embedding.md,
   * "Server rendering"). Without it the server renders an empty element.
   */
  request?: AmwaRequest;
  /** The page's CSP nonce, for the `<style>` of the server-rendered screen (default: the `cspNonce` setting). */
  nonce?: string;
  id?: string;
  className?: string;
  style?: CSSProperties;
};

/** Maps an event name to its callback prop name: `amwa-logon-redirect` → `onLogonRedirect`. */
export function callbackPropName(type: AmwaEventType): string {
  return 'on' + type.slice(5).replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
}

/**
 * The settings prop read once per render, inside a guard (a getter, a cycle, a BigInt or a proxy
 * is a settings error, never a throw into the host's render), and the key a change is noticed by.
 */
const readProp = (settings: unknown): { read: ReadSettings; key: string } => {
  const result = readSettingsInput(settings);
  return { read: new ReadSettings(result), key: result.ok ? JSON.stringify(result.value) : `\u0000${result.field}\u0000${result.message}` };
};

/** True where the HTML parser attaches `<template shadowrootmode>` as a shadow root (Chromium 111, Firefox 123, Safari 16.4). */
const supportsDeclarativeShadowRoot = () => 'shadowRootMode' in HTMLTemplateElement.prototype;

/**
 * The first screen the server rendered into `host`'s shadow root (a declarative one), if it did,
 * hydrated by the host's React once the widget has adopted its stylesheet.
 */
function serverRenderedIn(host: HTMLElement, idPrefix: string): ServerRendered | undefined {
  const box = [...(host.shadowRoot?.children ?? [])].find((child): child is HTMLElement => child.classList.contains('amwa-root'));
  return box && { box, idPrefix, hydrate: hydrateRoot };
}

/**
 * The settings a server renders the first screen from, or none where it renders an empty element:
 * settings with a problem (the browser reports it and shows the error page) and light-DOM
 * isolation (no shadow root to declare).
 */
function firstScreenSettings(read: ReadSettings, request: AmwaRequest) {
  let origin: string;
  try {
    origin = new URL(request.url).origin;
  } catch {
    return undefined;
  }
  const parsed = parseSettings(read, origin);
  return parsed.ok && parsed.settings.isolation === 'shadow' ? parsed.settings : undefined;
}

/**
 * The amwa portal as a React component, rendered through the host's React. Given the `request`,
 * a server renders the first screen (a declarative shadow root) and the browser takes it over;
 * without, the server renders an empty host element and the browser mounts. `ref` gives the
 * widget's handle (`navigate`, `update`, `on`). A failure inside the widget never reaches the host's tree.
 */
export const AmwaPortal = forwardRef<AmwaHandle, AmwaPortalProps>(function AmwaPortal(
  { settings, loadLocale, fetch, logo, request, nonce, id, className, style, ...callbacks },
  ref,
) {
  const hostRef = useRef<HTMLDivElement>(null);
  // The same on the server and in the browser that hydrates the host's tree.
  const idPrefix = hostIdPrefix(useId());
  const handleRef = useRef<WidgetHandle | null>(null);
  // Props live in refs so a new function identity on every render neither remounts nor misses.
  const callbacksRef = useRef(callbacks as Record<string, ((detail: unknown) => unknown) | undefined>);
  callbacksRef.current = callbacks as Record<string, ((detail: unknown) => unknown) | undefined>;
  const { read, key: settingsKey } = readProp(settings);
  const serverScreen = request ? firstScreenSettings(read, request) : undefined;
  const settingsRef = useRef(read);
  settingsRef.current = read;
  const loadersRef = useRef({ loadLocale, fetch });
  loadersRef.current = { loadLocale, fetch };

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const on: AmwaListeners = {};
    for (const type of AMWA_EVENT_TYPES) {
      (on as Record<string, (detail: unknown) => unknown>)[type] = (detail) => callbacksRef.current[callbackPropName(type)]?.(detail);
    }
    const { loadLocale: initialLoader, fetch: initialFetch } = loadersRef.current;
    try {
      handleRef.current = createWidget(host, settingsRef.current, {
        on,
        deferRootUnmount: true,
        loadLocale: initialLoader && ((name, signal) => (loadersRef.current.loadLocale ?? initialLoader)(name, signal)),
        fetch: initialFetch && ((input, init) => (loadersRef.current.fetch ?? initialFetch)(input, init)),
      }, serverRenderedIn(host, idPrefix));
    } catch (error) {
      console.error('amwa <AmwaPortal>: the widget could not mount', error);
    }
    return () => {
      handleRef.current?.unmount();
      handleRef.current = null;
    };
  }, []);

  useEffect(() => {
    handleRef.current?.replace(settingsRef.current);
  }, [settingsKey]);

  useImperativeHandle(
    ref,
    () => ({
      unmount: () => handleRef.current?.unmount(),
      update: (partial) => handleRef.current?.update(partial),
      on: (type, listener) => handleRef.current?.on(type, listener) ?? (() => undefined),
      navigate: (route) => handleRef.current?.navigate(route),
    }),
    [],
  );

  return (
    <div ref={hostRef} id={id} className={className} style={style}>
      {serverScreen &&
        (typeof document === 'undefined' ? (
          <ServerScreen settings={serverScreen} request={request!} idPrefix={idPrefix} nonce={nonce ?? serverScreen.cspNonce} />
        ) : (
          // The parser made the server's <template> the element's shadow root, so it is not there
          // for React to hydrate; a browser without declarative shadow DOM kept it, empty (its
          // content is a fragment React does not see), and renders the screen anew.
          !supportsDeclarativeShadowRoot() && <template {...DECLARATIVE_SHADOW_ROOT} />
        ))}
      {isValidElement(logo) ? cloneElement(logo as ReactElement<{ slot?: string }>, { slot: 'logo' }) : logo ? <span slot="logo">{logo}</span> : null}
    </div>
  );
});
