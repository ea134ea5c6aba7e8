import type { Scope } from '../scope';
import { INACTIVITY_MARGIN_S, REFRESH_INTERVAL_MS, RESUME_REFRESH_MS } from './timing';

/** What the leader's refresh schedule needs. */
export interface RefreshScheduleDeps {
  scope: Scope;
  now: () => number;
  lastActivity: () => number;
  /** When the periodic refresh is first due (a new leader continues its predecessor's cadence). */
  firstRefreshMs: number;
  /** The server's inactivity time-outs, in seconds. */
  /** Read each time idle refreshes are planned, so a settings update applies from the next activity. */
  inactivityTimeoutsS: () => readonly number[];
  refreshAll: () => void;
}

/** The leader's refresh timers; `activity()` re-plans them when the user (in any tab) does something. */
export interface RefreshSchedule {
  activity(): void;
  /** Epoch milliseconds of the next periodic refresh. */
  readonly due: number;
}

/**
 * Refreshes every 180 s (first when the oldest token turns 180 s old), plus around the server's
 * inactivity time-outs (300 s and 900 s).
 * The server learns of inactivity only through the `x-inactivity-seconds` header of refresh calls,
 * so our reading of "at 300 s and 900 s (minus 3 s), and 300 s after" is:
 * - when the user has been idle for 297 s and again for 897 s, refresh, so the server sees the
 *   idle time just before each of its time-outs rather than up to 180 s late;
 * - once the user is back after such an inactivity refresh, refresh again 300 s later, so the
 *   server's last word on this user is no longer "idle" well before its 300 s time-out comes round.
 */
export function startRefreshSchedule({ scope, now, lastActivity, firstRefreshMs, inactivityTimeoutsS, refreshAll }: RefreshScheduleDeps): RefreshSchedule {
  let idleTimers = scope.child();
  let stopResume = () => {};
  let reportedIdle = false;

  const planIdleRefreshes = () => {
    idleTimers.dispose();
    idleTimers = scope.child();
    for (const timeoutS of inactivityTimeoutsS()) {
      const due = lastActivity() + (timeoutS - INACTIVITY_MARGIN_S) * 1000 - now();
      if (due < 0) continue;
      idleTimers.setTimeout(() => {
        reportedIdle = true;
        refreshAll();
      }, due);
    }
  };

  let due = now() + firstRefreshMs;
  const periodic = () => {
    due = now() + REFRESH_INTERVAL_MS;
    refreshAll();
  };
  scope.setTimeout(() => {
    periodic();
    scope.setInterval(periodic, REFRESH_INTERVAL_MS);
  }, firstRefreshMs);
  planIdleRefreshes();
  return {
    get due() {
      return due;
    },
    activity() {
      if (reportedIdle) {
        reportedIdle = false;
        stopResume();
        stopResume = scope.setTimeout(refreshAll, RESUME_REFRESH_MS);
      }
      planIdleRefreshes();
    },
  };
}
