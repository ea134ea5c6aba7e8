// A client component: the build puts 'use client' at the top of dist/react.js (bundlers drop
// directives inside a bundle).
import { cloneElement, forwardRef, isValidElement, useEffect, useImperativeHandle, useRef, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { AMWA_EVENT_TYPES, type AmwaEventMap, type AmwaEventType } from './core/events';
import type { LocaleLoader } from './core/i18n';
import { ReadSettings, readSettingsInput, type AmwaSettings } from './core/settings';
import { createWidget, type AmwaHandle, type AmwaListeners, type WidgetHandle } from './mount';

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

/**
 * The amwa portal as a React component, rendered through the host's React. Renders an empty host
 * element on the server and mounts on the client; `ref` gives the widget's handle (`navigate`,
 * `update`, `on`). A failure inside the widget never reaches the host's tree.
 */
export const AmwaPortal = forwardRef<AmwaHandle, AmwaPortalProps>(function AmwaPortal(
  { settings, loadLocale, fetch, logo, id, className, style, ...callbacks },
  ref,
) {
  const hostRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<WidgetHandle | null>(null);
  // Props live in refs so a new function identity on every render neither remounts nor misses.
  const callbacksRef = useRef(callbacks as Record<string, ((detail: unknown) => unknown) | undefined>);
  callbacksRef.current = callbacks as Record<string, ((detail: unknown) => unknown) | undefined>;
  const { read, key: settingsKey } = readProp(settings);
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
      });
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
      {isValidElement(logo) ? cloneElement(logo as ReactElement<{ slot?: string }>, { slot: 'logo' }) : logo ? <span slot="logo">{logo}</span> : null}
    </div>
  );
});
