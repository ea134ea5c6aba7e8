// The session calls: the anti-forgery cookie, the anonymous session, token refresh and
// revocation, and the single-sign-on logout.
import * as z from 'zod/mini';
import { lazy } from './lazy';
import { INACTIVITY_HEADER, operation } from './operation';
import { accessTokensSchema, authenticationContextSchema, emptySchema, oauthTokenSchema } from './shapes';

/** `GET {apiBaseUrl}/`: hands out the XSRF-TOKEN cookie (and the same value in the X-XSRF-TOKEN header). */
export const xsrfToken = operation({ id: 'xsrfToken', method: 'GET', api: 'access', path: '/' });

/** The anonymous session's first half: an authentication context, asked for without cookies. */
export const anonymousSessionInitiate = operation({
  id: 'anonymousSessionInitiate',
  method: 'POST',
  api: 'access',
  path: '/v1/public/session/anonymous/initiate',
  credentials: false,
  response: lazy(() => z.looseObject({ authenticationContext: authenticationContextSchema() })),
});

/** The anonymous session's second half: the web session (its cookie) and the anonymous access token. */
export const bootstrapWebSession = operation({
  id: 'bootstrapWebSession',
  method: 'POST',
  api: 'security',
  path: '/security/means/bootstrap/web/sessions',
  body: lazy(() => z.object({ authenticationContext: authenticationContextSchema() })),
  response: lazy(() => z.looseObject({ authenticationResponse: z.looseObject({ accessTokens: accessTokensSchema() }) })),
});

/** The refresh-token grant, telling the server the user's idle time. */
export const refreshToken = operation({
  id: 'refreshToken',
  method: 'POST',
  api: 'security',
  path: '/oauth2/token',
  encoding: 'form',
  body: lazy(() => z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().check(z.minLength(1)) })),
  headers: { [INACTIVITY_HEADER]: 'required' },
  response: oauthTokenSchema,
});

/** Revokes a refresh or access token (RFC 7009). */
export const revokeToken = operation({
  id: 'revokeToken',
  method: 'POST',
  api: 'security',
  path: '/oauth2/token/revoke',
  encoding: 'form',
  body: lazy(() => z.object({ token: z.string().check(z.minLength(1)) })),
  response: emptySchema,
});

/** The single-sign-on logout; any status counts as logged out, the body may name the corporate-portal logout. */
export const logout = operation({
  id: 'logout',
  method: 'POST',
  api: 'access',
  path: '/v1/private/logout',
  response: lazy(() => z.looseObject({ ingLogOutUrl: z.optional(z.string()) })),
});
