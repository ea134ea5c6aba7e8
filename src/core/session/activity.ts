import type { Scope } from '../scope';
import { ACTIVITY_THROTTLE_MS } from './timing';

// Typing, pointer and focus activity. Passive, capturing listeners: the monitor never delays
// scrolling nor misses stopped events. The window alone is not enough: a focus move between two
// elements of one shadow root never leaves that root (the event path stops where its target and
// related target meet), so the widget's own element listens too.
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll', 'focusin'];

/** What the activity monitor needs. */
export interface ActivityDeps {
  scope: Scope;
  now: () => number;
  /** Where user input is heard: the page's window and the widget's element; none on the server. */
  targets?: readonly EventTarget[];
  /** The last activity moved forward; `local` tells this tab's input from another tab's. */
  onActivity: (at: number, local: boolean) => void;
}

/** The user's last activity in any tab of the origin. */
export interface ActivityMonitor {
  /** Epoch milliseconds; the monitor's creation counts as activity. */
  readonly lastActivity: number;
  /** Merges another tab's activity. */
  note(at: number): void;
}

/** Watches user input, recording it at most once per second. */
export function createActivityMonitor({ scope, now, targets = [], onActivity }: ActivityDeps): ActivityMonitor {
  let lastActivity = now();
  const record = () => {
    const at = now();
    if (at - lastActivity < ACTIVITY_THROTTLE_MS) return;
    lastActivity = at;
    onActivity(at, true);
  };
  // An event heard on both targets is recorded once: the second is within the throttle.
  for (const target of targets) for (const type of ACTIVITY_EVENTS) scope.listen(target, type, record, { passive: true, capture: true });
  return {
    get lastActivity() {
      return lastActivity;
    },
    note(at) {
      if (at <= lastActivity) return;
      lastActivity = at;
      onActivity(at, false);
    },
  };
}
