// The security side every flow leans on: anonymous sessions, bearer access tokens, and transfer
// one-time passwords that hand an authenticated session over to another service.
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type * as z from 'zod/mini';
import { transfer, transferAccessTokens } from '../../../src/contract/scanner-logon';
import { anonymousSessionInitiate, bootstrapWebSession } from '../../../src/contract/session';
import { API_BASE, json, randomToken } from './http';
import { defineSlice, type SandboxState } from './state';

/** An access token the sandbox issued. */
export interface IssuedToken {
  accessToken: string;
  kind: 'anonymous' | 'user';
  /** For user tokens: the persona it was issued to (upper case). */
  userId?: string;
  levelOfAssurance: number;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** A transfer one-time password waiting to be redeemed. */
export interface Transfer {
  otp: string;
  userId: string;
  clientId: string;
  intent: string;
  levelOfAssurance: number;
  expiresAt: number;
}

/** Lifetime of an access token, in seconds. */
export const ACCESS_TOKEN_TTL_S = 900;
/** Lifetime of a transfer OTP, in seconds. */
export const TRANSFER_TTL_S = 60;
/** The client the anonymous session's authentication context names. */
export const WEB_CLIENT_ID = 'amwa-web';

/** The web session's cookie: the 'unauthenticated session cookie' the anonymous session's bootstrap sets. */
export const WEB_SESSION_COOKIE = 'web-session';

const tokens = defineSlice('security-tokens', () => new Map<string, IssuedToken>());
const transfers = defineSlice('security-transfers', () => new Map<string, Transfer>());
/** Web sessions held at once; one more pushes the oldest out, so clients that keep bootstrapping cannot grow the sandbox. */
export const MAX_WEB_SESSIONS = 1000;

// Web session id → the anonymous access token its bootstrap issued, oldest first.
const webSessions = defineSlice('security-web-sessions', () => new Map<string, string>());

/** How many web sessions the sandbox holds (each with its anonymous token). */
export const webSessionCount = (state: SandboxState) => state.slice(webSessions).size;

/** Forgets, with their anonymous tokens, the web sessions whose token expired, then the oldest over `MAX_WEB_SESSIONS - 1`: room for one more. */
function forgetEndedWebSessions(state: SandboxState) {
  const sessions = state.slice(webSessions);
  const issued = state.slice(tokens);
  const forget = (id: string, accessToken: string) => {
    sessions.delete(id);
    issued.delete(accessToken);
  };
  for (const [id, accessToken] of sessions) {
    const token = issued.get(accessToken);
    if (!token || state.now() >= token.expiresAt) forget(id, accessToken);
  }
  for (const [id, accessToken] of sessions) {
    if (sessions.size < MAX_WEB_SESSIONS) break;
    forget(id, accessToken);
  }
}

/** Issues an access token and the `accessTokens` entry the security API answers with. */
export function issueToken(state: SandboxState, token: Omit<IssuedToken, 'accessToken' | 'expiresAt'>) {
  const issued: IssuedToken = { ...token, accessToken: randomToken(40), expiresAt: state.now() + ACCESS_TOKEN_TTL_S * 1000 };
  state.slice(tokens).set(issued.accessToken, issued);
  return {
    issued,
    entry: {
      accessToken: issued.accessToken,
      accessTokenTimeToLive: ACCESS_TOKEN_TTL_S,
      expirationTime: issued.expiresAt,
      identifyeeType: 'customer',
      requesterLevelOfAssurance: issued.levelOfAssurance,
      executorLevelOfAssurance: issued.levelOfAssurance,
      ...(issued.userId ? { profileId: `profile-${issued.userId.toLowerCase()}`, profileName: issued.userId, personId: `person-${issued.userId.toLowerCase()}` } : {}),
    },
  };
}

/** The live token of the request's `Authorization: Bearer …` header, if any. */
export function bearer(state: SandboxState, c: Context): IssuedToken | undefined {
  const value = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  const token = value ? state.slice(tokens).get(value) : undefined;
  return token && state.now() < token.expiresAt ? token : undefined;
}

/** The web session of the request's cookie: its id and its live anonymous token. */
export function webSession(state: SandboxState, c: Context): { id: string; token: IssuedToken } | undefined {
  const id = getCookie(c, WEB_SESSION_COOKIE);
  const accessToken = id === undefined ? undefined : state.slice(webSessions).get(id);
  const token = accessToken === undefined ? undefined : state.slice(tokens).get(accessToken);
  return id !== undefined && token && state.now() < token.expiresAt ? { id, token } : undefined;
}

/** Redeems a transfer OTP once; undefined when unknown, used or expired. */
export function redeemTransfer(state: SandboxState, otp: unknown): Transfer | undefined {
  if (typeof otp !== 'string') return undefined;
  const registry = state.slice(transfers);
  const transfer = registry.get(otp);
  registry.delete(otp);
  return transfer && state.now() < transfer.expiresAt ? transfer : undefined;
}

/** Reads a JSON body against `schema`; undefined when it does not fit. */
export async function body<T>(c: Context, schema: z.ZodMiniType<T>): Promise<T | undefined> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  return parsed.success ? parsed.data : undefined;
}


/** Anonymous sessions, bootstrap and transfers (spec section 7). */
export function security(app: Hono, state: SandboxState): void {
  app.post(API_BASE + anonymousSessionInitiate.path, (c) =>
    json(c, { authenticationContext: { clientId: WEB_CLIENT_ID, identifyeeType: 'customer', requiredLevelOfAssurance: 1, scopes: [] } }),
  );

  // Opens the web session: its cookie ties the QR code (and the mobile logon) to this anonymous session.
  app.post(bootstrapWebSession.path, async (c) => {
    const request = await body(c, bootstrapWebSession.body!());
    if (!request) return json(c, { errorCode: 'invalid-authentication-context' }, 400);
    forgetEndedWebSessions(state);
    const { issued, entry } = issueToken(state, { kind: 'anonymous', levelOfAssurance: 1 });
    const id = randomToken(32);
    state.slice(webSessions).set(id, issued.accessToken);
    setCookie(c, WEB_SESSION_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'Lax' });
    return json(c, { authenticationResponse: { authentication: { status: 'complete' }, accessTokens: [entry] } });
  });

  app.post(transfer.path, async (c) => {
    const token = bearer(state, c);
    if (token?.kind !== 'user' || !token.userId) return json(c, { errorCode: 'unauthorized' }, 401);
    const request = await body(c, transfer.body!());
    if (!request) return json(c, { errorCode: 'invalid-transfer-request' }, 400);
    const otp = randomToken(32);
    state.slice(transfers).set(otp, {
      otp,
      userId: token.userId,
      ...request,
      levelOfAssurance: token.levelOfAssurance,
      expiresAt: state.now() + TRANSFER_TTL_S * 1000,
    });
    return json(c, { otp });
  });

  app.post(transferAccessTokens.path, async (c) => {
    const request = await body(c, transferAccessTokens.body!());
    const transfer = redeemTransfer(state, request?.otp);
    if (!transfer) return json(c, { errorCode: 'invalid-transfer-otp' }, 400);
    const { entry } = issueToken(state, { kind: 'user', userId: transfer.userId, levelOfAssurance: transfer.levelOfAssurance });
    return json(c, { accessTokens: [entry] });
  });
}
