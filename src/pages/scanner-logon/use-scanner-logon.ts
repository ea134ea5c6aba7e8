import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useAmwa, useRouter } from '../../context';
import type { ColourCodeState } from '../../core/flows/colour-code';
import { createInactivityTimer, type InactivityTimer } from '../../core/flows/inactivity';
import { createScannerLogon, type ScannerLogon, type ScannerLogonState } from '../../core/flows/scanner-logon';
import { SESSION_EXPIRED, splitSessionExpired } from '../../core/router';
import type { Scope } from '../../core/scope';
import type { Session } from '../../core/session';
import { inIdleMoments, nextTask, whenIdle } from '../../core/when-idle';

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
 * the page restarts the inactivity count; at the limit (or when the profile selector's profiles
 * are signed out under it) the session ends and the browser goes to the session-expired variant of the page (then on to a corporate-portal logout, if the logout names one).
 * The flow starts with `initialUserId`, the remembered user ID the page's first render read.
 */
export function useScannerLogonFlow(callbacks: InactivityCallbacks, initialUserId: string | undefined): ScannerLogonFlow | undefined {
  const services = useAmwa();
  const router = useRouter();
  const [flow, setFlow] = useState<ScannerLogonFlow>();
  // Callbacks in refs: the flow lives as long as the screen, whatever the router and parent pass next.
  const latest = useRef({ router, callbacks });
  useLayoutEffect(() => {
    latest.current = { router, callbacks };
  });
  // Read in the first render, from the cookies read ahead: a read when the flow starts would be
  // the page's first blocking read of document.cookie.
  const userId = useRef(initialUserId);

  useEffect(() => {
    const { api, scope: root, settings, cookies, emit, errors, traceLog } = services;
    const scope = root.child();
    const start = (session: Session) => {
      if (scope.disposed) return;
      // The end of the session: at the inactivity limit, or when the profile selector's profiles
      // are signed out under it (a refresh answered 401). Either way the session-expired notice
      // shows on the user ID step, from where Back to login leads Home.
      const endSession = () => {
        latest.current.callbacks.onExpire();
        void logon.endSession();
        const { location, navigate } = latest.current.router;
        navigate(splitSessionExpired(location.path).path + SESSION_EXPIRED);
      };
      const logon = createScannerLogon({
        api,
        session,
        scope,
        settings,
        cookies,
        emit,
        errors,
        traceLog,
        base: window.location.href,
        leave,
        initialUserId: userId.current,
        onSessionLost() {
          inactivity.stop();
          endSession();
        },
      });
      const inactivity = createInactivityTimer({
        scope,
        activity: services.activityTargets,
        limitS: settings.inactivityTimeoutLogonS,
        onWarn: () => latest.current.callbacks.onWarn(),
        onExpire: endSession,
      });
      inactivity.start();
      setFlow({ logon, inactivity });
      // What Next needs is readied while the user types the user ID (or once the page is idle).
      whenIdle(scope, window, () => inIdleMoments(scope, logon.warmUps));
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
 * How long the code step, once its session is there, waits for its colour code before it shows
 * with the loading spinner: a code that comes sooner shows in the step's first render and frame,
 * instead of a render with the spinner and another with the image (tens of ms each on a slow phone).
 */
export const COLOUR_CODE_WAIT_MS = 100;

const IDLE_COLOUR: ColourCodeState = { status: 'idle', spinner: false };
const NOTHING_TO_HEAR = () => () => {};
const NO_USER_ID: ScannerLogonState = { status: 'userId', userId: '' };

/**
 * The flow's state and its colour code's, re-rendering on their changes in a task of its own: a
 * call the flow starts with the change (the session on Next, the colour code once the session is
 * there) goes out first, and the screen renders while the server answers, not before asking it.
 * Changes of both in one task render once; the code step waits up to {@link COLOUR_CODE_WAIT_MS} for its colour code.
 * Until the flow is there (`logon` undefined), the state is `before` (a value kept by the caller) and the colour code idle.
 */
export function useScannerLogonState(logon: ScannerLogon | undefined, before: ScannerLogonState = NO_USER_ID): { state: ScannerLogonState; colour: ColourCodeState } {
  const { scope } = useAmwa();
  const [subscribe, subscribeColour] = useMemo(() => {
    if (!logon) return [NOTHING_TO_HEAR, NOTHING_TO_HEAR];
    let shown = logon.state.status;
    const later = afterCalls(scope, {
      // Only the way in from the user ID step: a code step already on screen shows its changes at once.
      holdMs: () => (shown === 'starting' && logon.state.status === 'code' && logon.colourCode.state.status === 'loading' ? COLOUR_CODE_WAIT_MS : 0),
      onNotify: () => void (shown = logon.state.status),
    });
    return [later(logon.subscribe), later(logon.colourCode.subscribe)];
  }, [scope, logon]);
  // The same snapshot on a server (amwa/server renders the user ID step before any flow exists).
  const readState = () => logon?.state ?? before;
  const readColour = () => logon?.colourCode.state ?? IDLE_COLOUR;
  const state = useSyncExternalStore(subscribe, readState, readState);
  const colour = useSyncExternalStore(subscribeColour, readColour, readColour);
  return { state, colour };
}

/** When {@link afterCalls} holds changes back: `holdMs()` says how long for the state now (0: not), once per hold. */
interface Hold {
  holdMs(): number;
  /** The listeners are told (the state they render is the one now). */
  onNotify(): void;
}

/**
 * Wraps `subscribe` functions so their listeners hear of a change in the next task, once what the
 * change started has gone out; changes in one task reach every listener in one later task (one
 * render). A state `hold` asks for waits until the next change or the end of its time, whichever comes first.
 */
const afterCalls = (scope: Scope, hold: Hold) => {
  const waiting = new Set<() => void>();
  let scheduled = false;
  let stopHolding: (() => void) | undefined;
  const notify = () => {
    stopHolding?.();
    stopHolding = undefined;
    hold.onNotify();
    const listeners = [...waiting];
    waiting.clear();
    for (const listener of listeners) listener();
  };
  const flush = () => {
    scheduled = false;
    if (stopHolding) {
      // A change during the hold: shown at once unless the state still asks to wait.
      if (hold.holdMs() > 0) return;
      return notify();
    }
    const ms = hold.holdMs();
    if (ms > 0) stopHolding = scope.setTimeout(notify, ms);
    else notify();
  };
  return (subscribe: (listener: () => void) => () => void) =>
    (listener: () => void): (() => void) => {
      const stop = subscribe(() => {
        waiting.add(listener);
        if (scheduled) return;
        scheduled = true;
        nextTask(scope, flush);
      });
      return () => {
        stop();
        waiting.delete(listener);
      };
    };
};
