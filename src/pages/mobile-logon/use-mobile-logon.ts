import { useEffect, useRef, useState } from 'react';
import { useAmwa } from '../../context';
import { mobileLogon } from '../../core/flows/mobile-logon';
import { createQr, type QrController, type QrMode, type QrState, type Visibility } from '../../core/flows/qr';
import type { Scope } from '../../core/scope';

/** The document's visibility, its listener owned by `scope`. */
const documentVisibility = (scope: Scope): Visibility => ({
  hidden: () => document.visibilityState === 'hidden',
  onChange: (fn) => scope.listen(document, 'visibilitychange', fn),
});

const leave = (url: string) => window.location.assign(url);

/** Runs the QR machine of `mode` while the page is shown; a confirmed code logs on (or links). */
export function useMobileLogon(mode: QrMode): { state: QrState; refresh(): void } {
  const { api, errors, scope, settings, cookies, emit } = useAmwa();
  const [state, setState] = useState<QrState>({ status: 'loading', attempt: 0 });
  const controller = useRef<QrController>(undefined);

  useEffect(() => {
    const qr = createQr({
      api,
      errors,
      scope,
      mode,
      qrTimeout: settings.qrTimeout,
      visibility: documentVisibility(scope),
      onConfirmed: mobileLogon({ api, settings, cookies, emit, mode, base: window.location.href, leave }),
    });
    controller.current = qr;
    setState(qr.getState());
    const off = qr.subscribe(setState);
    return () => {
      off();
      qr.dispose();
      controller.current = undefined;
    };
  }, [api, errors, scope, settings, cookies, emit, mode]);

  return { state, refresh: () => controller.current?.refresh() };
}
