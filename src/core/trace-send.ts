// The sending half of the trace log, loaded after the first render (see trace.ts).
import { logTrace, logTraceError } from '../contract/trace';
import type { ApiClient } from './api';
import { call } from './call';

/** What a trace line tells the server about the call it follows. */
export interface TraceContext {
  /** The `x-trace-id` of the answer concerned. */
  responseId?: string;
  username?: string;
}

/** Sends one trace line, with keepalive so a line sent just before the browser leaves still arrives. */
export function sendTraceLine(api: ApiClient, kind: 'trace' | 'error', operation: string, { responseId, username }: TraceContext) {
  return call(api, kind === 'trace' ? logTrace : logTraceError, { body: { operation, context: { responseId, username } }, keepalive: true });
}
