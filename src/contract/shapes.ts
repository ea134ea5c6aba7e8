// Shapes several operations share: the authentication context, access tokens and authentication
// results of the security API, colour codes, and the device profile of the logon calls. Each is
// built on its first use (see lazy.ts).
import * as z from 'zod/mini';
import { lazy } from './lazy';

const text = lazy(() => z.string().check(z.minLength(1)));
const level = lazy(() => z.number().check(z.int(), z.minimum(0)));

/** An authentication context: who asks (client), for whom, at which level of assurance, for which scopes. */
export const authenticationContextSchema = lazy(() =>
  z.object({
    clientId: text(),
    identifyeeType: z._default(z.string(), 'customer'),
    requiredLevelOfAssurance: level(),
    scopes: z._default(z.array(z.string()), []),
  }),
);

/** One entry of an `accessTokens` list, as the security API sends it. */
export const accessTokenSchema = lazy(() =>
  z
    .looseObject({
      accessToken: text(),
      refreshToken: z.optional(text()),
      /** Epoch milliseconds or an ISO 8601 time (checked with Date.parse: zod's ISO parser costs the first load 0.7 kB). */
      expirationTime: z.optional(z.union([z.number(), z.string().check(z.refine((time) => /^\d{4}-\d\d-\d\dT/.test(time) && !Number.isNaN(Date.parse(time))))])),
      /** Seconds. */
      accessTokenTimeToLive: z.optional(z.number().check(z.nonnegative())),
      profileId: z.optional(text()),
      profileName: z.optional(z.string()),
      name: z.optional(z.string()),
      setId: z.optional(z.string()),
      personId: z.optional(z.string()),
      identifyeeType: z.optional(z.string()),
      default: z.optional(z.boolean()),
      requesterLevelOfAssurance: z.optional(level()),
      executorLevelOfAssurance: z.optional(level()),
    })
    .check(
      z.refine((token) => token.expirationTime !== undefined || token.accessTokenTimeToLive !== undefined, {
        message: 'an access token needs expirationTime or accessTokenTimeToLive',
      }),
    ),
);

/** A non-empty `accessTokens` list. */
export const accessTokensSchema = lazy(() => z.array(accessTokenSchema()).check(z.minLength(1)));

/** A means list: at least one entry, each with a component name. */
export const meansListSchema = lazy(() =>
  z.array(z.looseObject({ componentName: text(), name: z.optional(text()), identifier: z.optional(text()), cost: z.optional(z.number()) })).check(z.minLength(1)),
);

/** An authentication result: signed in ('complete') or a step-up to one of `means` ('partial'). */
export const authenticationResultSchema = lazy(() =>
  z.looseObject({
    person: z.looseObject({ id: text() }),
    authentication: z.looseObject({ status: z.enum(['complete', 'partial']), means: z.optional(z.unknown()) }),
    accessTokens: accessTokensSchema(),
  }),
);

/** The `/oauth2/token` answer to a refresh (RFC 6749 section 5.1); `expires_in` in seconds. */
export const oauthTokenSchema = lazy(() =>
  z.looseObject({
    access_token: text(),
    refresh_token: z.optional(text()),
    expires_in: z.optional(z.number().check(z.nonnegative())),
  }),
);

/** A colour code (spec section 5): the PNG, its lifetime, and the response code the scanner shows for it. */
export const colourCodeSchema = lazy(() =>
  z.looseObject({
    /** The PNG, base64 without a data-URL prefix. */
    base64Cronto: text(),
    /** Seconds until the server stops accepting answers to it. */
    expirationDuration: z.number().check(z.positive()),
    responseCheckDigit: z.boolean(),
    responseLength: z.number().check(z.int(), z.gte(6), z.lte(20)),
    serialNumber: z.optional(z.string()),
  }),
);

/** What the logon calls tell the bank about the browser (spec section 3): fields to spread into a body's shape. */
export const deviceProfileShape = lazy(() => ({
  /** Browser name and major version, e.g. 'Chrome 126'. */
  browser: z.string(),
  operatingSystem: z.string(),
  /** A random 12-byte value, base64url, kept in localStorage. */
  deviceUniqueIdentifier: z.string().check(z.regex(/^[\w-]{16}$/)),
  /** SHA-256 (hex) of the allowed fingerprint components. */
  deviceFingerprint: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
}));

/** A 2xx answer whose body the widget does not read. */
export const emptySchema = lazy(() => z.looseObject({}));

/** The body of an error answer; `errorCode` selects the spec's message where one is defined (e.g. 14: account blocked). */
export const errorBodySchema = lazy(() => z.looseObject({ errorCode: z.optional(z.union([z.string(), z.number()])) }));
