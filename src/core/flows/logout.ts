import * as contract from '../../contract/session';
import type { ApiClient } from '../api';
import { answerOf, isApiError } from '../api-error';
import { call } from '../call';
import type { Emit } from '../events';
import type { Session } from '../session/session';
import type { Settings } from '../settings';
import { checkRedirect } from './redirect';

/** The single-sign-on logout call. */
export const LOGOUT_PATH = contract.logout.path;

/** What the logout needs. */
export interface LogoutDeps {
  api: ApiClient;
  settings: Pick<Settings, 'allowedRedirectOrigins' | 'corporatePortal'>;
  emit: Emit;
  /** The page's address, to resolve relative urls against. */
  base: string;
  /** Sends the browser on to the corporate-portal logout; without it the caller decides what to do with the url. */
  leave?(url: string): void;
  signal?: AbortSignal;
  /** When given, its tokens are revoked and dropped (in every tab) alongside the call, before the browser leaves. */
  session?: Pick<Session, 'logout'>;
}

const logOutUrl = (data: unknown) => (data as { ingLogOutUrl?: unknown } | null | undefined)?.ingLogOutUrl;

const originOf = (url: string | undefined, base: string): string[] => {
  try {
    return url ? [new URL(url, base).origin] : [];
  } catch {
    return [];
  }
};

/**
 * The safe single-sign-on logout: any status, or no answer at all, counts as logged out. When the
 * answer carries a non-empty `ingLogOutUrl` on an allowed origin (or the configured corporate-portal
 * logout's), `amwa-logout` names it and, unless a host cancels that event, the browser goes there
 * with `leave` and the promise resolves with it. Never rejects; resolves undefined when the call is cancelled.
 */
export async function logout({ api, settings, emit, base, leave, signal, session }: LogoutDeps): Promise<string | undefined> {
  // Not cancelled with the call: tokens of a session that is over go whatever happens next.
  const revoked = session?.logout();
  let data: unknown;
  try {
    ({ data } = await call(api, contract.logout, { signal }));
  } catch (error) {
    if (isApiError(error) && error.kind === 'aborted') return undefined;
    data = isApiError(error) ? answerOf(error) : undefined;
  }
  const allowed = [...settings.allowedRedirectOrigins, ...originOf(settings.corporatePortal.logoutUrl, base)];
  const checked = checkRedirect(logOutUrl(data), allowed, base);
  const url = checked.ok ? checked.url : undefined;
  if (!url && logOutUrl(data)) console.warn('amwa logout: ingLogOutUrl is not on an allowed origin, or longer than 8 KiB; staying here');
  await revoked;
  // A host cancels by returning false or calling preventDefault(); a test double may return nothing.
  if (emit('amwa-logout', { url }) === false || !url) return undefined;
  leave?.(url);
  return url;
}
