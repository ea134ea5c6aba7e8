import * as z from 'zod/mini';
import { lazy } from '../../contract/lazy';
import { type AccessToken, type AuthenticationContext, boundTokenSeconds, expiresAt } from './tokens';

/** A signed-in profile as the session keeps it (in memory only). */
export const profileSchema = lazy(() => {
  const level = z.optional(z.number());
  return z.object({
    profileId: z.string(),
    /** Read from the token's `profileName`, else its `name`, else the profile id. */
    name: z.string(),
    setId: z.optional(z.string()),
    accessToken: z.string(),
    refreshToken: z.optional(z.string()),
    /** Epoch milliseconds after which the access token is no longer valid. */
    expirationTime: z.number(),
    /** Seconds the access token was issued for. */
    accessTokenTimeToLive: z.number(),
    personId: z.optional(z.string()),
    identifyeeType: z.string(),
    default: z.boolean(),
    requesterLevelOfAssurance: level,
    executorLevelOfAssurance: level,
  });
});

/** A signed-in profile. */
export type Profile = z.infer<ReturnType<typeof profileSchema>>;

/** The anonymous session: a token for the pre-login calls, bound to its authentication context. */
export interface AnonymousProfile {
  authenticationContext: AuthenticationContext;
  accessTokens: readonly AccessToken[];
  /** The first token of `accessTokens`, the one calls carry. */
  accessToken: string;
  /** Epoch milliseconds. */
  expirationTime: number;
}

/** Turns an access-token entry into a profile; `undefined` when the entry names no profile. */
export function toProfile(token: AccessToken, now: number, personId?: string): Profile | undefined {
  if (token.profileId === undefined) return undefined;
  const expirationTime = expiresAt(token, now);
  return {
    profileId: token.profileId,
    name: token.profileName ?? token.name ?? token.profileId,
    setId: token.setId,
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    expirationTime,
    accessTokenTimeToLive: token.accessTokenTimeToLive === undefined ? Math.round((expirationTime - now) / 1000) : boundTokenSeconds(token.accessTokenTimeToLive),
    personId: token.personId ?? personId,
    identifyeeType: token.identifyeeType ?? 'customer',
    default: token.default ?? false,
    requesterLevelOfAssurance: token.requesterLevelOfAssurance,
    executorLevelOfAssurance: token.executorLevelOfAssurance,
  };
}

/** True once the profile's access token has run out. */
export const isExpired = (profile: { expirationTime: number }, now: number) => !(now < profile.expirationTime);

/**
 * The profile's level of assurance: the lower of requester and executor, since a call needs both
 * to be strong enough; 0 when the profile states neither.
 */
export function levelOfAssurance(profile: Profile): number {
  const levels = [profile.requesterLevelOfAssurance, profile.executorLevelOfAssurance].filter((value) => value !== undefined);
  return levels.length ? Math.min(...levels) : 0;
}

/** True when the profile may be used where `required` is asked for. */
export const hasLevelOfAssurance = (profile: Profile, required: number) => levelOfAssurance(profile) >= required;

/** Profiles by name, ignoring case (accents still count); equal names keep their order. */
export const sortProfiles = <P extends { name: string }>(profiles: readonly P[]): P[] =>
  [...profiles].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'accent' }));
