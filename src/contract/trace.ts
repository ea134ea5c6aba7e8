// Trace logging: the widget tells the bank which milestones a user reached and which errors they
// met, so a support call can be followed through the bank's logs.
import * as z from 'zod/mini';
import { lazy } from './lazy';
import { operation } from './operation';
import { emptySchema } from './shapes';

/** What a trace line says: the operation, and the answer (trace id) and user it concerns. */
export const traceBodySchema = lazy(() =>
  z.object({
    operation: z.string().check(z.minLength(1)),
    context: z.object({ responseId: z.optional(z.string()), username: z.optional(z.string()) }),
  }),
);

/** A milestone of a logon or an activation. */
export const logTrace = operation({ id: 'logTrace', method: 'POST', api: 'access', path: '/v1/api/public/log/trace', body: traceBodySchema, response: emptySchema });

/** An error that reached the shared error handler. */
export const logTraceError = operation({
  id: 'logTraceError',
  method: 'POST',
  api: 'access',
  path: '/v1/api/public/log/trace-error',
  body: traceBodySchema,
  response: emptySchema,
});

/** The milestones the widget traces, by the operation name it sends (listed in docs/api-contract.md). */
export const TRACED = {
  scannerLogonStarted: 'scanner-logon:session-started',
  scannerLogonAuthenticated: 'scanner-logon:authenticated',
  scannerLogonStepUp: 'scanner-logon:step-up',
  scannerLogonLoggedOn: 'scanner-logon:logged-on',
  scannerDeactivated: 'scanner-logon:deactivated',
  mobileLogonConfirmed: 'mobile-logon:confirmed',
  mobileLogonLoggedOn: 'mobile-logon:logged-on',
  linkConfirmed: 'link:confirmed',
  activationOtpRequested: 'activation:otp-requested',
  activationOtpAuthenticated: 'activation:otp-authenticated',
  activationMeansChecked: 'activation:means-checked',
  activationSerialNumber: 'activation:serial-number',
  activationPinSet: 'activation:pin-set',
  activationFinished: 'activation:finished',
  sessionExpired: 'session:expired',
} as const;

/** A traced milestone's operation name. */
export type TracedOperation = (typeof TRACED)[keyof typeof TRACED];
