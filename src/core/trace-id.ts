import { TRACE_HEADER } from '../contract/operation';

/** Response header carrying the server's trace id. */
export { TRACE_HEADER };

const TRACE_ID = /^\d{2}-[a-z\d]{32}-[a-z\d]{16}-\d{2}$/i;

/** True when `value` has the trace-id shape (2 digits, 32 and 16 alphanumerics, 2 digits); anything else is ignored. */
export const isTraceId = (value: unknown): value is string => typeof value === 'string' && TRACE_ID.test(value);
