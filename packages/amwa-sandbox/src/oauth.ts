// OAuth for the session layer: the profiles a persona signs in with, refresh tokens that rotate
// on every refresh-token grant, and revocation (RFC 6749 section 6, RFC 7009), plus a control
// call that counts what the widget's session did.
import type { Context, Hono } from 'hono';
import { INACTIVITY_HEADER } from '../../../src/contract/operation';
import { controlJson, json, randomToken } from './http';
import { ACCESS_TOKEN_TTL_S, type IssuedToken, issueToken } from './security';
import { defineSlice, type SandboxState } from './state';

/** A profile a persona can act for: one per company; its level of assurance caps the logon's. */
export interface PersonaProfile {
  profileId: string;
  profileName: string;
  /** Left out: the profile reaches whatever level the logon proved. */
  levelOfAssurance?: number;
  default?: boolean;
}

/** One entry of an `accessTokens` list as the sandbox answers it (the session's access-token contract). */
export type AccessTokenEntry = {
  accessToken: string;
  refreshToken: string;
  accessTokenTimeToLive: number;
  expirationTime: number;
  profileId: string;
  profileName: string;
  setId: string;
  personId: string;
  identifyeeType: string;
  default: boolean;
  requesterLevelOfAssurance: number;
  executorLevelOfAssurance: number;
};

/** A means the security API offers for a step-up. */
export interface MeansEntry {
  componentName: string;
  name: string;
  cost?: number;
}

/** An authentication result: signed in (`complete`), or a step-up to one of `means` (`partial`). */
export interface AuthenticationResult {
  person: { id: string };
  authentication: { status: 'complete' } | { status: 'partial'; means: MeansEntry[] };
  accessTokens: AccessTokenEntry[];
}

/** The persona who demonstrates the profile selector. */
export const MULTI_PROFILE_USER_ID = 'HUGO0008';

// Personas not listed have one profile named after their user ID, as the security module's tokens do.
const PROFILES: Readonly<Record<string, readonly PersonaProfile[]>> = {
  [MULTI_PROFILE_USER_ID]: [
    { profileId: 'profile-hugo0008-jansen', profileName: 'Jansen Holding BV', levelOfAssurance: 5, default: true },
    { profileId: 'profile-hugo0008-acme', profileName: 'acme trading', levelOfAssurance: 3 },
  ],
};

/** The means a partial result offers: the scanner first (cheaper), the mobile app at the default cost. */
export const STEP_UP_MEANS: readonly MeansEntry[] = [
  { componentName: 'cronto-hardware-token', name: 'scanner', cost: 20 },
  { componentName: 'mobile-qr', name: 'mobile' },
];

/** The profiles `userId` signs in with. */
export function profilesOf(userId: string): readonly PersonaProfile[] {
  const id = userId.toUpperCase();
  return PROFILES[id] ?? [{ profileId: `profile-${id.toLowerCase()}`, profileName: id }];
}

/** A refresh token's grant: whose it is, for which profile, and the access token it last issued. */
interface Grant {
  userId: string;
  profile: PersonaProfile;
  levelOfAssurance: number;
  access: IssuedToken;
}

/** What the session did since the last reset, for tests and the console. */
export interface SessionStats {
  /** Calls to `/oauth2/token`, answered or not. */
  refreshCalls: number;
  refreshed: number;
  /** Refresh calls answered 401: unknown, used or revoked refresh token. */
  rejected: number;
  /** Grants ended by `/oauth2/token/revoke`. */
  revoked: number;
  /** The `x-inactivity-seconds` header of the latest refresh call; null before the first. */
  lastInactivitySeconds: number | null;
  /** Refresh tokens still usable. */
  liveGrants: number;
}

const grants = defineSlice('oauth-grants', () => new Map<string, Grant>());
const counters = defineSlice('oauth-stats', () => ({ refreshCalls: 0, refreshed: 0, rejected: 0, revoked: 0, lastInactivitySeconds: null as number | null }));

/** The header the session tells the user's idle time in. */
export { INACTIVITY_HEADER };

const personIdOf = (userId: string) => `person-${userId.toLowerCase()}`;

/** Issues an access token and a fresh refresh token for one profile. */
function grant(state: SandboxState, userId: string, profile: PersonaProfile, levelOfAssurance: number): AccessTokenEntry {
  const level = Math.min(profile.levelOfAssurance ?? levelOfAssurance, levelOfAssurance);
  const { issued, entry } = issueToken(state, { kind: 'user', userId, levelOfAssurance: level });
  const refreshToken = randomToken(48);
  state.slice(grants).set(refreshToken, { userId, profile, levelOfAssurance, access: issued });
  return {
    accessToken: entry.accessToken,
    refreshToken,
    accessTokenTimeToLive: entry.accessTokenTimeToLive,
    expirationTime: entry.expirationTime,
    profileId: profile.profileId,
    profileName: profile.profileName,
    setId: `set-${profile.profileId}`,
    personId: personIdOf(userId),
    identifyeeType: 'customer',
    default: profile.default ?? false,
    requesterLevelOfAssurance: level,
    executorLevelOfAssurance: level,
  };
}

/**
 * Signs `userId` in at `levelOfAssurance` (5 for a scanner logon): one access-token entry per
 * profile, each with its own refresh token, the persona's default profile first.
 */
export function issueTokensFor(state: SandboxState, userId: string, levelOfAssurance = 5): AccessTokenEntry[] {
  const id = userId.toUpperCase();
  const profiles = [...profilesOf(id)].sort((a, b) => Number(b.default ?? false) - Number(a.default ?? false));
  return profiles.map((profile) => grant(state, id, profile, levelOfAssurance));
}

/**
 * The authentication result for `userId`: complete, with every profile's tokens, or with
 * `partial` a step-up offering `STEP_UP_MEANS`, whose only token is an interim one at level 3 at most.
 */
export function authenticationResultFor(state: SandboxState, userId: string, { levelOfAssurance = 5, partial = false } = {}): AuthenticationResult {
  const id = userId.toUpperCase();
  const person = { id: personIdOf(id) };
  if (!partial) return { person, authentication: { status: 'complete' }, accessTokens: issueTokensFor(state, id, levelOfAssurance) };
  const interim = grant(state, id, { profileId: `step-up-${id.toLowerCase()}`, profileName: id }, Math.min(levelOfAssurance, 3));
  return { person, authentication: { status: 'partial', means: STEP_UP_MEANS.map((means) => ({ ...means })) }, accessTokens: [interim] };
}

/** Ends a grant: its refresh token stops working and its latest access token expires now. */
function endGrant(state: SandboxState, refreshToken: string, ended: Grant) {
  state.slice(grants).delete(refreshToken);
  // The security module checks expiry on every bearer call, so this revokes the access token too.
  ended.access.expiresAt = Math.min(ended.access.expiresAt, state.now());
}

/** The form fields of an `application/x-www-form-urlencoded` body; undefined for any other body. */
async function form(c: Context): Promise<URLSearchParams | undefined> {
  if (!c.req.header('Content-Type')?.startsWith('application/x-www-form-urlencoded')) return undefined;
  return new URLSearchParams(await c.req.text());
}

const oauthError = (c: Context, error: string, status: 400 | 401) => json(c, { error }, status);

/** `/oauth2/token` (refresh-token grant only), `/oauth2/token/revoke`, and `GET /__sandbox/session/stats`. */
export function oauth(app: Hono, state: SandboxState): void {
  app.post('/oauth2/token', async (c) => {
    const stats = state.slice(counters);
    stats.refreshCalls += 1;
    const idle = Number(c.req.header(INACTIVITY_HEADER));
    if (Number.isInteger(idle) && idle >= 0) stats.lastInactivitySeconds = idle;
    const fields = await form(c);
    if (fields?.get('grant_type') !== 'refresh_token') return oauthError(c, 'unsupported_grant_type', 400);
    const refreshToken = fields.get('refresh_token');
    if (!refreshToken) return oauthError(c, 'invalid_request', 400);
    const found = state.slice(grants).get(refreshToken);
    if (!found) {
      stats.rejected += 1;
      return oauthError(c, 'invalid_grant', 401);
    }
    // Rotation: the used refresh token is spent; its access token lives out its time.
    state.slice(grants).delete(refreshToken);
    const next = grant(state, found.userId, found.profile, found.levelOfAssurance);
    stats.refreshed += 1;
    return json(c, { access_token: next.accessToken, refresh_token: next.refreshToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S });
  });

  app.post('/oauth2/token/revoke', async (c) => {
    const token = (await form(c))?.get('token');
    if (!token) return oauthError(c, 'invalid_request', 400);
    const registry = state.slice(grants);
    const match = registry.has(token) ? token : [...registry].find(([, candidate]) => candidate.access.accessToken === token)?.[0];
    if (match !== undefined) {
      endGrant(state, match, registry.get(match)!);
      state.slice(counters).revoked += 1;
    }
    // RFC 7009 section 2.2: an unknown or already revoked token is answered like a known one.
    return json(c, {});
  });

  app.get('/__sandbox/session/stats', (c) => {
    const stats: SessionStats = { ...state.slice(counters), liveGrants: state.slice(grants).size };
    return controlJson(c, stats);
  });
}
