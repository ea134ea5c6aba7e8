import type * as z from 'zod/mini';
import { accessTokenSchema, accessTokensSchema, authenticationContextSchema, oauthTokenSchema } from '../../contract/shapes';

/** The shapes live in the API contract; the session layer names their checked types. */
export { accessTokenSchema, accessTokensSchema, authenticationContextSchema, oauthTokenSchema };

/** A checked authentication context. */
export type AuthenticationContext = z.infer<typeof authenticationContextSchema>;

/** A checked access-token entry. */
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** A checked `/oauth2/token` answer. */
export type OAuthToken = z.infer<typeof oauthTokenSchema>;

/** When a token stops being valid, in epoch milliseconds. */
export function expiresAt(token: AccessToken, now: number): number {
  const { expirationTime, accessTokenTimeToLive = 0 } = token;
  if (typeof expirationTime === 'number') return expirationTime;
  if (expirationTime !== undefined) return Date.parse(expirationTime);
  return now + accessTokenTimeToLive * 1000;
}
