// The prose of the API contract: what each operation is for, when the widget calls it, and what
// each answer makes the widget do (spec section 8). Used by the OpenAPI generator only, so none
// of it reaches a browser bundle.
import { TRACED, type TracedOperation } from './trace';

/** How one operation is documented. */
export interface OperationDoc {
  summary: string;
  /** When the widget calls it and why; Markdown. */
  description: string;
  /** Which flows make the call. */
  flows: readonly string[];
  /** Status codes the widget handles, with what it does (a 2xx first). */
  responses: Readonly<Record<number, string>>;
}

const TECHNICAL = '5xx, no answer or a time-out: the technical error alert (or a blurred code with Refresh) where the screen has one, else the error page.';
const GENERIC = 'Any other status: the shared error handler (trace-error, then the error page with the trace id).';

/** The documentation of every operation, by operationId. */
export const OPERATION_DOCS: Readonly<Record<string, OperationDoc>> = {
  xsrfToken: {
    summary: 'Obtain the anti-forgery cookie',
    description:
      'Made once, before the first POST with cookies when no `XSRF-TOKEN` cookie can be read. The answer sets the `XSRF-TOKEN` cookie and may repeat its value in the `X-XSRF-TOKEN` header for hosts where the cookie is not readable; every later POST with cookies echoes it in `X-XSRF-TOKEN`. The body is not read.',
    flows: ['any'],
    responses: { 200: 'Cookie set; the body is ignored.' },
  },
  anonymousSessionInitiate: {
    summary: 'Start an anonymous session: its authentication context',
    description:
      'The unauthenticated first half of the anonymous session, sent **without cookies**. The scanner logon makes it when the user ID is submitted and on every colour-code refresh; the mobile logon makes it before the first QR code (and before a refreshed one once the anonymous session has expired). It is followed by `bootstrapWebSession`.',
    flows: ['scanner-logon', 'mobile-logon'],
    responses: { 200: 'The authentication context of the anonymous session.', 500: "Anonymous session failure: 'Can not GET anonymous session response' (technical error on scanner screens, blurred QR code on the mobile page)." },
  },
  bootstrapWebSession: {
    summary: 'Bootstrap the web session: the session cookie and the anonymous access token',
    description:
      "The second half of the anonymous session: the security API opens the web session (its cookie is the 'unauthenticated session cookie' the QR code is tied to) and answers the anonymous access token, which is the bearer of the standalone colour code and of the mobile logon.",
    flows: ['scanner-logon', 'mobile-logon'],
    responses: { 200: 'The anonymous access token (first entry of `accessTokens`).', 400: "The context was refused: 'Can not GET anonymous session response'." },
  },
  refreshToken: {
    summary: 'Refresh a profile’s tokens',
    description:
      'Made by the tab that leads the session for the origin: every 180 s, 3 s before each inactivity time-out (300 s and 900 s of idle time), and 300 s after the user comes back. `x-inactivity-seconds` is the whole seconds since the last typing, pointer or focus activity in any tab of the origin. Time-out 10 s; 3 retries.',
    flows: ['session'],
    responses: { 200: 'The new tokens (refresh tokens may rotate).', 401: 'The refresh token is no longer valid: that profile is removed.' },
  },
  revokeToken: {
    summary: 'Revoke a token',
    description: "Made for every token the session forgets on logout: the profiles' refresh tokens and the anonymous session's access token. Best effort.",
    flows: ['activation', 'scanner-logon', 'session'],
    responses: { 200: 'Revoked (an unknown token is answered the same way).' },
  },
  logout: {
    summary: 'Single-sign-on logout',
    description:
      "Made when an activation finishes (before 'And you're done') and when an inactivity limit ends a logon or an activation. Any status, or no answer, counts as logged out. A non-empty `ingLogOutUrl` on an allowed origin (settings `allowedRedirectOrigins` or the origin of `corporatePortal.logoutUrl`) ends the corporate-portal session too: after `amwa-logout` fires, and unless a listener cancels it, the browser goes there: at once after an inactivity limit, and when the user leaves 'And you're done' after an activation. A background request cannot do this: a cross-site fetch carries no SameSite=Lax cookie, and the strict CSP would block it.",
    flows: ['activation', 'scanner-logon'],
    responses: { 200: 'Logged out; `ingLogOutUrl` when the session came through the corporate portal.', 500: 'Logged out all the same (its body is still read).' },
  },
  qr: {
    summary: 'A QR code for the mobile logon',
    description:
      'Made after the anonymous session (`anonymousSessionInitiate`, `bootstrapWebSession`) so the code is tied to the web session, which its cookie identifies. Loaded when the mobile logon page shows and on Refresh.',
    flows: ['mobile-logon'],
    responses: {
      200: 'The QR code (base64 PNG).',
      400: 'Tried again up to 2 times, 1 s apart (e.g. the session cookie was not there yet), then as any other error.',
      500: 'The shared error handler; the QR code is blurred with Refresh.',
    },
  },
  qrConfirmed: {
    summary: 'Has the app confirmed the logon QR code?',
    description: 'Polled every 500 ms (one call at a time, paused while the page is hidden) until it answers true or `qrTimeout` passes.',
    flows: ['mobile-logon'],
    responses: { 200: '`confirmed: true` logs on.', 410: 'The code expired: blurred with Refresh, without an error.', 500: 'The shared error handler; blurred QR code.' },
  },
  linkQr: {
    summary: 'A QR code for linking a corporate-portal account',
    description: 'Link mode (`/pages/link-ib-user/mobile`). No anonymous session: the user arrives from the corporate portal.',
    flows: ['link'],
    responses: { 200: 'The QR code (base64 PNG).', 400: 'Tried again up to 2 times, 1 s apart.', 500: 'The shared error handler; blurred QR code.' },
  },
  linkQrConfirmed: {
    summary: 'Has the app confirmed the link QR code?',
    description: 'Polled like `qrConfirmed`. A confirmed link goes to `corporatePortal.precheckUrl` without a logon call.',
    flows: ['link'],
    responses: { 200: '`confirmed: true` goes to the precheck page.', 410: 'Expired: blurred with Refresh.', 500: 'The shared error handler; blurred QR code.' },
  },
  mobileLogon: {
    summary: 'Log on with the confirmed QR code',
    description:
      "The body is built from the session data: the anonymous session's authentication context (the one the QR code's web session belongs to) and the device profile the scanner logon sends too, so the bank's risk checks see both logon types alike. The bearer is the anonymous session's access token. Remembers 'mobile' as the logon type first.",
    flows: ['mobile-logon'],
    responses: {
      200: "The url to send the browser to; a missing url or one outside the allowed origins is 'Invalid redirection url' (generic error).",
      400: `The body does not fit. ${GENERIC}`,
      401: `The QR code was not confirmed for this session. ${GENERIC}`,
      500: TECHNICAL,
    },
  },
  standaloneInitiate: {
    summary: 'The colour code of the scanner logon',
    description:
      "The authentication context is the scanner logon's: the anonymous session's client, level of assurance 5, scope `personal_data`; `system` is the fixed marker `amwa-web`. The answer's `x-encrypted-state` goes with the response code.",
    flows: ['scanner-logon'],
    responses: { 200: 'The colour code; without a valid body or the state header it counts as an invalid response (500).', 500: TECHNICAL },
  },
  standaloneAuthenticate: {
    summary: "Answer the colour code with the scanner's response code",
    description: 'The answer is checked by the authentication component: one eligible profile logs on, several ask the profile selector, a partial result steps up.',
    flows: ['scanner-logon'],
    responses: {
      200: "An authentication result; a malformed one is 'authentication-means-error' ('malformed means response').",
      400: "'The combination of user id and code is not correct. Please check both user id and code and try again. You have 5 attempts before your scanner gets deactivated.'",
      403: "The fifth wrong code: the widget calls `scannerDeactivate`, then shows 'You have exceeded the number of attempts to enter a code. You have received an email with instructions on how to regain access to the bank.'",
      500: TECHNICAL,
    },
  },
  authenticationInitiate: {
    summary: 'The colour code of a step-up',
    description: "After a partial result, with the partial result's interim token and the logon's authentication context.",
    flows: ['scanner-logon'],
    responses: { 200: 'The colour code.', 500: TECHNICAL },
  },
  authenticationAuthenticate: {
    summary: 'Answer the step-up colour code',
    description: 'As `standaloneAuthenticate`, with the interim token and the authentication context in the body.',
    flows: ['scanner-logon'],
    responses: { 200: 'An authentication result.', 400: 'The 400 message under the code field.', 403: 'As `standaloneAuthenticate`: deactivation, then the 403 message.', 500: TECHNICAL },
  },
  transfer: {
    summary: 'A transfer OTP for the single-sign-on service',
    description: "Bought with the active profile's token once the authentication is complete; `clientId` is `sso`, `intent` is `logon`.",
    flows: ['scanner-logon'],
    responses: { 200: 'The OTP the logon call redeems.', 500: TECHNICAL },
  },
  transferAccessTokens: {
    summary: 'Redeem a transfer OTP (server side)',
    description:
      "Made by the single-sign-on service, never by the browser: the spec's logon sequence hands the transfer OTP to `scannerLogon`, which redeems it. Documented so the bank's back end sees the whole exchange; the contract test does not expect it from the widget.",
    flows: [],
    responses: { 200: 'Access tokens of the transferred session.', 400: 'Unknown, used or expired OTP.' },
  },
  scannerLogon: {
    summary: 'Log on with the transfer OTP',
    description:
      "The body carries the user name, the transfer OTP and the device profile (browser, operating system, a random 12-byte device identifier kept in localStorage, and a SHA-256 fingerprint that leaves out screen and available resolution, language, ad block, audio, media devices, pixel ratio and fonts). Remembers 'scanner' as the logon type first.",
    flows: ['scanner-logon'],
    responses: {
      200: "The url to send the browser to; missing or outside the allowed origins: 'Invalid redirection url'.",
      400: 'The 400 message under the code field.',
      403: 'As `standaloneAuthenticate`: deactivation, then the 403 message.',
      500: TECHNICAL,
    },
  },
  scannerDeactivate: {
    summary: 'Deactivate the scanner after too many wrong codes',
    description:
      "Made once, right after a logon call answered 403 (the fifth wrong code), with that logon's user name. **The server must accept it only for a user whose logon has just been answered 403 in the same browser session** (the sandbox ties it to the XSRF cookie of the request that got the 403, for 60 s); anything else must be refused, or anyone could deactivate anyone's scanner by user name. The widget shows the 403 message whatever the answer; a failure is traced with `log/trace-error`.",
    flows: ['scanner-logon'],
    responses: { 200: 'Deactivated.', 403: 'Refused: no 403 logon of that user in this session just before.' },
  },
  otpRequest: {
    summary: 'Send the registration code by e-mail',
    description: 'Step 1 of the activation.',
    flows: ['activation'],
    responses: {
      200: "Sent: 'Confirm your email' with the partly hidden address.",
      400: "Both fields: 'This combination of user ID and email address is not valid. Please check both and try again.' With `errorCode` 14 the account is blocked: the user ID field says 'Your account is blocked. Please contact your coordinator or get in touch with the bank via {email}.' and the e-mail field nothing.",
      500: TECHNICAL,
    },
  },
  otpAuthenticate: {
    summary: 'Check the registration code',
    description: "Step 2. The answer is the one-time-password means' authentication result in the OTP context (level of assurance 3, scope `personal-data`); its profile is signed in and its token is the bearer of every later activation call.",
    flows: ['activation'],
    responses: {
      200: 'An authentication result.',
      400: "'The registration code is not valid. Please check and try again.'; Next works again.",
      500: TECHNICAL,
    },
  },
  scannerStatus: {
    summary: "The user's scanner status: the route of the means check",
    description:
      "The means check's first call. REQUESTED and POTENTIAL go on to the serial number; OFFERED and COMPLETED call `provision` first; EFFECTIVE shows 'You already have an active scanner', MISSING 'You do not have a scanner'; any other value is 'Invalid scanner means agreement state' (a technical error on scanner screens).",
    flows: ['activation'],
    responses: { 200: 'The status.', 500: TECHNICAL },
  },
  agreementsLatest: {
    summary: 'The latest scanner means agreement of the signed-in person',
    description:
      "The means check's last call, made when the status leads on to the serial number (after `provision` where there is one): the agreement the scanner will be enrolled under must be REQD_AR or POTEN_AR. `scannerStatus` answers by user name which way the activation goes; this call, authenticated with the person's own token, confirms there is an agreement to enrol into (and that a provision produced one). Anything else is 'Invalid scanner means agreement state'.",
    flows: ['activation'],
    responses: { 200: 'The agreement code.', 500: TECHNICAL },
  },
  provision: {
    summary: 'Provision an offered or completed agreement',
    description: 'Made by the means check for OFFERED and COMPLETED before it goes on.',
    flows: ['activation'],
    responses: { 200: 'Provisioned.', 500: TECHNICAL },
  },
  finish: {
    summary: 'Finish the activation',
    description: "After the finish code was accepted. Then the single-sign-on logout, and 'And you're done'.",
    flows: ['activation'],
    responses: {
      200: "The level of assurance: 2, or 1 (then the coordinator note shows); anything else raises the internal error 'invalid-level-of-assurance' (generic).",
      500: TECHNICAL,
    },
  },
  identification: {
    summary: 'The serial-number colour code',
    description: 'Any scanner shows its serial number for it. The encrypted state is optional on this call and its answer.',
    flows: ['activation'],
    responses: { 200: 'The colour code.', 500: TECHNICAL },
  },
  enrolmentInitiate: {
    summary: 'Enrol the scanner: the PIN colour code',
    description: 'Sent on Next of the serial-number step.',
    flows: ['activation'],
    responses: { 200: 'The PIN colour code with a new encrypted state.', 500: "'A technical error occurred, please try again.' under the serial number." },
  },
  enrolmentValidate: {
    summary: "The scanner's confirmation code for the new PIN",
    description: 'Sent with the encrypted state; the answer hands on a new one.',
    flows: ['activation'],
    responses: { 200: "'Your PIN code is set!'", 400: GENERIC, 500: TECHNICAL },
  },
  activationInitiate: {
    summary: 'The finish colour code',
    description: 'Loaded when the finish step shows, from the enrolled state.',
    flows: ['activation'],
    responses: { 200: 'The colour code.', 500: TECHNICAL },
  },
  activationValidate: {
    summary: "The scanner's confirmation code for the finish colour code",
    description: 'Not sent again when only the finish call failed afterwards.',
    flows: ['activation'],
    responses: {
      200: 'Accepted: the finish call follows.',
      400: "'The confirmation code is not valid. Please check and try again.'",
      403: "'You have exceeded the number of attempts to enter a confirmation code. You have received an email with instructions on how to regain access to the bank.'",
      500: TECHNICAL,
    },
  },
  logTrace: {
    summary: 'Trace a milestone',
    description:
      'Fire and forget (`keepalive`, so a line sent just before the browser leaves still arrives). `context.responseId` is the `x-trace-id` of the answer the milestone follows, `context.username` the user ID where the flow knows one. The milestones are listed under "Traced operations".',
    flows: ['mobile-logon', 'link', 'scanner-logon', 'activation'],
    responses: { 200: 'Logged; failures are ignored.' },
  },
  logTraceError: {
    summary: 'Trace an error',
    description:
      "Sent for every error that reaches the shared error handler (time-outs, technical and generic errors), with `operation` = where it happened (the call's path or the component) and `context.responseId` = the answer's trace id. The handler waits for pending trace calls before it leaves for the error page.",
    flows: ['mobile-logon', 'link', 'scanner-logon', 'activation'],
    responses: { 200: 'Logged; failures are ignored.' },
  },
};

/** When each traced milestone is sent. */
export const TRACE_DOCS: Readonly<Record<TracedOperation, string>> = {
  [TRACED.scannerLogonStarted]: 'Scanner logon: the user ID was accepted and the anonymous session started (`username`).',
  [TRACED.scannerLogonAuthenticated]: 'Scanner logon: the response code was accepted (`responseId` of the authenticate answer).',
  [TRACED.scannerLogonStepUp]: 'Scanner logon: the result was partial and a step-up colour code follows.',
  [TRACED.scannerLogonLoggedOn]: 'Scanner logon: the logon call answered the url; the browser leaves next.',
  [TRACED.scannerDeactivated]: 'Scanner logon: the fifth wrong code (403) and the deactivation call answered.',
  [TRACED.mobileLogonConfirmed]: 'Mobile logon: the app confirmed the QR code.',
  [TRACED.mobileLogonLoggedOn]: 'Mobile logon: the mobile logon answered the url; the browser leaves next.',
  [TRACED.linkConfirmed]: 'Link mode: the app confirmed the QR code; the browser goes to the precheck page.',
  [TRACED.activationOtpRequested]: 'Activation: the registration e-mail was sent.',
  [TRACED.activationOtpAuthenticated]: 'Activation: the registration code signed the user in.',
  [TRACED.activationMeansChecked]: 'Activation: the means check ended (serial number step, or a status alert).',
  [TRACED.activationSerialNumber]: 'Activation: the serial number was accepted (the PIN colour code came).',
  [TRACED.activationPinSet]: 'Activation: the PIN confirmation code was accepted.',
  [TRACED.activationFinished]: "Activation: the finish call answered a level of assurance; 'And you're done' follows.",
  [TRACED.sessionExpired]: 'Scanner logon or activation: the inactivity limit logged the user out.',
};
