/** Response header carrying the server's trace id (the contract's TRACE_HEADER, spelled out: this module is on the first load). */
export const TRACE_HEADER = 'x-trace-id';

const TRACE_ID = /^\d{2}-[a-z\d]{32}-[a-z\d]{16}-\d{2}$/i;

/** True when `value` has the trace-id shape (2 digits, 32 and 16 alphanumerics, 2 digits); anything else is ignored. */
export const isTraceId = (value: unknown): value is string => typeof value === 'string' && TRACE_ID.test(value);
