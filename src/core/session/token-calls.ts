import { INACTIVITY_HEADER } from '../../contract/operation';
import * as contract from '../../contract/session';
import type { ApiClient } from '../api';
import { isApiError } from '../api-error';
import { call } from '../call';
import { askedWait, isTransient, retryDelay, tooManyRequests } from '../retry-policy';
import type { Scope } from '../scope';
import { AnonymousSessionAPIError } from './errors';
import type { AnonymousProfile } from './profile';
import { REFRESH_RETRIES, REFRESH_RETRY_DELAY_MS, TOKEN_CALL_TIMEOUT_MS } from './timing';
import { type OAuthToken, expiresAt } from './tokens';

/** How a refresh ended: new tokens, refused (401: the profile is gone), or failed after every retry. */
export type RefreshOutcome = { kind: 'refreshed'; token: OAuthToken } | { kind: 'rejected' } | { kind: 'failed'; error: unknown };

/** Resolves true after `ms`, or false as soon as the scope is disposed. */
const pause = (scope: Scope, ms: number) =>
  new Promise<boolean>((resolve) => {
    const unlisten = scope.listen(scope.signal, 'abort', () => resolve(false));
    scope.setTimeout(() => {
      unlisten();
      resolve(true);
    }, ms);
  });

/**
 * The pause before the next refresh attempt: a busy answer's `Retry-After` (a 429 without one
 * backs off), else the spec's fixed pause.
 */
const pauseAfter = (error: unknown, attempt: number) =>
  isTransient(error) && (tooManyRequests(error) || askedWait(error) !== undefined) ? retryDelay(error, attempt + 1) : REFRESH_RETRY_DELAY_MS;

/**
 * Exchanges a refresh token at `/oauth2/token`, retrying up to 3 times (after the wait a busy
 * answer asks for); the idle time is read afresh for each attempt.
 */
export async function refreshToken(api: ApiClient, scope: Scope, refresh: string, idleSeconds: () => number): Promise<RefreshOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { data } = await call(api, contract.refreshToken, {
        body: { grant_type: 'refresh_token', refresh_token: refresh },
        headers: { [INACTIVITY_HEADER]: String(idleSeconds()) },
        timeoutMs: TOKEN_CALL_TIMEOUT_MS,
        signal: scope.signal,
      });
      return { kind: 'refreshed', token: data };
    } catch (error) {
      if (isApiError(error) && error.status === 401) return { kind: 'rejected' };
      if (attempt === REFRESH_RETRIES || scope.disposed || !(await pause(scope, pauseAfter(error, attempt)))) return { kind: 'failed', error };
    }
  }
}

/** Revokes a token at `/oauth2/token/revoke`; best effort, a failure only leaves the token to expire. */
export async function revokeToken(api: ApiClient, token: string): Promise<void> {
  try {
    await call(api, contract.revokeToken, { body: { token }, timeoutMs: TOKEN_CALL_TIMEOUT_MS });
  } catch {
    // Nothing to do: the session has already forgotten the token.
  }
}

/**
 * Starts an anonymous session: the access-means API hands out an authentication context (without
 * cookies), which the security API's web bootstrap turns into access tokens.
 */
export async function requestAnonymousSession(api: ApiClient, now: () => number, signal: AbortSignal): Promise<AnonymousProfile> {
  try {
    const { data: initiated } = await call(api, contract.anonymousSessionInitiate, { signal });
    const { authenticationContext } = initiated;
    const { data } = await call(api, contract.bootstrapWebSession, { body: { authenticationContext }, signal });
    const accessTokens = data.authenticationResponse.accessTokens;
    const first = accessTokens[0]!; // the schema asks for at least one
    return { authenticationContext, accessTokens, accessToken: first.accessToken, expirationTime: expiresAt(first, now()) };
  } catch (error) {
    throw new AnonymousSessionAPIError(error);
  }
}
