// Scanner logon: the standalone cronto authentication (a colour code only the persona's active
// scanner can answer, five wrong answers deactivate it) and the logon call that redeems the
// transfer OTP for the url of the sandbox's 'You are logged on' page.
import type { Hono } from 'hono';
import * as z from 'zod/mini';
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
import { API_BASE, json } from './http';
import { bearer, body, issueToken, redeemTransfer } from './security';
import { defineSlice, type SandboxState } from './state';

const STANDALONE = '/security-means/cronto-hardware-token/actions/authentication/standalone';

/** The single-sign-on service a logon's transfer OTP must be made out to. */
export const SSO_CLIENT_ID = 'sso';

/** Wrong response codes that deactivate the scanner (spec section 9). */
export const MAX_LOGON_ATTEMPTS = 5;

/** A logon the sandbox accepted, kept for tests that check what the widget sent. */
export interface AcceptedLogon {
  username: string;
  deviceProfile: { browser: string; operatingSystem: string; deviceUniqueIdentifier: string; deviceFingerprint: string };
  at: number;
}

const logons = defineSlice('scanner-logons', () => [] as AcceptedLogon[]);

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

const initiateSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  system: z.string().check(z.minLength(1)),
  authenticationContext: z.looseObject({ clientId: z.string(), requiredLevelOfAssurance: z.number() }),
});
const authenticateSchema = z.object({ tokenResponse: z.string() });
const logonSchema = z.object({
  username: z.string(),
  transferOtp: z.string(),
  browser: z.string(),
  operatingSystem: z.string(),
  deviceUniqueIdentifier: z.string().check(z.regex(/^[\w-]{16}$/)),
  deviceFingerprint: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});

const attemptsKey = (userId: string) => `logon:${userId}`;

/** The scanner logon calls. */
export function scannerLogon(app: Hono, state: SandboxState): void {
  app.post(`${STANDALONE}/initiate`, async (c) => {
    if (bearer(state, c)?.kind !== 'anonymous') return json(c, { errorCode: 'unauthorized' }, 401);
    const request = await body(c, initiateSchema);
    if (!request) return json(c, { errorCode: 'bad-request' }, 400);
    // Unknown users get a colour code too: no scanner can answer it, and nobody learns who exists.
    const { id, base64Png, expirationDuration } = issueChallenge(state, { userId: request.userId, kind: 'authentication', display: responseCode() });
    c.header(ENCRYPTED_STATE_HEADER, signState(state, { challenge: id, kind: 'authentication' }));
    return json(c, { base64Cronto: base64Png, expirationDuration, responseCheckDigit: true, responseLength: 7 });
  });

  app.post(`${STANDALONE}/authenticate`, async (c) => {
    if (bearer(state, c)?.kind !== 'anonymous') return json(c, { errorCode: 'unauthorized' }, 401);
    const request = await body(c, authenticateSchema);
    const signed = readState(state, c.req.header(ENCRYPTED_STATE_HEADER));
    const challenge = typeof signed?.challenge === 'string' ? findChallenge(state, signed.challenge) : undefined;
    if (!request || challenge?.kind !== 'authentication') return json(c, { errorCode: 'invalid-encrypted-state' }, 400);
    if (isExpired(state, challenge)) return json(c, { errorCode: 'colour-code-expired' }, 400);
    const { userId } = challenge;
    if (scannerDeactivated(state, userId)) return json(c, { errorCode: 'scanner-deactivated' }, 403);
    if (!scannerActive(state, userId)) return json(c, { errorCode: 'invalid-response' }, 400);
    if (request.tokenResponse !== challenge.display) {
      const attempts = (state.attempts.get(attemptsKey(userId)) ?? 0) + 1;
      state.attempts.set(attemptsKey(userId), attempts);
      if (attempts < MAX_LOGON_ATTEMPTS) return json(c, { errorCode: 'invalid-response' }, 400);
      deactivateScanner(state, userId);
      return json(c, { errorCode: 'scanner-deactivated' }, 403);
    }
    state.attempts.delete(attemptsKey(userId));
    retireChallenge(state, challenge.id);
    const { entry } = issueToken(state, { kind: 'user', userId, levelOfAssurance: 5 });
    return json(c, { accessTokens: [entry] });
  });

  app.post(`${API_BASE}/v1/api/public/scanner/logon`, async (c) => {
    const request = await body(c, logonSchema);
    if (!request) return json(c, { errorCode: 'bad-request' }, 400);
    const transfer = redeemTransfer(state, request.transferOtp);
    if (transfer?.clientId !== SSO_CLIENT_ID || transfer.userId !== request.username.toUpperCase() || transfer.levelOfAssurance < 5) {
      return json(c, { errorCode: 'invalid-transfer-otp' }, 400);
    }
    const { username, browser, operatingSystem, deviceUniqueIdentifier, deviceFingerprint } = request;
    state.slice(logons).push({ username, deviceProfile: { browser, operatingSystem, deviceUniqueIdentifier, deviceFingerprint }, at: state.now() });
    return json(c, { url: new URL(state.config.logonRedirectUrl, c.req.url).href });
  });
}
