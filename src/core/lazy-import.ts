// Dynamic imports that fail well. A browser aborts a module request when the page is left, and
// Firefox and WebKit then reject the import() (Chromium stays silent): a rejection nobody handles
// lands in the bank's error monitoring, and a rejected promise kept in a cache breaks that part of
// the widget until the page reloads. Every import() of the widget goes through here.

/** How long a load that failed while the page was being left waits to see whether the page is really gone. */
export const LEAVE_GRACE_MS = 3000;

/** Events that say the page is being left: beforeunload comes before the browser aborts the page's requests, pagehide at the latest. */
const LEAVING_EVENTS = ['beforeunload', 'pagehide'] as const;

/**
 * Runs `load` (an `import()`); its result passes through unchanged, except a failure while the
 * page is being left: that one never settles when the page goes (nothing to report, nothing to
 * show), and rejects after `graceMs` when the page stays after all (a cancelled navigation).
 * The leave listeners exist only while the load is pending and `signal` (the widget's scope) is
 * not aborted: a beforeunload listener would keep the page out of Firefox's back-forward cache,
 * and an unmounted widget leaves no listener behind.
 */
export function whileStaying<T>(load: () => Promise<T>, signal?: AbortSignal, graceMs = LEAVE_GRACE_MS): Promise<T> {
  const target = typeof window === 'undefined' || signal?.aborted ? undefined : window;
  let left = false;
  const leave = () => void (left = true);
  const stopWatching = () => {
    for (const type of LEAVING_EVENTS) target?.removeEventListener(type, leave);
    signal?.removeEventListener('abort', stopWatching);
  };
  for (const type of LEAVING_EVENTS) target?.addEventListener(type, leave);
  if (target) signal?.addEventListener('abort', stopWatching, { once: true });
  return new Promise<T>((resolve, reject) => {
    let pending: Promise<T>;
    try {
      pending = load();
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => {
        stopWatching();
        resolve(value);
      },
      (error: unknown) => {
        stopWatching();
        if (!left) return reject(error);
        if (signal?.aborted) return;
        // Timers of a page that is gone never fire: the failure is dropped with the page.
        const timer = setTimeout(() => reject(error), graceMs);
        signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
      },
    );
  });
}

/** A module loaded on first use and kept once loaded; a failed load is forgotten, so the next use tries again. */
export interface LazyImport<T> {
  /** The module, loading it if needed; rejects when this load fails (the caller reports it). */
  get(): Promise<T>;
  /** Starts loading ahead of use; a failure no caller of `get()` is waiting for goes to `report`, once, and never rejects. */
  warm(): void;
}

/** What `lazyImport` needs besides the import. */
export interface LazyImportOptions {
  /** Told of a real failure of a load started by `warm()` that no `get()` is waiting for. */
  report(error: unknown): void;
  /** Once aborted (the widget unmounted), nothing more is reported and no timer is left. */
  signal?: AbortSignal;
}

/** Wraps `load` (an `import()`) so it loads once, retries after a failure and never leaves a rejection unhandled. */
export function lazyImport<T>(load: () => Promise<T>, { report, signal }: LazyImportOptions): LazyImport<T> {
  let current: { promise: Promise<T>; awaited: boolean } | undefined;
  const start = () => {
    if (current) return current;
    const attempt = { promise: whileStaying(load, signal), awaited: false };
    current = attempt;
    attempt.promise.catch((error: unknown) => {
      if (current === attempt) current = undefined;
      if (!attempt.awaited && !signal?.aborted) report(error);
    });
    return attempt;
  };
  return {
    get() {
      const attempt = start();
      attempt.awaited = true;
      return attempt.promise;
    },
    warm() {
      start();
    },
  };
}
