// Trace logging (spec section 7): fire-and-forget lines about milestones and errors. It sits on
// top of the API client; nothing in the client depends on it.
import type { ApiClient } from './api';
import { lazyImport } from './lazy-import';
import { TRACE_HEADER } from './trace-id';
import type * as sending from './trace-send';
import type { TraceContext } from './trace-send';

/** What a trace line tells the server about the call it follows. */
export type { TraceContext };

/** Fire-and-forget trace logging whose pending calls can be awaited before leaving the page. */
export interface TraceLog {
  trace(operation: string, context?: TraceContext): void;
  traceError(operation: string, context?: TraceContext): void;
  /** Resolves once every call started so far has finished, however it ended. */
  settled(): Promise<void>;
  /** Loads the sending half now (at idle, or with a page that traces), so a later line goes out at once. */
  warm(): void;
}

/** The trace id an answer's headers carry, for a trace line's `responseId`. */
export const responseIdOf = (headers: Headers | undefined) => headers?.get(TRACE_HEADER) ?? undefined;

/**
 * Creates the trace log on top of the API client; logging never throws into its caller. Its
 * sending half is outside the first screen's bundle and loads with `warm()` (at idle, or with
 * the first page that traces), so by the time a line is sent it is there and the line's request
 * goes out before a navigation that follows it. Once `signal` (the widget's scope) aborts, a
 * pending load leaves no listener behind.
 */
export function createTraceLog(api: ApiClient, signal?: AbortSignal, load: () => Promise<typeof sending> = () => import('./trace-send')): TraceLog {
  const pending = new Set<Promise<unknown>>();
  // A failed load is tried again with the next line; a lost trace line is never reported.
  const sender = lazyImport(load, { report: () => undefined, signal });
  const post = (kind: 'trace' | 'error', operation: string, context: TraceContext = {}) => {
    const line = sender
      .get()
      .then(({ sendTraceLine }) => sendTraceLine(api, kind, operation, context))
      .catch(() => undefined) // a lost trace line must never disturb the user
      .finally(() => pending.delete(line));
    pending.add(line);
  };
  return {
    trace: (operation, context) => post('trace', operation, context),
    traceError: (operation, context) => post('error', operation, context),
    settled: async () => {
      await Promise.allSettled([...pending]);
    },
    warm: () => sender.warm(),
  };
}
