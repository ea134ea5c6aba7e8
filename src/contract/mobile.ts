// The QR logon and link mode: QR codes, the confirmation poll, and the mobile logon.
import * as z from 'zod/mini';
import { lazy } from './lazy';
import { operation } from './operation';
import { authenticationContextSchema, deviceProfileShape } from './shapes';

const qrSchema = lazy(() => z.object({ qr: z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/)) }));
const confirmedSchema = lazy(() => z.object({ confirmed: z.boolean() }));

/** A QR code for the mobile logon, tied to the web session of the anonymous session started just before. */
export const qr = operation({ id: 'qr', method: 'GET', api: 'access', path: '/v1/api/public/qr', response: qrSchema });

/** Has the app confirmed the logon QR code? Polled every 500 ms; 410 once the code expired. */
export const qrConfirmed = operation({ id: 'qrConfirmed', method: 'GET', api: 'access', path: '/v1/api/public/qr/confirmed', response: confirmedSchema });

/** A QR code for linking a corporate-portal account. */
export const linkQr = operation({ id: 'linkQr', method: 'GET', api: 'access', path: '/v1/api/public/link/qr', response: qrSchema });

/** Has the app confirmed the link QR code? */
export const linkQrConfirmed = operation({
  id: 'linkQrConfirmed',
  method: 'GET',
  api: 'access',
  path: '/v1/api/public/link/qr/confirmed',
  response: confirmedSchema,
});

/** The mobile logon body: built from the session data (the anonymous session's context) and the device profile. */
export const mobileLogonBodySchema = lazy(() => z.object({ authenticationContext: authenticationContextSchema(), ...deviceProfileShape() }));

/** Logs on with the confirmed QR code: the url to send the browser to (missing: 'Invalid redirection url'). */
export const mobileLogon = operation({
  id: 'mobileLogon',
  method: 'POST',
  api: 'access',
  path: '/v1/api/public/mobile/logon',
  bearer: true,
  body: mobileLogonBodySchema,
  response: lazy(() => z.looseObject({ url: z.optional(z.string()) })),
});
