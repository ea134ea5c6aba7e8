// Scanner logon: the standalone cronto authentication (a colour code only the persona's active
// scanner can answer, five wrong answers deactivate it) answering an authentication result, the
// step-up's cronto authentication in the context of a partial result, and the logon call that
// redeems the transfer OTP for the url of the sandbox's 'You are logged on' page.
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as contract from '../../../src/contract/scanner-logon';
import {
  deactivateScanner,
  ENCRYPTED_STATE_HEADER,
  findChallenge,
  isExpired,
  issueChallenge,
  readState,
  retireChallenge,
  scannerActive,
  scannerDeactivated,
  signState,
} from './cronto';
import { API_BASE, json, publicOrigin } from './http';
import { authenticationResultFor, MULTI_PROFILE_USER_ID } from './oauth';
import { bearer, body, redeemTransfer } from './security';
import { defineSlice, findPersona, type SandboxState } from './state';

/** The single-sign-on service a logon's transfer OTP must be made out to. */
export const SSO_CLIENT_ID = 'sso';

/** Wrong response codes that deactivate the scanner (spec section 9). */
export const MAX_LOGON_ATTEMPTS = 5;
/** How long after a 403 the deactivation call of that logon is accepted. */
export const DEACTIVATION_WINDOW_S = 60;

/** A logon the sandbox accepted, kept for tests that check what the widget sent. */
export interface AcceptedLogon {
  username: string;
  deviceProfile: { browser: string; operatingSystem: string; deviceUniqueIdentifier: string; deviceFingerprint: string };
  at: number;
}

const logons = defineSlice('scanner-logons', () => [] as AcceptedLogon[]);
// User → the XSRF cookie of the browser whose logon was just answered 403, and until when its deactivation call counts.
const deactivationDue = defineSlice('scanner-deactivation-due', () => new Map<string, { browser: string | undefined; until: number }>());

/** The logons accepted since the last reset, oldest first. */
export const acceptedLogons = (state: SandboxState): readonly AcceptedLogon[] => state.slice(logons);

const luhnDigit = (digits: string) => {
  const sum = [...digits].reverse().reduce((total, digit, i) => {
    const value = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return String((10 - (sum % 10)) % 10);
};

/** A 7-digit response code: six random digits and a Luhn check digit. */
export function responseCode(): string {
  const body = Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte % 10).join('');
  return body + luhnDigit(body);
}

const attemptsKey = (userId: string) => `logon:${userId}`;

/** Which authentication a colour code belongs to, signed into its state so each authenticate takes only its own. */
type Flow = 'standalone' | 'step-up';

/** Issues an authentication colour code for `userId` and answers it with its encrypted state. */
function colourCode(c: Context, state: SandboxState, userId: string, flow: Flow) {
  const { id, base64Png, expirationDuration } = issueChallenge(state, { userId, kind: 'authentication', display: responseCode() });
  c.header(ENCRYPTED_STATE_HEADER, signState(state, { challenge: id, kind: 'authentication', flow }));
  return json(c, { base64Cronto: base64Png, expirationDuration, responseCheckDigit: true, responseLength: 7 });
}

/**
 * Checks a response code against the colour code the request's encrypted state names (and, for
 * a step-up, that `owner` asked for it): the persona it proves, or the error answer. Five wrong
 * codes in a row, over both flows, deactivate the scanner.
 */
function verify(c: Context, state: SandboxState, flow: Flow, tokenResponse: string | undefined, owner?: string): { userId: string } | Response {
  const signed = readState(state, c.req.header(ENCRYPTED_STATE_HEADER));
  const challenge = typeof signed?.challenge === 'string' && signed.flow === flow ? findChallenge(state, signed.challenge) : undefined;
  if (tokenResponse === undefined || challenge?.kind !== 'authentication' || (owner !== undefined && challenge.userId !== owner)) {
    return json(c, { errorCode: 'invalid-encrypted-state' }, 400);
  }
  if (isExpired(state, challenge)) return json(c, { errorCode: 'colour-code-expired' }, 400);
  const { userId } = challenge;
  // From the fifth wrong code on the logon is refused, and this browser may deactivate the scanner.
  const refuse = () => {
    state.slice(deactivationDue).set(userId, { browser: getCookie(c, 'XSRF-TOKEN'), until: state.now() + DEACTIVATION_WINDOW_S * 1000 });
    return json(c, { errorCode: 'scanner-deactivated' }, 403);
  };
  if (scannerDeactivated(state, userId) || (state.attempts.get(attemptsKey(userId)) ?? 0) >= MAX_LOGON_ATTEMPTS) return refuse();
  if (!scannerActive(state, userId)) return json(c, { errorCode: 'invalid-response' }, 400);
  if (tokenResponse !== challenge.display) {
    const attempts = (state.attempts.get(attemptsKey(userId)) ?? 0) + 1;
    state.attempts.set(attemptsKey(userId), attempts);
    return attempts < MAX_LOGON_ATTEMPTS ? json(c, { errorCode: 'invalid-response' }, 400) : refuse();
  }
  state.attempts.delete(attemptsKey(userId));
  retireChallenge(state, challenge.id);
  return { userId };
}

/** The live user token of the request: the step-up's interim token (the partial result's). */
const stepUpBearer = (state: SandboxState, c: Context) => {
  const token = bearer(state, c);
  return token?.kind === 'user' && token.userId ? token.userId : undefined;
};

/** The scanner logon calls. */
export function scannerLogon(app: Hono, state: SandboxState): void {
  app.post(contract.standaloneInitiate.path, async (c) => {
    if (bearer(state, c)?.kind !== 'anonymous') return json(c, { errorCode: 'unauthorized' }, 401);
    const request = await body(c, contract.standaloneInitiate.body!());
    if (!request) return json(c, { errorCode: 'bad-request' }, 400);
    // Unknown users get a colour code too: no scanner can answer it, and nobody learns who exists.
    return colourCode(c, state, request.userId, 'standalone');
  });

  app.post(contract.standaloneAuthenticate.path, async (c) => {
    if (bearer(state, c)?.kind !== 'anonymous') return json(c, { errorCode: 'unauthorized' }, 401);
    const request = await body(c, contract.standaloneAuthenticate.body!());
    const verified = verify(c, state, 'standalone', request?.tokenResponse);
    if (verified instanceof Response) return verified;
    // With the stepUp knob, the two-profile persona needs a second scanner confirmation.
    const partial = state.config.stepUp && verified.userId === MULTI_PROFILE_USER_ID;
    return json(c, authenticationResultFor(state, verified.userId, { partial }));
  });

  app.post(contract.authenticationInitiate.path, async (c) => {
    const userId = stepUpBearer(state, c);
    if (!userId) return json(c, { errorCode: 'unauthorized' }, 401);
    if (!(await body(c, contract.authenticationInitiate.body!()))) return json(c, { errorCode: 'bad-request' }, 400);
    return colourCode(c, state, userId, 'step-up');
  });

  app.post(contract.authenticationAuthenticate.path, async (c) => {
    const userId = stepUpBearer(state, c);
    if (!userId) return json(c, { errorCode: 'unauthorized' }, 401);
    const request = await body(c, contract.authenticationAuthenticate.body!());
    const verified = verify(c, state, 'step-up', request?.tokenResponse, userId);
    if (verified instanceof Response) return verified;
    return json(c, authenticationResultFor(state, verified.userId));
  });

  app.post(API_BASE + contract.scannerLogon.path, async (c) => {
    const request = await body(c, contract.scannerLogon.body!());
    if (!request) return json(c, { errorCode: 'bad-request' }, 400);
    const transfer = redeemTransfer(state, request.transferOtp);
    if (transfer?.clientId !== SSO_CLIENT_ID || transfer.userId !== request.username.toUpperCase() || transfer.levelOfAssurance < 5) {
      return json(c, { errorCode: 'invalid-transfer-otp' }, 400);
    }
    const { username, browser, operatingSystem, deviceUniqueIdentifier, deviceFingerprint } = request;
    state.slice(logons).push({ username, deviceProfile: { browser, operatingSystem, deviceUniqueIdentifier, deviceFingerprint }, at: state.now() });
    return json(c, { url: new URL(state.config.logonRedirectUrl, publicOrigin(c)).href });
  });

  // Accepted only for a user whose logon this browser (its XSRF cookie) was just refused with 403:
  // nobody can deactivate someone else's scanner by user name.
  app.post(API_BASE + contract.scannerDeactivate.path, async (c) => {
    const request = await body(c, contract.scannerDeactivate.body!());
    const persona = findPersona(state, request?.username);
    const due = persona && state.slice(deactivationDue).get(persona.userId);
    if (!persona || !due || state.now() >= due.until || due.browser === undefined || due.browser !== getCookie(c, 'XSRF-TOKEN')) {
      return json(c, { errorCode: 'deactivation-not-allowed' }, 403);
    }
    state.slice(deactivationDue).delete(persona.userId);
    deactivateScanner(state, persona.userId);
    return json(c, {});
  });
}
