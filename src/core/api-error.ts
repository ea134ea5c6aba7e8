import { isTraceId, TRACE_HEADER } from './trace-id';

/** Why a request failed: no answer in time, no answer at all, a non-2xx answer, an unexpected body, or cancelled. */
export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'invalid-response' | 'aborted';

/** What is known about a failed request besides its kind and message. */
export interface ApiErrorInit {
  path: string;
  status?: number;
  data?: unknown;
  headers?: Headers;
  cause?: unknown;
}

/** A failed API call; `errorCode`, `traceId` and `date` are read from the answer, when there was one. */
export class AmwaApiError extends Error {
  override readonly name = 'AmwaApiError';
  readonly kind: ApiErrorKind;
  readonly path: string;
  readonly status?: number;
  readonly data?: unknown;
  readonly headers?: Headers;
  /** The body's `errorCode`, as a string (servers send both 14 and '14'). */
  readonly errorCode?: string;
  /** The trace header, kept only when it has the trace-id format. */
  readonly traceId?: string;
  /** The raw `Date` header; see `technicalAlertTime` for the parsed value. */
  readonly date?: string;

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit) {
    super(message, { cause: init.cause });
    this.kind = kind;
    this.path = init.path;
    this.status = init.status;
    this.data = init.data;
    this.headers = init.headers;
    const code = (init.data as { errorCode?: unknown } | null | undefined)?.errorCode;
    if (typeof code === 'string' || typeof code === 'number') this.errorCode = String(code);
    const traceId = init.headers?.get(TRACE_HEADER);
    if (isTraceId(traceId)) this.traceId = traceId;
    this.date = init.headers?.get('date') ?? undefined;
  }
}

/** Type guard for errors raised by the API client. */
export const isApiError = (error: unknown): error is AmwaApiError => error instanceof AmwaApiError;
