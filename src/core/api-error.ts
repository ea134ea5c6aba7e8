import { isTraceId, TRACE_HEADER } from './trace-id';

/** Why a request failed: no answer in time, no answer at all, a non-2xx answer, an unexpected body, or cancelled. */
export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'invalid-response' | 'aborted';

/** Where a check of an answer failed: the path of one field (zod's issue shape). */
export interface AnswerIssue {
  readonly path: readonly PropertyKey[];
}

/** What is known about a failed request besides its kind and message. */
export interface ApiErrorInit {
  path: string;
  /** The contract's operation id (`transfer`, `scannerLogon`, …), when the call is one. */
  operation?: string;
  status?: number;
  /** The answer's body: kept out of the error object (see `answerOf`), reported by its field names only. */
  data?: unknown;
  /** Read for the trace id, date and Retry-After; not kept. */
  headers?: Headers;
  /** The fields of a 2xx answer that failed its check. */
  issues?: readonly AnswerIssue[];
  cause?: unknown;
}

/**
 * What an error report (`amwa-generic-exception`, the console) says about a failed call's
 * answer: the operation, its status and the names of its fields, never a value, since answers
 * carry one-time passwords, tickets and tokens that must not reach a host's logs.
 */
export interface AnswerReport {
  /** The contract's operation id, e.g. `transfer` (docs/api-contract.md); absent for a call outside the contract. */
  operation?: string;
  /** The call's path, e.g. `/security-means/transfers`. */
  path: string;
  status?: number;
  /** The error answer's `errorCode`. */
  errorCode?: string;
  /** The names of the answer's top-level fields, when it is a JSON object. */
  fields?: string[];
  /** The fields of a 2xx answer that break the contract (missing, wrong type or value), as dot paths; `(answer)` for the whole body. */
  invalidFields?: string[];
}

/**
 * The key under which an error that is no failed call carries what a host may read of it (a
 * refused logon url's report): a symbol of ours, so no foreign error hands its data to a host's logs.
 */
export const HOST_REPORT: unique symbol = Symbol('amwa host report');

/** Field paths longer than this are cut: a report names fields, it does not carry a server's long keys. */
const MAX_FIELD_NAME = 128;
/** At most this many field names are reported per list. */
const MAX_FIELDS = 50;

const fieldName = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : '(answer)').slice(0, MAX_FIELD_NAME);
const unique = (names: string[]) => [...new Set(names)].slice(0, MAX_FIELDS);

// The raw answer bodies, for the widget's own code (`answerOf`): outside the error object, so
// neither a console, a host's error monitor walking the error, nor a serialiser ever sees them.
const answers = new WeakMap<AmwaApiError, unknown>();

/** A failed API call; `errorCode`, `traceId`, `date` and `retryAfter` are read from the answer, when there was one. */
export class AmwaApiError extends Error {
  override readonly name = 'AmwaApiError';
  readonly kind: ApiErrorKind;
  readonly path: string;
  readonly status?: number;
  /** The body's `errorCode`, as a string (servers send both 14 and '14'). */
  readonly errorCode?: string;
  /** The trace header, kept only when it has the trace-id format. */
  readonly traceId?: string;
  /** The raw `Date` header; see `technicalAlertTime` for the parsed value. */
  readonly date?: string;
  /** The raw `Retry-After` header. */
  readonly retryAfter?: string;
  /** The answer as error reports show it: operation, status and field names, no values. */
  readonly report: AnswerReport;

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit) {
    super(message, { cause: init.cause });
    this.kind = kind;
    this.path = init.path;
    this.status = init.status;
    const { data, headers } = init;
    const code = (data as { errorCode?: unknown } | null | undefined)?.errorCode;
    if (typeof code === 'string' || typeof code === 'number') this.errorCode = String(code);
    const traceId = headers?.get(TRACE_HEADER);
    if (isTraceId(traceId)) this.traceId = traceId;
    this.date = headers?.get('date') ?? undefined;
    this.retryAfter = headers?.get('retry-after') ?? undefined;
    // Only what is known, so a listener's JSON of the report has no empty keys.
    const report: AnswerReport = { path: init.path };
    if (init.operation) report.operation = init.operation;
    if (init.status !== undefined) report.status = init.status;
    if (this.errorCode !== undefined) report.errorCode = this.errorCode;
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) report.fields = unique(Object.keys(data));
    if (init.issues) report.invalidFields = unique(init.issues.map((issue) => fieldName(issue.path)));
    this.report = report;
    if (data !== undefined) answers.set(this, data);
  }
}

/** Type guard for errors raised by the API client. */
export const isApiError = (error: unknown): error is AmwaApiError => error instanceof AmwaApiError;

/** The body of a failed call's answer, for the widget's own decisions (never for a report); undefined without one. */
export const answerOf = (error: AmwaApiError): unknown => answers.get(error);
