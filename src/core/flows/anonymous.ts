import { anonymousSessionInitiate, bootstrapWebSession } from '../../contract/session';
import { isApiError } from '../api-error';
import { AnonymousSessionAPIError } from '../session/errors';
import type { AnonymousProfile } from '../session/profile';
import type { Session } from '../session/session';

/** The session's anonymous session while it has not expired. */
export const liveAnonymous = (session: Pick<Session, 'anonymousProfile'>, now: number): AnonymousProfile | undefined => {
  const anonymous = session.anonymousProfile;
  return anonymous && now < anonymous.expirationTime ? anonymous : undefined;
};

/**
 * The checks of the anonymous session's two answers, built ahead of the call (each its own small
 * piece of work): built on the click, they held its first request back by tens of milliseconds on a slow phone.
 */
export const ANONYMOUS_WARM_UPS: ReadonlyArray<() => void> = [() => anonymousSessionInitiate.response?.(), () => bootstrapWebSession.response?.()];

/**
 * Starts a new anonymous session. The session refuses one beside a signed-in profile, so a new
 * logon first ends whatever sign-in the browser still holds (an earlier attempt's, another tab's).
 */
export async function startAnonymous(session: Pick<Session, 'profiles' | 'logout' | 'initAnonymousSession'>): Promise<AnonymousProfile> {
  if (session.profiles.length) void session.logout();
  const anonymous = await session.initAnonymousSession();
  // Only the inert session inside the native app answers nothing: there the app logs on.
  if (!anonymous) throw new AnonymousSessionAPIError();
  return anonymous;
}

/**
 * What the shared handler is given for a failed anonymous session: the failed call itself when it
 * is technical (no answer, a time-out, a 5xx), so the technical alert shows its date and trace id;
 * otherwise the session error, whose message is the spec's 'Can not GET anonymous session response'.
 */
export function reportableSessionError(error: unknown): unknown {
  if (!(error instanceof AnonymousSessionAPIError) || !isApiError(error.cause)) return error;
  const { kind, status = 0 } = error.cause;
  return kind === 'timeout' || kind === 'network' || status >= 500 ? error.cause : error;
}
