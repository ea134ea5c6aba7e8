// The screen-level inactivity limit (spec section 4): a warning 30 s ahead, then the end of the
// session. Only an explicit "continue" extends it, so the user always decides (WCAG 2.2.1).
import type { Scope } from '../scope';

/** How long before the limit the warning opens (spec section 9). */
export const INACTIVITY_WARNING_S = 30;

/** What the inactivity timer needs. */
export interface InactivityDeps {
  scope: Scope;
  /** The limit in seconds: settings `inactivityTimeoutLogonS` or `inactivityTimeoutActivationS`. */
  limitS: number;
  /** Seconds before the limit the warning comes; a limit shorter than this warns at once. */
  warnBeforeS?: number;
  /** Time to ask the user whether to continue. */
  onWarn(): void;
  /** The limit is reached: log out and leave for the session-expired page. */
  onExpire(): void;
}

/** A running inactivity limit. */
export interface InactivityTimer {
  /** (Re)starts counting from now. */
  start(): void;
  stop(): void;
  /** The user chose to continue: counting restarts from now. */
  extend(): void;
  readonly running: boolean;
}

/** Creates an inactivity timer; nothing runs until `start()`, and disposing the scope stops it. */
export function createInactivityTimer({ scope, limitS, warnBeforeS = INACTIVITY_WARNING_S, onWarn, onExpire }: InactivityDeps): InactivityTimer {
  let timers: Scope | undefined;
  const stop = () => {
    timers?.dispose();
    timers = undefined;
  };
  const start = () => {
    stop();
    if (scope.disposed) return;
    const own = scope.child();
    timers = own;
    own.setTimeout(onWarn, Math.max(0, limitS - warnBeforeS) * 1000);
    own.setTimeout(() => {
      stop();
      onExpire();
    }, limitS * 1000);
  };
  return {
    start,
    stop,
    extend: start,
    get running() {
      return timers !== undefined;
    },
  };
}
