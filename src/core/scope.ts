/**
 * A lifecycle scope: every timer, listener and request started through it is
 * stopped by `dispose()`, so `unmount()` leaves nothing running.
 */
export interface Scope {
  readonly signal: AbortSignal;
  readonly disposed: boolean;
  setTimeout(fn: () => void, ms: number): () => void;
  setInterval(fn: () => void, ms: number): () => void;
  listen<E extends Event = Event>(target: EventTarget, type: string, fn: (event: E) => void, options?: AddEventListenerOptions): () => void;
  onDispose(fn: () => void): () => void;
  /** A child scope, disposed with its parent or on its own. */
  child(): Scope;
  dispose(): void;
}

/** Creates a scope; children register with their parent and unregister when they dispose first. */
export function createScope(): Scope {
  const controller = new AbortController();
  const cleanups = new Set<() => void>();
  const track = (cleanup: () => void) => {
    if (controller.signal.aborted) {
      cleanup();
      return () => {};
    }
    const once = () => {
      if (cleanups.delete(once)) cleanup();
    };
    cleanups.add(once);
    return once;
  };
  const scope: Scope = {
    signal: controller.signal,
    get disposed() {
      return controller.signal.aborted;
    },
    setTimeout(fn, ms) {
      let stop = () => {};
      const id = globalThis.setTimeout(() => {
        stop();
        fn();
      }, ms);
      stop = track(() => globalThis.clearTimeout(id));
      return stop;
    },
    setInterval(fn, ms) {
      const id = globalThis.setInterval(fn, ms);
      return track(() => globalThis.clearInterval(id));
    },
    listen(target, type, fn, options) {
      target.addEventListener(type, fn as EventListener, options);
      return track(() => target.removeEventListener(type, fn as EventListener, options));
    },
    onDispose: (fn) => track(fn),
    child() {
      const child = createScope();
      const detach = track(() => child.dispose());
      child.onDispose(detach);
      return child;
    },
    dispose() {
      if (controller.signal.aborted) return;
      controller.abort();
      for (const cleanup of [...cleanups]) cleanup();
    },
  };
  return scope;
}
