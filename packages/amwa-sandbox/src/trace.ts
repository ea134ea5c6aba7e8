// Trace logging: the lines the widget sends about milestones and errors, kept for the console
// and for tests that check what was traced.
import type { Hono } from 'hono';
import { logTrace, logTraceError } from '../../../src/contract/trace';
import { API_BASE, json } from './http';
import { body } from './security';
import { defineSlice, type SandboxState } from './state';

/** One trace line the sandbox received. */
export interface TraceLine {
  kind: 'trace' | 'error';
  operation: string;
  context: { responseId?: string; username?: string };
  at: number;
}

/** Most trace lines kept: the oldest go first. */
export const MAX_TRACE_LINES = 1000;

const lines = defineSlice('trace-lines', () => [] as TraceLine[]);

/** The newest trace lines received since the last reset (at most `MAX_TRACE_LINES`), oldest first. */
export const traceLines = (state: SandboxState): readonly TraceLine[] => state.slice(lines);

/** `POST …/log/trace` and `POST …/log/trace-error`. */
export function trace(app: Hono, state: SandboxState): void {
  for (const [op, kind] of [
    [logTrace, 'trace'],
    [logTraceError, 'error'],
  ] as const) {
    app.post(API_BASE + op.path, async (c) => {
      const line = await body(c, op.body!());
      if (!line) return json(c, { errorCode: 'bad-request' }, 400);
      const kept = state.slice(lines);
      kept.push({ kind, operation: line.operation, context: line.context, at: state.now() });
      if (kept.length > MAX_TRACE_LINES) kept.splice(0, kept.length - MAX_TRACE_LINES);
      return json(c, {});
    });
  }
}
