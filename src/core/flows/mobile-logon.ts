import * as z from 'zod/mini';
import type { ApiClient } from '../api';
import type { Cookies } from '../cookies';
import type { Emit } from '../events';
import type { Settings } from '../settings';
import type { QrMode } from './qr';
import { checkRedirect, INVALID_REDIRECT } from './redirect';

/** The mobile logon call, made once the app confirmed the QR code. */
export const MOBILE_LOGON_PATH = '/v1/api/public/mobile/logon';

const logonSchema = z.object({ url: z.optional(z.unknown()) });

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
  cookies: Pick<Cookies, 'logonType'>;
  emit: Emit;
  mode: QrMode;
  /** The page's address, to resolve relative urls against. */
  base: string;
  /** Sends the browser to a url outside the widget. */
  leave(url: string): void;
}

/**
 * The confirmed step of the QR flow. Normal mode remembers 'mobile', calls the mobile logon and
 * follows its url (allowed origins only); link mode makes no call and remembers nothing, it goes
 * to the corporate portal's precheck page the host configured (trusted like the rest of its settings).
 */
export function mobileLogon({ api, settings, cookies, emit, mode, base, leave }: MobileLogonDeps) {
  const go = (url: string, logonType: 'mobile' | 'link') => {
    emit('amwa-logon-redirect', { url, logonType });
    leave(url);
  };
  return async (signal: AbortSignal): Promise<void> => {
    emit('amwa-next', { flow: mode === 'link' ? 'link-ib-user' : 'mobile-logon', step: 'qr-confirmed' });
    if (mode === 'link') {
      const precheck = settings.corporatePortal.precheckUrl;
      const checked = checkRedirect(precheck, ownOrigin(precheck, base), base);
      if (!checked.ok) throw new Error(INVALID_REDIRECT);
      return go(checked.url, 'link');
    }
    cookies.logonType.set('mobile');
    const { data } = await api.request({ method: 'POST', path: MOBILE_LOGON_PATH, schema: logonSchema, signal });
    const checked = checkRedirect(data.url, settings.allowedRedirectOrigins, base);
    if (!checked.ok) throw new Error(INVALID_REDIRECT);
    go(checked.url, 'mobile');
  };
}
