// A lockout (too many wrong codes) ends its flow: the screen that says so carries when it came
// and the answer's trace id, what the customer quotes to the service team.
import { isApiError } from '../api-error';
import { technicalAlertTime } from '../error-handler';

/** When a lockout came (ISO time, from the answer's Date header or now) and the trace id its answer carried. */
export interface Lockout {
  date: string;
  traceId?: string;
}

/** The lockout an error's answer reports. */
export function lockoutOf(error: unknown): Lockout {
  const api = isApiError(error) ? error : undefined;
  return { date: technicalAlertTime(api?.date).toISOString(), ...(api?.traceId && { traceId: api.traceId }) };
}
