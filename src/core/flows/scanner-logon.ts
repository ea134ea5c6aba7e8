// Log on with the scanner (spec sections 2, 4, 7, 8): the user ID step starts an anonymous
// session, the code step shows a colour code from the standalone cronto authentication, and
// Log on trades the scanner's response code for a transfer OTP the logon call accepts.
import * as z from 'zod/mini';
import type { ApiClient } from '../api';
import { isApiError } from '../api-error';
import type { Cookies } from '../cookies';
import type { ErrorHandler } from '../error-handler';
import type { Emit } from '../events';
import type { Scope } from '../scope';
import { AnonymousSessionAPIError } from '../session/errors';
import type { AnonymousProfile } from '../session/profile';
import { requestAnonymousSession } from '../session/token-calls';
import type { AuthenticationContext } from '../session/tokens';
import type { Settings } from '../settings';
import { logonCode, runValidators, scannerUserId } from '../validate/validators';
import { createColourCode, ENCRYPTED_STATE_HEADER, readColourCode, type ColourCode } from './colour-code';
import { deviceProfile as pageDeviceProfile, type DeviceProfile } from './device-profile';
import { logout } from './logout';
import { checkRedirect, INVALID_REDIRECT } from './redirect';
import { createStore } from './store';

const CRONTO = '/security-means/cronto-hardware-token/actions/authentication/standalone';
/** The calls of the scanner logon, in the order they are made. */
export const SCANNER_LOGON_PATHS = {
  initiate: `${CRONTO}/initiate`,
  authenticate: `${CRONTO}/authenticate`,
  transfer: '/security-means/transfers',
  logon: '/v1/api/public/scanner/logon',
} as const;

/** The system marker of the standalone authentication request. */
export const SYSTEM_MARKER = 'amwa-web';
/** The single-sign-on service the transfer OTP is made out to. */
export const SSO_CLIENT_ID = 'sso';
/** What the transfer OTP is for. */
export const TRANSFER_INTENT = 'logon';
/** Error codes shown as a technical error on scanner screens (spec section 8). */
export const SCANNER_TECHNICAL_CODES = ['invalid-scanner-means-agreement-error-code'] as const;

/** Message keys of the scanner logon's field errors (spec sections 5 and 8). */
export const CODE_ERRORS = {
  400: 'validation.scannerLogonCombination',
  403: 'validation.scannerLogonAttempts',
} as const;

/** Where the flow is: the user ID step, starting the session, the code step, logging on, or leaving. */
export type ScannerLogonStatus = 'userId' | 'starting' | 'code' | 'loggingOn' | 'redirecting';

/** The screen's state. */
export interface ScannerLogonState {
  status: ScannerLogonStatus;
  userId: string;
  /** Message key of the server's verdict on the code (400 or 403), shown on the response-code field. */
  codeError?: (typeof CODE_ERRORS)[keyof typeof CODE_ERRORS];
}

type ScannerLogonEvent = 'next' | 'started' | 'back' | 'logon' | 'rejected' | 'failed' | 'loggedOn' | 'expire';

/** Every move of the flow; an event missing from a row is ignored in that state. */
export const scannerLogonTransitions: Record<ScannerLogonStatus, Partial<Record<ScannerLogonEvent, ScannerLogonStatus>>> = {
  userId: { next: 'starting', expire: 'userId' },
  starting: { started: 'code', failed: 'userId', expire: 'userId' },
  code: { back: 'userId', logon: 'loggingOn', expire: 'userId' },
  loggingOn: { rejected: 'code', failed: 'code', loggedOn: 'redirecting', expire: 'userId' },
  redirecting: {},
};

/** What the scanner logon needs. */
export interface ScannerLogonDeps {
  api: ApiClient;
  /** Disposing it stops the colour code's timers and drops calls in flight. */
  scope: Scope;
  settings: Pick<Settings, 'colourCodeExpiryMarginS' | 'allowedRedirectOrigins' | 'corporatePortal'>;
  cookies: Pick<Cookies, 'logonType' | 'userId'>;
  emit: Emit;
  errors: ErrorHandler;
  /** The page's address, to resolve relative urls against. */
  base: string;
  /** Sends the browser to the logon result url. */
  leave(url: string): void;
  /** Defaults to the page's own profile. */
  deviceProfile?: () => Promise<DeviceProfile>;
  now?: () => number;
  /** The remembered user ID the first step starts with. */
  initialUserId?: string;
}

/** The scanner logon flow. */
export interface ScannerLogon {
  readonly state: ScannerLogonState;
  subscribe(listener: () => void): () => void;
  /** The code step's colour code; its refresh starts a new anonymous session first. */
  readonly colourCode: ColourCode;
  /** Next on the user ID step: saves or clears the remembered ID, starts the session; false if the ID is invalid. */
  submitUserId(userId: string, remember: boolean): Promise<boolean>;
  /** Back from the code step to the user ID step. */
  back(): void;
  /** Log on with the scanner's response code (digits); false if the code is invalid. */
  logon(code: string): Promise<boolean>;
  /** The user edits the code: the server's verdict on the old one goes. */
  clearCodeError(): void;
  /** The inactivity limit: log out, forget the session and the user ID, back to the first step. */
  endSession(): Promise<void>;
}

const accessTokenSchema = z.looseObject({ accessToken: z.string().check(z.minLength(1)) });
const authenticateSchema = z.looseObject({ accessTokens: z.array(accessTokenSchema).check(z.minLength(1)) });
const transferSchema = z.looseObject({ otp: z.string().check(z.minLength(1)) });
const logonSchema = z.looseObject({ url: z.optional(z.unknown()) });

/** The authentication context of the scanner logon: level of assurance 5, scope personal_data. */
export const scannerLogonContext = (clientId: string): AuthenticationContext => ({
  clientId,
  identifyeeType: 'customer',
  requiredLevelOfAssurance: 5,
  scopes: ['personal_data'],
});

// The anonymous-session error wraps the failed call, whose status and headers the handler needs.
const reportable = (error: unknown) => (error instanceof AnonymousSessionAPIError && isApiError(error.cause) ? error.cause : error);

/** Creates the scanner logon flow. */
export function createScannerLogon(deps: ScannerLogonDeps): ScannerLogon {
  const { api, scope, settings, cookies, emit, errors, base, leave, now = () => Date.now() } = deps;
  const getDeviceProfile = deps.deviceProfile ?? pageDeviceProfile;
  const store = createStore<ScannerLogonState>({ status: 'userId', userId: deps.initialUserId ?? '' });
  let anonymous: AnonymousProfile | undefined;
  // The session Next started serves the first colour code; every later load re-initialises.
  let sessionUnused = false;
  let attempt: Scope | undefined;

  const fire = (event: ScannerLogonEvent, next: Partial<ScannerLogonState> = {}) => {
    const state = store.get();
    const status = scannerLogonTransitions[state.status][event];
    if (!status || scope.disposed) return false;
    store.set({ ...state, ...next, status });
    return true;
  };
  const report = (error: unknown, origin: string) => errors.handle(reportable(error), { origin, technicalCodes: SCANNER_TECHNICAL_CODES });
  const startAnonymous = async (signal: AbortSignal) => {
    anonymous = undefined;
    anonymous = await requestAnonymousSession(api, now, signal);
    return anonymous;
  };
  // A fresh scope per call sequence, so Back or the end of the session drops what is in flight.
  const newAttempt = () => {
    attempt?.dispose();
    attempt = scope.child();
    return attempt;
  };

  const colourCode = createColourCode({
    scope,
    marginS: settings.colourCodeExpiryMarginS,
    onError: (error) => report(error, SCANNER_LOGON_PATHS.initiate),
    async load() {
      emit('amwa-clear-technical-exception', {});
      const { signal } = scope;
      const session = sessionUnused && anonymous ? anonymous : await startAnonymous(signal);
      sessionUnused = false;
      const response = await api.request({
        method: 'POST',
        path: SCANNER_LOGON_PATHS.initiate,
        target: 'security',
        bearer: session.accessToken,
        body: { userId: store.get().userId, system: SYSTEM_MARKER, authenticationContext: scannerLogonContext(session.authenticationContext.clientId) },
        signal,
      });
      return readColourCode(response, SCANNER_LOGON_PATHS.initiate);
    },
  });

  /** Steps 3 to 7 of the logon: session, response code, transfer OTP, logon, redirect check. */
  const logOn = async (userId: string, code: string, encryptedState: string, signal: AbortSignal) => {
    const session = anonymous && now() < anonymous.expirationTime ? anonymous : await startAnonymous(signal);
    const { data: authenticated } = await api.request({
      method: 'POST',
      path: SCANNER_LOGON_PATHS.authenticate,
      target: 'security',
      bearer: session.accessToken,
      headers: { [ENCRYPTED_STATE_HEADER]: encryptedState },
      body: { tokenResponse: code },
      schema: authenticateSchema,
      signal,
    });
    const { data: transfer } = await api.request({
      method: 'POST',
      path: SCANNER_LOGON_PATHS.transfer,
      target: 'security',
      bearer: authenticated.accessTokens[0]!.accessToken,
      body: { clientId: SSO_CLIENT_ID, intent: TRANSFER_INTENT },
      schema: transferSchema,
      signal,
    });
    const { data } = await api.request({
      method: 'POST',
      path: SCANNER_LOGON_PATHS.logon,
      body: { username: userId, transferOtp: transfer.otp, ...(await getDeviceProfile()) },
      schema: logonSchema,
      signal,
    });
    const checked = checkRedirect(data.url, settings.allowedRedirectOrigins, base);
    if (!checked.ok) throw new Error(INVALID_REDIRECT);
    return checked.url;
  };

  const codeErrorOf = (error: unknown) => {
    if (!isApiError(error) || (error.path !== SCANNER_LOGON_PATHS.authenticate && error.path !== SCANNER_LOGON_PATHS.logon)) return undefined;
    if (error.errorCode !== undefined && (SCANNER_TECHNICAL_CODES as readonly string[]).includes(error.errorCode)) return undefined;
    return error.status === 400 || error.status === 403 ? CODE_ERRORS[error.status] : undefined;
  };

  scope.onDispose(() => attempt?.dispose());

  return {
    get state() {
      return store.get();
    },
    subscribe: store.subscribe,
    colourCode,
    async submitUserId(userId, remember) {
      if (!runValidators(userId, [scannerUserId()]).valid || store.get().status !== 'userId') return false;
      if (remember) cookies.userId.set(userId);
      else cookies.userId.clear();
      fire('next', { userId, codeError: undefined });
      const { signal } = newAttempt();
      try {
        emit('amwa-clear-technical-exception', {});
        await startAnonymous(signal);
        sessionUnused = true;
        if (fire('started')) emit('amwa-next', { flow: 'scanner-logon', step: 'userId' });
      } catch (error) {
        if (signal.aborted) return true;
        fire('failed');
        report(error, '/v1/public/session/anonymous/initiate');
      }
      return true;
    },
    back() {
      attempt?.dispose();
      if (fire('back', { codeError: undefined })) colourCode.hide();
    },
    async logon(code) {
      const { status, userId } = store.get();
      const image = colourCode.state.image;
      if (status !== 'code' || colourCode.state.status !== 'shown' || !image?.encryptedState) return false;
      const rule = logonCode({ length: image.responseLength ?? 7, checkDigit: image.responseCheckDigit ?? true });
      if (!runValidators(code, [rule]).valid) return false;
      fire('logon', { codeError: undefined });
      emit('amwa-clear-technical-exception', {});
      cookies.logonType.set('scanner');
      const { signal } = newAttempt();
      try {
        const url = await logOn(userId, code, image.encryptedState, signal);
        if (!fire('loggedOn')) return true;
        emit('amwa-next', { flow: 'scanner-logon', step: 'code' });
        emit('amwa-logon-redirect', { url, logonType: 'scanner' });
        leave(url);
      } catch (error) {
        if (signal.aborted) return true;
        const codeError = codeErrorOf(error);
        if (codeError) {
          fire('rejected', { codeError });
          return true;
        }
        fire('failed');
        const outcome = report(error, isApiError(error) ? error.path : 'scanner-logon');
        // A technical failure spoils this colour code: only a refresh (a new session) goes on.
        if (outcome === 'technical' || outcome === 'timeout') colourCode.expire();
      }
      return true;
    },
    clearCodeError() {
      const state = store.get();
      if (state.codeError) store.set({ ...state, codeError: undefined });
    },
    async endSession() {
      attempt?.dispose();
      colourCode.hide();
      const hadSession = anonymous !== undefined;
      anonymous = undefined;
      sessionUnused = false;
      fire('expire', { userId: '', codeError: undefined });
      // Not tied to the screen's scope: the logout must outlive the screen it ends.
      if (hadSession) await logout({ api, settings, emit, base });
    },
  };
}
