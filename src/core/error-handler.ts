import { HOST_REPORT, isApiError } from './api-error';
import type { Emit } from './events';
import type { RefusedRedirectReport } from './flows/redirect';
import type { TraceLog } from './trace';

/** The error code scanner screens treat as technical (spec section 8). */
export const INVALID_AGREEMENT_CODE = 'invalid-scanner-means-agreement-error-code';

/** Technical error codes on the scanner screens (logon and activation). */
export const SCANNER_TECHNICAL_CODES = [INVALID_AGREEMENT_CODE] as const;

/** How an error was handled; 'aborted' means it was a cancelled call and nothing was shown. */
export type ErrorOutcome = 'timeout' | 'technical' | 'generic' | 'aborted';

/** Where the error happened and which error codes count as technical there. */
export interface ErrorContext {
  /** A call path or component name, reported in `amwa-generic-exception`. */
  origin: string;
  /** Error codes shown as a technical error, e.g. 'invalid-scanner-means-agreement-error-code' on scanner screens. */
  technicalCodes?: readonly string[];
  /** The user ID the flow knows, for the trace line. */
  username?: string;
}

/** The shared error handler of spec section 8. */
export interface ErrorHandler {
  /** Reports `error` (and traces it); a generic error then leaves for the error page once pending trace calls settle. */
  handle(error: unknown, context: ErrorContext): ErrorOutcome;
}

/** What the error handler needs from its host. */
export interface ErrorHandlerDeps {
  emit: Emit;
  analytics: { view(name: string): void };
  traceLog: Pick<TraceLog, 'traceError' | 'settled'>;
  /** Goes to `/pages/error?trace-id=…`. */
  navigateToError: (traceId?: string) => void;
  /** Once aborted (the widget unmounted), a pending error-page navigation is dropped. */
  signal: AbortSignal;
}

/** The time shown in the technical error alert: the response `Date` header when valid, else `now`. */
export function technicalAlertTime(dateHeader: string | null | undefined, now = new Date()): Date {
  const date = dateHeader ? new Date(dateHeader) : now;
  return Number.isNaN(date.getTime()) ? now : date;
}

/** Creates the shared error handler. */
export function createErrorHandler({ emit, analytics, traceLog, navigateToError, signal }: ErrorHandlerDeps): ErrorHandler {
  return {
    handle(error, { origin, technicalCodes = [], username }) {
      const api = isApiError(error) ? error : undefined;
      if (api?.kind === 'aborted') return 'aborted';
      console.error(error);
      const traceId = api?.traceId;
      traceLog.traceError(origin, { responseId: traceId, username });
      const technical = (timeout: boolean) =>
        emit('amwa-technical-exception', { timeout, date: technicalAlertTime(api?.date).toISOString(), traceId });

      if (api?.kind === 'timeout' && /timeout/i.test(api.message)) {
        analytics.view('Request timeout');
        technical(true);
        return 'timeout';
      }
      // Too many requests is the server's to fix too: the screen stays, to try again (never the error page).
      const serverFault = api?.status !== undefined && (api.status >= 500 || api.status === 429);
      if (api?.kind === 'network' || serverFault || (api?.errorCode !== undefined && technicalCodes.includes(api.errorCode))) {
        analytics.view('technical error');
        technical(false);
        return 'technical';
      }
      analytics.view('generic error');
      const message = error instanceof Error ? error.message : String(error);
      // Reports made to be read by a host, never an answer itself: answers carry OTPs, tickets and tokens.
      const data = api ? api.report : (error as { [HOST_REPORT]?: RefusedRedirectReport } | null | undefined)?.[HOST_REPORT];
      emit('amwa-generic-exception', { origin, status: api?.status, data, message, traceId });
      void traceLog.settled().then(() => signal.aborted || navigateToError(traceId));
      return 'generic';
    },
  };
}
