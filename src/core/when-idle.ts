import type { Scope } from './scope';

/** How long after mounting the widget leaves the network to the host page before warming up. */
export const IDLE_DELAY_MS = 2000;

const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

/**
 * Runs `fn` once: when the user first points at, focuses or types in `target`, or when the page
 * has been quiet for `delayMs` and the browser is idle, whichever comes first. Work a first screen
 * does not need waits for this, so it never competes with the first render on a slow phone.
 */
export function whenIdle(scope: Scope, target: EventTarget, fn: () => void, delayMs = IDLE_DELAY_MS): void {
  const stops: Array<() => void> = [];
  let done = false;
  const run = () => {
    if (done || scope.disposed) return;
    done = true;
    for (const stop of stops) stop();
    fn();
  };
  for (const type of INTERACTIONS) stops.push(scope.listen(target, type, run, { passive: true }));
  stops.push(
    scope.setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') return run();
      const id = requestIdleCallback(run, { timeout: delayMs });
      stops.push(scope.onDispose(() => cancelIdleCallback(id)));
    }, delayMs),
  );
}

/** The part of the Prioritized Task Scheduling API (`scheduler.postTask`) `nextTask` uses. */
interface TaskScheduler {
  postTask(callback: () => void, options: { signal: AbortSignal }): Promise<unknown>;
}

/**
 * Runs `fn` in a task of its own, as soon as the browser gets to it, unless `scope` is disposed
 * first. Splits work that would otherwise be one long task (a module's evaluation and a first
 * render) so input on the host page is handled in between. Not a timer: timers are clamped when
 * nested, and a test's fake clock does not hold it back. `scheduler.postTask` where the browser
 * has it (Chromium, Firefox 142): a message through a `MessageChannel` goes through the browser's
 * IPC layer, and in first loads at 4x CPU it came 35–100 ms after the Cookie Store API's answer
 * the first render also waited for; elsewhere a message.
 */
export function nextTask(scope: Scope, fn: () => void): void {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    const aborted = new AbortController();
    let started = false;
    const stop = scope.onDispose(() => {
      if (!started) aborted.abort();
    });
    scheduler
      .postTask(() => {
        started = true;
        stop();
        fn();
      }, { signal: aborted.signal })
      // Aborting rejects the task's promise: that is the disposal. An error of `fn` is reported
      // as one thrown in a task of its own would be.
      .catch((error: unknown) => {
        if (started) reportError(error);
      });
    return;
  }
  const { port1, port2 } = new MessageChannel();
  const stop = scope.onDispose(() => port1.close());
  port1.onmessage = () => {
    stop();
    fn();
  };
  port2.postMessage(undefined);
}

/**
 * Runs `steps` in order, each in an idle moment of its own (or a task of its own where the browser
 * has no idle callbacks), unless `scope` is disposed first: work done ahead of a click, in pieces
 * small enough to never hold up input on a slow phone.
 */
export function inIdleMoments(scope: Scope, steps: ReadonlyArray<() => void>): void {
  let next = 0;
  let stopWaiting = () => {};
  const run = () => {
    stopWaiting();
    if (scope.disposed || next >= steps.length) return;
    steps[next++]!();
    schedule();
  };
  const schedule = () => {
    if (next >= steps.length) return;
    if (typeof requestIdleCallback !== 'function') return nextTask(scope, run);
    const id = requestIdleCallback(run, { timeout: IDLE_DELAY_MS });
    stopWaiting = scope.onDispose(() => cancelIdleCallback(id));
  };
  schedule();
}
