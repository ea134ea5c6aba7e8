import type { ApiClient } from './api';

/** What a trace log entry tells the server about the call it follows. */
export interface TraceContext {
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

/** Creates the trace log on top of the API client; logging never throws into its caller. */
export function createTraceLog(api: ApiClient): TraceLog {
  const pending = new Set<Promise<unknown>>();
  const post = (path: string, operation: string, context: TraceContext = {}) => {
    const call = api
      .request({ method: 'POST', path, body: { operation, context: { responseId: context.responseId, username: context.username } } })
      .catch(() => undefined) // a lost trace line must never disturb the user
      .finally(() => pending.delete(call));
    pending.add(call);
  };
  return {
    trace: (operation, context) => post('/v1/api/public/log/trace', operation, context),
    traceError: (operation, context) => post('/v1/api/public/log/trace-error', operation, context),
    settled: async () => {
      await Promise.allSettled([...pending]);
    },
  };
}
