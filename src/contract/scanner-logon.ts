// The scanner logon: the standalone colour-code authentication, its step-up, the transfer OTP,
// the logon call, and the deactivation after too many wrong codes.
import * as z from 'zod/mini';
import { lazy } from './lazy';
import { ENCRYPTED_STATE_HEADER, operation } from './operation';
import { authenticationContextSchema, authenticationResultSchema, colourCodeSchema, deviceProfileShape, emptySchema } from './shapes';

const CRONTO = '/security-means/cronto-hardware-token/actions/authentication';
const text = lazy(() => z.string().check(z.minLength(1)));
const stateIn = { [ENCRYPTED_STATE_HEADER]: 'required' } as const;

/** A colour code for the user ID, in the scanner logon context (level of assurance 5). */
export const standaloneInitiate = operation({
  id: 'standaloneInitiate',
  method: 'POST',
  api: 'security',
  path: `${CRONTO}/standalone/initiate`,
  bearer: true,
  body: lazy(() => z.object({ userId: text(), system: text(), authenticationContext: authenticationContextSchema() })),
  response: colourCodeSchema,
  checkedBy: 'colour-code',
  responseHeaders: stateIn,
});

/** The scanner's response code to the standalone colour code: an authentication result. */
export const standaloneAuthenticate = operation({
  id: 'standaloneAuthenticate',
  method: 'POST',
  api: 'security',
  path: `${CRONTO}/standalone/authenticate`,
  bearer: true,
  headers: stateIn,
  body: lazy(() => z.object({ tokenResponse: z.string().check(z.regex(/^\d{6,20}$/)) })),
  response: authenticationResultSchema,
  checkedBy: 'authentication',
});

/** A step-up colour code for a partial result, with its interim token. */
export const authenticationInitiate = operation({
  id: 'authenticationInitiate',
  method: 'POST',
  api: 'security',
  path: `${CRONTO}/initiate`,
  bearer: true,
  body: lazy(() => z.object({ authenticationContext: authenticationContextSchema() })),
  response: colourCodeSchema,
  checkedBy: 'colour-code',
  responseHeaders: stateIn,
});

/** The scanner's response code to the step-up colour code: an authentication result. */
export const authenticationAuthenticate = operation({
  id: 'authenticationAuthenticate',
  method: 'POST',
  api: 'security',
  path: `${CRONTO}/authenticate`,
  bearer: true,
  headers: stateIn,
  body: lazy(() => z.object({ tokenResponse: z.string().check(z.regex(/^\d{6,20}$/)), authenticationContext: authenticationContextSchema() })),
  response: authenticationResultSchema,
  checkedBy: 'authentication',
});

/** A transfer OTP for the single-sign-on service, bought with the active profile's token. */
export const transfer = operation({
  id: 'transfer',
  method: 'POST',
  api: 'security',
  path: '/security-means/transfers',
  bearer: true,
  body: lazy(() => z.object({ clientId: text(), intent: text() })),
  response: lazy(() => z.looseObject({ otp: text() })),
});

/** Redeems a transfer OTP for access tokens: the single-sign-on service's call, never the browser's. */
export const transferAccessTokens = operation({
  id: 'transferAccessTokens',
  method: 'POST',
  api: 'security',
  path: '/security-means/transfers/access-tokens',
  body: lazy(() => z.object({ otp: text(), authenticationContext: z.optional(authenticationContextSchema()), pinning: z.optional(z.unknown()) })),
  response: lazy(() => z.looseObject({ accessTokens: z.array(z.looseObject({ accessToken: text() })) })),
  credentials: false,
  serverSide: true,
});

/** Logs on with the transfer OTP and the device profile: the url to send the browser to. */
export const scannerLogon = operation({
  id: 'scannerLogon',
  method: 'POST',
  api: 'access',
  path: '/v1/api/public/scanner/logon',
  body: lazy(() => z.object({ username: text(), transferOtp: text(), ...deviceProfileShape() })),
  response: lazy(() => z.looseObject({ url: z.optional(z.string()) })),
});

/** Deactivates the scanner of a user whose logon has just been answered 403 (the fifth wrong code). */
export const scannerDeactivate = operation({
  id: 'scannerDeactivate',
  method: 'POST',
  api: 'access',
  path: '/v1/api/public/scanner/deactivate',
  body: lazy(() => z.object({ username: text() })),
  response: emptySchema,
});
