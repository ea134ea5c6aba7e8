import * as contract from '../../contract/mobile';
import { TRACED } from '../../contract/trace';
import type { ApiClient } from '../api';
import { call } from '../call';
import type { Cookies } from '../cookies';
import type { Emit } from '../events';
import { AnonymousSessionAPIError } from '../session/errors';
import type { Session } from '../session/session';
import type { Settings } from '../settings';
import { responseIdOf, type TraceLog } from '../trace';
import { liveAnonymous, reportableSessionError, startAnonymous } from './anonymous';
import { deviceProfile as pageDeviceProfile, pageEnvironment, type DeviceProfile } from './device-profile';
import type { QrMode } from './qr';
import { checkRedirect } from './redirect';

/** The mobile logon call, made once the app confirmed the QR code. */
export const MOBILE_LOGON_PATH = contract.mobileLogon.path;

// The host configured the precheck page, so its own origin is the one it may be on.
const ownOrigin = (url: string | undefined, base: string): string[] => {
  try {
    return url ? [new URL(url, base).origin] : [];
  } catch {
    return [];
  }
};

/** What happens after the app confirmed the QR code. */
export interface MobileLogonDeps {
  api: ApiClient;
  settings: Pick<Settings, 'allowedRedirectOrigins' | 'corporatePortal'>;
  cookies: Pick<Cookies, 'logonType' | 'tdid'>;
  emit: Emit;
  traceLog: Pick<TraceLog, 'trace'>;
  /** Holds the anonymous session the QR code was made for: its data is the logon's body. */
  session: Pick<Session, 'anonymousProfile'>;
  mode: QrMode;
  /** The page's address, to resolve relative urls against. */
  base: string;
  /** Sends the browser to a url outside the widget. */
  leave(url: string): void;
  /** Defaults to the page's own profile. */
  deviceProfile?: () => Promise<DeviceProfile>;
}

/**
 * The session-cookie call before a logon QR code (spec section 7): an anonymous session, unless a
 * live one exists whose web-session cookie no other logon took (`renew`), so the QR code is tied
 * to its web session. A technical failure is reported as the failed call (a technical error,
 * blurred QR code), any other as the anonymous-session error.
 */
export function prepareQrSession(session: Pick<Session, 'anonymousProfile' | 'profiles' | 'logout' | 'initAnonymousSession'>, now: () => number = Date.now) {
  return async (_signal?: AbortSignal, renew = false): Promise<void> => {
    if (!renew && liveAnonymous(session, now())) return;
    try {
      await startAnonymous(session);
    } catch (error) {
      throw reportableSessionError(error);
    }
  };
}

/**
 * The confirmed step of the QR flow. Normal mode remembers 'mobile', calls the mobile logon with
 * the anonymous session's context and the device profile (its token as bearer) and follows its
 * url (allowed origins only); link mode makes no call and remembers nothing, it goes to the
 * corporate portal's precheck page the host configured (trusted like the rest of its settings).
 */
export function mobileLogon({ api, settings, cookies, emit, traceLog, session, mode, base, leave, deviceProfile }: MobileLogonDeps) {
  const profile = deviceProfile ?? (() => pageDeviceProfile(pageEnvironment(cookies.tdid)));
  const go = ({ url, reported }: { url: string; reported: string }, logonType: 'mobile' | 'link') => {
    emit('amwa-logon-redirect', { url: reported, logonType });
    leave(url);
  };
  return async (signal: AbortSignal): Promise<void> => {
    emit('amwa-next', { flow: mode === 'link' ? 'link-ib-user' : 'mobile-logon', step: 'qr-confirmed' });
    if (mode === 'link') {
      traceLog.trace(TRACED.linkConfirmed);
      const precheck = settings.corporatePortal.precheckUrl;
      const checked = checkRedirect(precheck, ownOrigin(precheck, base), base);
      if (!checked.ok) throw checked.error;
      return go(checked, 'link');
    }
    traceLog.trace(TRACED.mobileLogonConfirmed);
    cookies.logonType.set('mobile');
    const anonymous = session.anonymousProfile;
    if (!anonymous) throw new AnonymousSessionAPIError();
    const { data, headers } = await call(api, contract.mobileLogon, {
      bearer: anonymous.accessToken,
      body: { authenticationContext: anonymous.authenticationContext, ...(await profile()) },
      signal,
    });
    const checked = checkRedirect(data.url, settings.allowedRedirectOrigins, base);
    if (!checked.ok) throw checked.error;
    traceLog.trace(TRACED.mobileLogonLoggedOn, { responseId: responseIdOf(headers) });
    go(checked, 'mobile');
  };
}
