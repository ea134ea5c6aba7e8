import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useAmwa, useRouter } from '../../context';
import type { ColourCodeState } from '../../core/flows/colour-code';
import { createInactivityTimer, type InactivityTimer } from '../../core/flows/inactivity';
import { createScannerLogon, type ScannerLogon, type ScannerLogonState } from '../../core/flows/scanner-logon';
import { SESSION_EXPIRED, splitSessionExpired } from '../../core/router';
import type { Scope } from '../../core/scope';
import type { Session } from '../../core/session';
import { nextTask } from '../../core/when-idle';

/** The scanner logon of one screen and the inactivity limit that guards it. */
export interface ScannerLogonFlow {
  logon: ScannerLogon;
  inactivity: InactivityTimer;
}

const leave = (url: string) => window.location.assign(url);

/** What the screen hears from its inactivity limit. */
export interface InactivityCallbacks {
  /** 30 s left: open the warning. */
  onWarn(): void;
  /** The limit is reached: close the warning. */
  onExpire(): void;
}

/**
 * Runs the scanner logon while the screen is shown, once the session layer has loaded. Activity on
 * the page restarts the inactivity count; at the limit the session ends and the browser goes to
 * the session-expired variant of the page (then on to a corporate-portal logout, if the logout names one).
 */
export function useScannerLogonFlow(callbacks: InactivityCallbacks): ScannerLogonFlow | undefined {
  const services = useAmwa();
  const router = useRouter();
  const [flow, setFlow] = useState<ScannerLogonFlow>();
  // Callbacks in refs: the flow lives as long as the screen, whatever the router and parent pass next.
  const latest = useRef({ router, callbacks });
  useLayoutEffect(() => {
    latest.current = { router, callbacks };
  });

  useEffect(() => {
    const { api, scope: root, settings, cookies, emit, errors, traceLog } = services;
    const scope = root.child();
    const start = (session: Session) => {
      if (scope.disposed) return;
      const logon = createScannerLogon({ api, session, scope, settings, cookies, emit, errors, traceLog, base: window.location.href, leave, initialUserId: cookies.userId.get() });
      const inactivity = createInactivityTimer({
        scope,
        activity: services.activityTargets,
        limitS: settings.inactivityTimeoutLogonS,
        onWarn: () => latest.current.callbacks.onWarn(),
        onExpire() {
          latest.current.callbacks.onExpire();
          void logon.endSession();
          const { location, navigate } = latest.current.router;
          navigate(splitSessionExpired(location.path).path + SESSION_EXPIRED);
        },
      });
      inactivity.start();
      setFlow({ logon, inactivity });
    };
    // The session layer is created in a task of its own; the flow and the screen's first render
    // take the next one (together they ran over 50 ms on a slow phone, the page opened directly).
    void services.session.then(
      (session) => nextTask(scope, () => start(session)),
      (error: unknown) => scope.disposed || errors.handle(error, { origin: 'session' }),
    );
    return () => scope.dispose();
  }, [services]);

  return flow;
}

/**
 * The flow's state and its colour code's, re-rendering on every change in a task of its own: a
 * call the flow starts with the change (the session on Next, the colour code once the session is
 * there) goes out first, and the screen renders while the server answers, not before asking it.
 */
export function useScannerLogonState(logon: ScannerLogon): { state: ScannerLogonState; colour: ColourCodeState } {
  const { scope } = useAmwa();
  const subscribe = useMemo(() => afterCalls(scope, logon.subscribe), [scope, logon]);
  const subscribeColour = useMemo(() => afterCalls(scope, logon.colourCode.subscribe), [scope, logon]);
  const state = useSyncExternalStore(subscribe, () => logon.state);
  const colour = useSyncExternalStore(subscribeColour, () => logon.colourCode.state);
  return { state, colour };
}

/** `subscribe` whose listener hears of a change in the next task, once what the change started has gone out. */
const afterCalls =
  (scope: Scope, subscribe: (listener: () => void) => () => void) =>
  (listener: () => void): (() => void) => {
    const own = scope.child();
    const stop = subscribe(() => nextTask(own, listener));
    return () => {
      stop();
      own.dispose();
    };
  };
