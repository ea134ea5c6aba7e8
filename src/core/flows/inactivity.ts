// The screen-level inactivity limit (spec section 4): a warning 30 s ahead, then the end of the
// session. Typing, pointer and focus activity on the page restart the count until the warning
// opens; from then on only an explicit "continue" extends it, so the user decides (WCAG 2.2.1)
// and the focus the dialog itself moves cannot count as activity.
import type { Scope } from '../scope';
import { createActivityMonitor } from '../session/activity';

/** How long before the limit the warning opens (spec section 9). */
export const INACTIVITY_WARNING_S = 30;

/** What the inactivity timer needs. */
export interface InactivityDeps {
  scope: Scope;
  /** The limit in seconds: settings `inactivityTimeoutLogonS` or `inactivityTimeoutActivationS`. */
  limitS: number;
  /** Seconds before the limit the warning comes; a limit shorter than this warns at once. */
  warnBeforeS?: number;
  /** Where user activity is heard (the page's window and the widget's element); none: only `extend()` restarts the count. */
  activity?: readonly EventTarget[];
  now?: () => number;
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
  /** When the limit falls (epoch ms), while running. */
  readonly deadline: number | undefined;
}

/** Creates an inactivity timer; nothing runs until `start()`, and disposing the scope stops it. */
export function createInactivityTimer({ scope, limitS, warnBeforeS = INACTIVITY_WARNING_S, activity, now = () => Date.now(), onWarn, onExpire }: InactivityDeps): InactivityTimer {
  let timers: Scope | undefined;
  let deadline: number | undefined;
  let warned = false;
  const stop = () => {
    timers?.dispose();
    timers = undefined;
    deadline = undefined;
  };
  const start = () => {
    stop();
    if (scope.disposed) return;
    const own = scope.child();
    timers = own;
    warned = false;
    deadline = now() + limitS * 1000;
    own.setTimeout(() => {
      warned = true;
      onWarn();
    }, Math.max(0, limitS - warnBeforeS) * 1000);
    own.setTimeout(() => {
      stop();
      onExpire();
    }, limitS * 1000);
  };
  // The session layer's monitor hears the same events, for the refresh's idle time.
  createActivityMonitor({ scope, now, targets: activity, onActivity: () => timers && !warned && start() });
  return {
    start,
    stop,
    extend: start,
    get running() {
      return timers !== undefined;
    },
    get deadline() {
      return deadline;
    },
  };
}
