import { useEffect, useRef, useState } from 'react';
import { useAmwa } from '../../context';
import { mobileLogon, prepareQrSession } from '../../core/flows/mobile-logon';
import { createQr, type QrController, type QrMode, type QrState, type Visibility } from '../../core/flows/qr';
import type { Scope } from '../../core/scope';
import type { Session } from '../../core/session';
import { nextTask } from '../../core/when-idle';

/** The document's visibility, its listener owned by `scope`. */
const documentVisibility = (scope: Scope): Visibility => ({
  hidden: () => document.visibilityState === 'hidden',
  onChange: (fn) => scope.listen(document, 'visibilitychange', fn),
});

const leave = (url: string) => window.location.assign(url);

/**
 * Runs the QR machine of `mode` while the page is shown, once the session layer has loaded; a
 * logon QR code is tied to an anonymous session made first, and a confirmed code logs on (or links).
 */
export function useMobileLogon(mode: QrMode): { state: QrState; refresh(): void } {
  const { api, errors, scope: root, settings, cookies, emit, traceLog, session: sessionLayer } = useAmwa();
  const [state, setState] = useState<QrState>({ status: 'loading', attempt: 0 });
  const controller = useRef<QrController>(undefined);

  useEffect(() => {
    const scope = root.child();
    let stop = () => {};
    const start = (session: Session) => {
      if (scope.disposed) return;
      const qr = createQr({
        api,
        errors,
        scope,
        mode,
        qrTimeout: settings.qrTimeout,
        visibility: documentVisibility(scope),
        prepare: mode === 'logon' ? prepareQrSession(session) : undefined,
        logonCookies: session,
        onConfirmed: mobileLogon({ api, settings, cookies, emit, traceLog, session, mode, base: window.location.href, leave }),
      });
      controller.current = qr;
      setState(qr.getState());
      const off = qr.subscribe(setState);
      stop = () => {
        off();
        qr.dispose();
      };
    };
    // The session layer is created in a task of its own; the QR machine, its first call and the
    // render of its state take the next one, so neither is a long task on a slow phone.
    void sessionLayer.then(
      (session) => nextTask(scope, () => start(session)),
      (error: unknown) => scope.disposed || errors.handle(error, { origin: 'session' }),
    );
    return () => {
      stop();
      scope.dispose();
      controller.current = undefined;
    };
  }, [api, errors, root, settings, cookies, emit, traceLog, sessionLayer, mode]);

  return { state, refresh: () => controller.current?.refresh() };
}
