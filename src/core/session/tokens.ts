import type * as z from 'zod/mini';
import { boundServerDuration, SERVER_DURATION_BOUNDS } from '../server-duration';
import { accessTokenSchema, accessTokensSchema, authenticationContextSchema, oauthTokenSchema } from '../../contract/shapes';

/** The shapes live in the API contract; the session layer names their checked types. */
export { accessTokenSchema, accessTokensSchema, authenticationContextSchema, oauthTokenSchema };

/** A checked authentication context. */
export type AuthenticationContext = z.infer<ReturnType<typeof authenticationContextSchema>>;

/** A checked access-token entry. */
export type AccessToken = z.infer<ReturnType<typeof accessTokenSchema>>;

/** A checked `/oauth2/token` answer. */
export type OAuthToken = z.infer<ReturnType<typeof oauthTokenSchema>>;

/** A token lifetime the server sent, in seconds, held to the bounds of docs/session.md (0 to 24 h). */
export const boundTokenSeconds = (seconds: unknown): number => boundServerDuration(seconds, SERVER_DURATION_BOUNDS.tokenLifetime) / 1000;

/** When a token stops being valid, in epoch milliseconds: at most 24 h from `now`, never before it. */
export function expiresAt(token: AccessToken, now: number): number {
  const { expirationTime, accessTokenTimeToLive } = token;
  const at = typeof expirationTime === 'number' ? expirationTime : expirationTime !== undefined ? Date.parse(expirationTime) : now + (accessTokenTimeToLive ?? 0) * 1000;
  return now + boundServerDuration(at - now, SERVER_DURATION_BOUNDS.tokenLifetime, 'ms');
}
