// Trace logging (spec section 7): fire-and-forget lines about milestones and errors. It sits on
// top of the API client; nothing in the client depends on it.
import type * as contract from '../contract/trace';
import type { ApiClient } from './api';
import { call } from './call';
import { TRACE_HEADER } from './trace-id';

/** What a trace line tells the server about the call it follows. */
export interface TraceContext {
  /** The `x-trace-id` of the answer concerned. */
  responseId?: string;
  username?: string;
}

/** Fire-and-forget trace logging whose pending calls can be awaited before leaving the page. */
export interface TraceLog {
  trace(operation: string, context?: TraceContext): void;
  traceError(operation: string, context?: TraceContext): void;
  /** Resolves once every call started so far has finished, however it ended. */
  settled(): Promise<void>;
}

/** The trace id an answer's headers carry, for a trace line's `responseId`. */
export const responseIdOf = (headers: Headers | undefined) => headers?.get(TRACE_HEADER) ?? undefined;

/**
 * Creates the trace log on top of the API client; logging never throws into its caller. The two
 * operations load with the first line, so screens that trace nothing (Home) do not carry them.
 */
export function createTraceLog(api: ApiClient, load: () => Promise<typeof contract> = () => import('../contract/trace')): TraceLog {
  const pending = new Set<Promise<unknown>>();
  const post = (kind: 'logTrace' | 'logTraceError', operation: string, { responseId, username }: TraceContext = {}) => {
    // keepalive: a milestone traced just before the browser leaves for the logon url still arrives.
    const line = load()
      .then((ops) => call(api, ops[kind], { body: { operation, context: { responseId, username } }, keepalive: true }))
      .catch(() => undefined) // a lost trace line must never disturb the user
      .finally(() => pending.delete(line));
    pending.add(line);
  };
  return {
    trace: (operation, context) => post('logTrace', operation, context),
    traceError: (operation, context) => post('logTraceError', operation, context),
    settled: async () => {
      await Promise.allSettled([...pending]);
    },
  };
}
