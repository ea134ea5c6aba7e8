import { useEffect, useRef, type CSSProperties } from 'react';
import { AMWA_EVENT_TYPES, type AmwaEventMap, type AmwaEventType } from './core/events';
import type { SettingsInput } from './core/settings';
import { mount, type AmwaHandle, type AmwaListeners } from './mount';

type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;
type PropName<K extends string> = K extends `amwa-${infer Rest}` ? `on${Pascal<Rest>}` : never;

/** `on…` callback props for every amwa event, e.g. `onGenericException` for `amwa-generic-exception`. */
export type AmwaCallbackProps = { [K in AmwaEventType as PropName<K>]?: (detail: AmwaEventMap[K]) => void };

/** Props of `<AmwaPortal>`. */
export type AmwaPortalProps = AmwaCallbackProps & {
  /** Settings as an object or a JSON string; a change re-renders the widget with the new settings. */
  settings: SettingsInput | string;
  className?: string;
  style?: CSSProperties;
};

/** Maps an event name to its callback prop name: `amwa-logon-redirect` → `onLogonRedirect`. */
export function callbackPropName(type: AmwaEventType): string {
  return 'on' + type.slice(5).replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
}

/** The amwa portal as a React component; renders an empty host on the server and mounts on the client. */
export function AmwaPortal({ settings, className, style, ...callbacks }: AmwaPortalProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<AmwaHandle | null>(null);
  // Callbacks live in a ref so a new function identity on every render does not remount the widget.
  const callbacksRef = useRef(callbacks as Record<string, ((detail: unknown) => void) | undefined>);
  callbacksRef.current = callbacks as Record<string, ((detail: unknown) => void) | undefined>;
  const settingsKey = typeof settings === 'string' ? settings : JSON.stringify(settings);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const on: AmwaListeners = {};
    for (const type of AMWA_EVENT_TYPES) {
      (on as Record<string, (detail: unknown) => void>)[type] = (detail) => callbacksRef.current[callbackPropName(type)]?.(detail);
    }
    const handle = mount(host, settingsKey, { on });
    handleRef.current = handle;
    return () => {
      handle.unmount();
      handleRef.current = null;
    };
  }, [settingsKey]);

  return <div ref={hostRef} className={className} style={style} />;
}
