/** A derived value with change listeners; `check()` re-reads it and tells listeners when it changed. */
export interface Watch<T> {
  subscribe(listener: (value: T) => void): () => void;
  check(): void;
  clear(): void;
}

/** Watches `read()` by identity; a throwing listener is reported without stopping the others. */
export function createWatch<T>(read: () => T): Watch<T> {
  let last = read();
  const listeners = new Set<(value: T) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    check() {
      const value = read();
      if (Object.is(value, last)) return;
      last = value;
      for (const listener of [...listeners]) {
        try {
          listener(value);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
