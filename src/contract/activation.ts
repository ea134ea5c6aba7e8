// The scanner activation: the registration e-mail and its code, the means checks, the provision,
// the scanner's three colour codes (serial number, PIN, finish) and the finish call.
import * as z from 'zod/mini';
import { lazy } from './lazy';
import { ENCRYPTED_STATE_HEADER, operation } from './operation';
import { authenticationResultSchema, colourCodeSchema, emptySchema } from './shapes';

const SCANNER = '/v1/api/public/scanner';
const TOKEN = '/security-means/cronto-hardware-token/actions';
const userName = lazy(() => z.string().check(z.minLength(1), z.maxLength(16)));
const user = lazy(() => z.object({ userName: userName() }));
const tokenResponse = lazy(() => z.object({ tokenResponse: z.string().check(z.regex(/^\d{6,20}$/)) }));
const stateIn = { [ENCRYPTED_STATE_HEADER]: 'required' } as const;

/** Sends the registration code to the user's e-mail address (400: wrong combination; errorCode 14: blocked). */
export const otpRequest = operation({
  id: 'otpRequest',
  method: 'POST',
  api: 'access',
  path: `${SCANNER}/activation/otp/request`,
  body: lazy(() => z.object({ userName: userName(), emailAddress: z.string().check(z.minLength(3), z.maxLength(100)) })),
  response: emptySchema,
});

/** Checks the registration code: the one-time-password means' authentication result (level of assurance 3). */
export const otpAuthenticate = operation({
  id: 'otpAuthenticate',
  method: 'POST',
  api: 'access',
  path: `${SCANNER}/activation/otp/authenticate`,
  body: lazy(() => z.object({ userName: userName(), otp: z.string().check(z.regex(/^\d{10}$/)) })),
  response: authenticationResultSchema,
  checkedBy: 'authentication',
});

/** The user's scanner status as received (REQUESTED, POTENTIAL, OFFERED, COMPLETED, EFFECTIVE, MISSING): the route of the means check. */
export const scannerStatus = operation({
  id: 'scannerStatus',
  method: 'POST',
  api: 'access',
  path: `${SCANNER}/status`,
  bearer: true,
  body: user,
  response: lazy(() => z.looseObject({ status: z.string() })),
});

/** The signed-in person's latest scanner means agreement (REQD_AR, POTEN_AR, OFFRD_AR, COMPLD_AR, EFF_AR, MISSING). */
export const agreementsLatest = operation({
  id: 'agreementsLatest',
  method: 'GET',
  api: 'security',
  path: `${TOKEN}/management/agreements/latest`,
  bearer: true,
  response: lazy(() => z.looseObject({ status: z.string() })),
});

/** Provisions an offered or completed scanner agreement, so the scanner can be enrolled. */
export const provision = operation({
  id: 'provision',
  method: 'POST',
  api: 'access',
  path: `${SCANNER}/provision`,
  bearer: true,
  body: user,
  response: emptySchema,
});

/** Ends the activation: the level of assurance the user now has (1 or 2). */
export const finish = operation({
  id: 'finish',
  method: 'POST',
  api: 'access',
  path: `${SCANNER}/activation/finish`,
  bearer: true,
  body: user,
  response: lazy(() => z.looseObject({ levelOfAssurance: z.number().check(z.int()) })),
});

/** The identification colour code: any scanner shows its serial number for it. */
export const identification = operation({
  id: 'identification',
  method: 'GET',
  api: 'security',
  path: `${TOKEN}/management/enrolment/identification`,
  bearer: true,
  headers: { [ENCRYPTED_STATE_HEADER]: 'optional' },
  response: colourCodeSchema,
  checkedBy: 'colour-code',
  responseHeaders: { [ENCRYPTED_STATE_HEADER]: 'optional' },
});

/** Starts enrolling the scanner with that serial number: the PIN colour code. */
export const enrolmentInitiate = operation({
  id: 'enrolmentInitiate',
  method: 'POST',
  api: 'security',
  path: `${TOKEN}/enrolment/initiate`,
  bearer: true,
  headers: { [ENCRYPTED_STATE_HEADER]: 'optional' },
  body: lazy(() => z.object({ serialNumber: z.string().check(z.regex(/^38\d{8}$/)) })),
  response: colourCodeSchema,
  checkedBy: 'colour-code',
  responseHeaders: stateIn,
});

/** The scanner's confirmation code for the new PIN. */
export const enrolmentValidate = operation({
  id: 'enrolmentValidate',
  method: 'POST',
  api: 'security',
  path: `${TOKEN}/enrolment/validate`,
  bearer: true,
  headers: stateIn,
  body: tokenResponse,
  response: emptySchema,
  responseHeaders: stateIn,
});

/** The finish colour code, from the enrolled state. */
export const activationInitiate = operation({
  id: 'activationInitiate',
  method: 'POST',
  api: 'security',
  path: `${TOKEN}/activation/initiate`,
  bearer: true,
  headers: stateIn,
  response: colourCodeSchema,
  checkedBy: 'colour-code',
  responseHeaders: stateIn,
});

/** The scanner's confirmation code for the finish colour code (400: wrong; 403: too many attempts). */
export const activationValidate = operation({
  id: 'activationValidate',
  method: 'POST',
  api: 'security',
  path: `${TOKEN}/activation/validate`,
  bearer: true,
  headers: stateIn,
  body: tokenResponse,
  response: emptySchema,
  responseHeaders: stateIn,
});
