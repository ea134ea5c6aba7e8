import * as z from 'zod/mini';

const text = z.string().check(z.minLength(1));
const level = z.number().check(z.int(), z.minimum(0));

/** An authentication context: who asks (client), for whom, at which level of assurance, for which scopes. */
export const authenticationContextSchema = z.object({
  clientId: text,
  identifyeeType: z._default(z.string(), 'customer'),
  requiredLevelOfAssurance: level,
  scopes: z._default(z.array(z.string()), []),
});

/** A checked authentication context. */
export type AuthenticationContext = z.infer<typeof authenticationContextSchema>;

/** One entry of an `accessTokens` list, as the security API sends it. */
export const accessTokenSchema = z
  .looseObject({
    accessToken: text,
    refreshToken: z.optional(text),
    /** Epoch milliseconds or an ISO 8601 time (checked with Date.parse: zod's ISO parser costs the first load 0.7 kB). */
    expirationTime: z.optional(z.union([z.number(), z.string().check(z.refine((time) => /^\d{4}-\d\d-\d\dT/.test(time) && !Number.isNaN(Date.parse(time))))])),
    /** Seconds. */
    accessTokenTimeToLive: z.optional(z.number().check(z.nonnegative())),
    profileId: z.optional(text),
    profileName: z.optional(z.string()),
    name: z.optional(z.string()),
    setId: z.optional(z.string()),
    personId: z.optional(z.string()),
    identifyeeType: z.optional(z.string()),
    default: z.optional(z.boolean()),
    requesterLevelOfAssurance: z.optional(level),
    executorLevelOfAssurance: z.optional(level),
  })
  .check(
    z.refine((token) => token.expirationTime !== undefined || token.accessTokenTimeToLive !== undefined, {
      message: 'an access token needs expirationTime or accessTokenTimeToLive',
    }),
  );

/** A checked access-token entry. */
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** A non-empty `accessTokens` list. */
export const accessTokensSchema = z.array(accessTokenSchema).check(z.minLength(1));

/** The `/oauth2/token` answer to a refresh (RFC 6749 section 5.1); `expires_in` in seconds. */
export const oauthTokenSchema = z.looseObject({
  access_token: text,
  refresh_token: z.optional(text),
  expires_in: z.optional(z.number().check(z.nonnegative())),
});

/** A checked `/oauth2/token` answer. */
export type OAuthToken = z.infer<typeof oauthTokenSchema>;

/** When a token stops being valid, in epoch milliseconds. */
export function expiresAt(token: AccessToken, now: number): number {
  const { expirationTime, accessTokenTimeToLive = 0 } = token;
  if (typeof expirationTime === 'number') return expirationTime;
  if (expirationTime !== undefined) return Date.parse(expirationTime);
  return now + accessTokenTimeToLive * 1000;
}
