// Scanner activation: the registration e-mail with its one-time code, the status and provision
// calls, and the cronto management steps (identify the scanner, enrol it with a PIN, activate
// it) that end with the finish call turning the persona's scanner EFFECTIVE.
import type { Context, Hono } from 'hono';
import * as contract from '../../../src/contract/activation';
import { dammCheckDigit } from '../../../src/core/validate/check-digits';
import { ENCRYPTED_STATE_HEADER, findChallenge, isExpired, issueChallenge, readState, retireChallenge, signState, type ChallengeKind } from './cronto';
import { API_BASE, json } from './http';
import { issueTokensFor } from './oauth';
import { bearer, body, type IssuedToken } from './security';
import { defineSlice, findPersona, formatSerial, type Persona, type SandboxState, type ScannerStatus } from './state';

/** How long a registration code can be used (spec section 9). */
export const REGISTRATION_CODE_TTL_S = 600;
/** Wrong finish codes before the finish step answers 403 (spec sections 8 and 9). */
export const MAX_FINISH_ATTEMPTS = 5;
/** The OTP request's error code for a blocked account (spec section 8). */
export const BLOCKED_ERROR_CODE = 14;
/** Level of assurance of the session a registration code opens (the OTP context of spec section 3). */
export const OTP_LEVEL_OF_ASSURANCE = 3;

/** A registration code waiting to be typed in. */
interface PendingCode {
  code: string;
  expiresAt: number;
}

/** Where a persona's activation stands, beyond what the signed state carries. */
interface Progress {
  provisioned: boolean;
  /** The activation code was accepted: the finish call may go through. */
  activated: boolean;
}

const codes = defineSlice('activation-codes', () => new Map<string, PendingCode>());
const progress = defineSlice('activation-progress', () => new Map<string, Progress>());

const randomDigits = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => byte % 10).join('');

/** A 10-digit registration code: nine random digits and their Damm check digit. */
export const registrationCode = () => {
  const digits = randomDigits(9);
  return digits + dammCheckDigit(digits);
};

const progressOf = (state: SandboxState, userId: string) => {
  const map = state.slice(progress);
  let entry = map.get(userId);
  if (!entry) map.set(userId, (entry = { provisioned: false, activated: false }));
  return entry;
};

/** The agreement code `agreements/latest` answers for a status; an offered or completed agreement is requested once provisioned. */
export function agreementCode(status: ScannerStatus, provisioned: boolean): string {
  if (provisioned && (status === 'OFFERED' || status === 'COMPLETED')) return 'REQD_AR';
  const codes: Record<ScannerStatus, string> = { REQUESTED: 'REQD_AR', POTENTIAL: 'POTEN_AR', OFFERED: 'OFFRD_AR', COMPLETED: 'COMPLD_AR', EFFECTIVE: 'EFF_AR', MISSING: 'MISSING' };
  return codes[status];
}

/** The persona the bearer token was issued to through a registration code, if it names `userName` (when given). */
function activatingUser(state: SandboxState, c: Context, userName?: string): Persona | undefined {
  const token: IssuedToken | undefined = bearer(state, c);
  if (token?.kind !== 'user' || !token.userId || token.levelOfAssurance < OTP_LEVEL_OF_ASSURANCE) return undefined;
  if (userName !== undefined && findPersona(state, userName)?.userId !== token.userId) return undefined;
  return findPersona(state, token.userId);
}

/** The state a step hands on, checked: signed by this sandbox, for this user, at `step`. */
function signedStep(state: SandboxState, c: Context, persona: Persona, step: string) {
  const signed = readState(state, c.req.header(ENCRYPTED_STATE_HEADER));
  return signed?.userId === persona.userId && signed.step === step ? signed : undefined;
}

// Only the scanner with that serial number can read a colour code made for it.
const scannerOwner = (state: SandboxState, serial: string) =>
  [...state.personas.values()].find((persona) => persona.serialNumber === serial)?.userId ?? `serial-${serial}`;

/** Issues a colour code whose 15-digit answer the scanner shows, and the state that remembers it. */
function codeChallenge(state: SandboxState, c: Context, kind: ChallengeKind, persona: Persona, serial: string, step: string) {
  const { id, base64Png, expirationDuration } = issueChallenge(state, { userId: scannerOwner(state, serial), kind, display: randomDigits(15) });
  c.header(ENCRYPTED_STATE_HEADER, signState(state, { userId: persona.userId, step, serial, challenge: id }));
  return json(c, { base64Cronto: base64Png, expirationDuration, responseCheckDigit: false, responseLength: 15, serialNumber: formatSerial(serial) });
}

/** The open challenge a validate call answers, or the error answer. */
function answeredChallenge(state: SandboxState, signed: Record<string, unknown> | undefined, kind: ChallengeKind) {
  const challenge = typeof signed?.challenge === 'string' ? findChallenge(state, signed.challenge) : undefined;
  if (challenge?.kind !== kind) return { error: 'invalid-encrypted-state' } as const;
  if (isExpired(state, challenge)) return { error: 'colour-code-expired' } as const;
  return { challenge } as const;
}

const unauthorized = (c: Context) => json(c, { errorCode: 'unauthorized' }, 401);
const badRequest = (c: Context, errorCode = 'bad-request') => json(c, { errorCode }, 400);

/** The scanner activation calls (spec section 7). */
export function activation(app: Hono, state: SandboxState): void {
  app.post(API_BASE + contract.otpRequest.path, async (c) => {
    const request = await body(c, contract.otpRequest.body!());
    const persona = findPersona(state, request?.userName);
    if (!request || !persona || persona.email.toLowerCase() !== request.emailAddress.trim().toLowerCase()) {
      return badRequest(c, 'invalid-user-email-combination');
    }
    if (persona.blocked) return json(c, { errorCode: BLOCKED_ERROR_CODE }, 400);
    const code = registrationCode();
    state.slice(codes).set(persona.userId, { code, expiresAt: state.now() + REGISTRATION_CODE_TTL_S * 1000 });
    state.outbox.push({ userId: persona.userId, to: persona.email, code, sentAt: new Date(state.now()).toISOString() });
    return json(c, {});
  });

  app.post(API_BASE + contract.otpAuthenticate.path, async (c) => {
    const request = await body(c, contract.otpAuthenticate.body!());
    const persona = findPersona(state, request?.userName);
    const pending = persona && state.slice(codes).get(persona.userId);
    if (!request || !persona || !pending || state.now() >= pending.expiresAt || pending.code !== request.otp) {
      return badRequest(c, 'invalid-registration-code');
    }
    state.slice(codes).delete(persona.userId);
    // Refreshable like any profile: an activation with a physical scanner can outlast one token.
    const accessTokens = issueTokensFor(state, persona.userId, OTP_LEVEL_OF_ASSURANCE);
    return json(c, { person: { id: accessTokens[0]!.personId }, authentication: { status: 'complete' }, accessTokens });
  });

  app.post(API_BASE + contract.scannerStatus.path, async (c) => {
    const persona = activatingUser(state, c, (await body(c, contract.scannerStatus.body!()))?.userName);
    return persona ? json(c, { status: persona.scannerStatus }) : unauthorized(c);
  });

  // The signed-in person's own agreement: no user name, the bearer says whose.
  app.get(contract.agreementsLatest.path, (c) => {
    const persona = activatingUser(state, c);
    if (!persona) return unauthorized(c);
    return json(c, { status: agreementCode(persona.scannerStatus, progressOf(state, persona.userId).provisioned) });
  });

  app.post(API_BASE + contract.provision.path, async (c) => {
    const persona = activatingUser(state, c, (await body(c, contract.provision.body!()))?.userName);
    if (!persona) return unauthorized(c);
    progressOf(state, persona.userId).provisioned = true;
    return json(c, {});
  });

  app.get(contract.identification.path, (c) => {
    const persona = activatingUser(state, c);
    if (!persona) return unauthorized(c);
    // Every scanner shows its own serial number for this code (see cronto.ts).
    const { base64Png, expirationDuration } = issueChallenge(state, { userId: persona.userId, kind: 'identification', display: formatSerial(persona.serialNumber) });
    return json(c, { base64Cronto: base64Png, expirationDuration, responseCheckDigit: true, responseLength: 10 });
  });

  app.post(contract.enrolmentInitiate.path, async (c) => {
    const persona = activatingUser(state, c);
    if (!persona) return unauthorized(c);
    const request = await body(c, contract.enrolmentInitiate.body!());
    if (!request) return badRequest(c, 'invalid-serial-number');
    const { scannerStatus } = persona;
    const provisioned = progressOf(state, persona.userId).provisioned;
    if (scannerStatus === 'EFFECTIVE' || scannerStatus === 'MISSING' || ((scannerStatus === 'OFFERED' || scannerStatus === 'COMPLETED') && !provisioned)) {
      return json(c, { errorCode: 'scanner-not-enrollable' }, 409);
    }
    return codeChallenge(state, c, 'enrolment', persona, request.serialNumber, 'enrolment');
  });

  app.post(contract.enrolmentValidate.path, async (c) => {
    const persona = activatingUser(state, c);
    if (!persona) return unauthorized(c);
    const request = await body(c, contract.enrolmentValidate.body!());
    const signed = signedStep(state, c, persona, 'enrolment');
    const found = answeredChallenge(state, signed, 'enrolment');
    if (!request || !signed) return badRequest(c);
    if ('error' in found) return badRequest(c, found.error);
    if (request.tokenResponse !== found.challenge.display) return badRequest(c, 'invalid-token-response');
    retireChallenge(state, found.challenge.id);
    c.header(ENCRYPTED_STATE_HEADER, signState(state, { userId: persona.userId, step: 'enrolled', serial: signed.serial }));
    return json(c, {});
  });

  app.post(contract.activationInitiate.path, (c) => {
    const persona = activatingUser(state, c);
    if (!persona) return unauthorized(c);
    // A refresh re-initiates from the state of the previous activation colour code.
    const signed = signedStep(state, c, persona, 'enrolled') ?? signedStep(state, c, persona, 'activation');
    if (!signed || typeof signed.serial !== 'string') return badRequest(c, 'invalid-encrypted-state');
    return codeChallenge(state, c, 'activation', persona, signed.serial, 'activation');
  });

  app.post(contract.activationValidate.path, async (c) => {
    const persona = activatingUser(state, c);
    if (!persona) return unauthorized(c);
    const key = `activation:${persona.userId}`;
    if ((state.attempts.get(key) ?? 0) >= MAX_FINISH_ATTEMPTS) return json(c, { errorCode: 'too-many-attempts' }, 403);
    const request = await body(c, contract.activationValidate.body!());
    const signed = signedStep(state, c, persona, 'activation');
    const found = answeredChallenge(state, signed, 'activation');
    if (!request || !signed) return badRequest(c);
    if ('error' in found) return badRequest(c, found.error);
    if (request.tokenResponse !== found.challenge.display) {
      const attempts = (state.attempts.get(key) ?? 0) + 1;
      state.attempts.set(key, attempts);
      return attempts < MAX_FINISH_ATTEMPTS ? badRequest(c, 'invalid-token-response') : json(c, { errorCode: 'too-many-attempts' }, 403);
    }
    state.attempts.delete(key);
    retireChallenge(state, found.challenge.id);
    progressOf(state, persona.userId).activated = true;
    c.header(ENCRYPTED_STATE_HEADER, signState(state, { userId: persona.userId, step: 'activated', serial: signed.serial }));
    return json(c, {});
  });

  app.post(API_BASE + contract.finish.path, async (c) => {
    const persona = activatingUser(state, c, (await body(c, contract.finish.body!()))?.userName);
    if (!persona) return unauthorized(c);
    if (!progressOf(state, persona.userId).activated || persona.levelOfAssurance === null) return json(c, { errorCode: 'activation-not-validated' }, 409);
    persona.scannerStatus = 'EFFECTIVE';
    return json(c, { levelOfAssurance: persona.levelOfAssurance });
  });
}
