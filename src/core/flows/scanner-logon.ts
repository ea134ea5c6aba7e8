// Log on with the scanner (spec sections 2, 4, 7, 8): the user ID step starts an anonymous
// session, the code step shows a colour code from the standalone cronto authentication, and
// Log on hands the scanner's answer to the authentication component: one eligible profile goes
// straight on, several ask the profile selector, a partial result steps up with a second colour
// code. The active profile's token then buys a transfer OTP the logon call accepts.
import { ENCRYPTED_STATE_HEADER } from '../../contract/operation';
import * as contract from '../../contract/scanner-logon';
import { anonymousSessionInitiate } from '../../contract/session';
import { colourCodeSchema, emptySchema } from '../../contract/shapes';
import { TRACED } from '../../contract/trace';
import type { ApiClient } from '../api';
import { isApiError } from '../api-error';
import { call } from '../call';
import type { Cookies } from '../cookies';
import { SCANNER_TECHNICAL_CODES, type ErrorHandler } from '../error-handler';
import type { Emit } from '../events';
import { createActionCooldown } from '../retry-policy';
import type { Scope } from '../scope';
import type { Session } from '../session/session';
import type { AuthenticationContext } from '../session/tokens';
import type { Settings } from '../settings';
import { responseIdOf, type TraceLog } from '../trace';
import { logonCode, runValidators, scannerUserId } from '../validate/validators';
import {
  createAuthentication,
  storedMeansMemory,
  type Authentication,
  type AuthenticationError,
  type AuthenticationStatus,
  type MeansMemory,
  MALFORMED_MEANS_RESPONSE,
} from './authentication';
import { ANONYMOUS_WARM_UPS, liveAnonymous as live, reportableSessionError, startAnonymous as start } from './anonymous';
import { createColourCode, readColourCode, type ColourCode } from './colour-code';
import { deviceProfile as pageDeviceProfile, pageEnvironment, type DeviceProfile } from './device-profile';
import { lockoutOf, type Lockout } from './lockout';
import { logout } from './logout';
import { checkRedirect } from './redirect';
import { createStore } from './store';

/** The calls of the scanner logon, in the order they are made; the step-up pair only after a partial result. */
export const SCANNER_LOGON_PATHS = {
  initiate: contract.standaloneInitiate.path,
  authenticate: contract.standaloneAuthenticate.path,
  stepUpInitiate: contract.authenticationInitiate.path,
  stepUpAuthenticate: contract.authenticationAuthenticate.path,
  transfer: contract.transfer.path,
  logon: contract.scannerLogon.path,
  deactivate: contract.scannerDeactivate.path,
} as const;

/** The means a colour code and its response code are, as the authentication component knows it. */
export const SCANNER_MEANS = { componentName: 'cronto-hardware-token', name: 'scanner' } as const;

/** The system marker of the standalone authentication request. */
export const SYSTEM_MARKER = 'amwa-web';
/** The single-sign-on service the transfer OTP is made out to. */
export const SSO_CLIENT_ID = 'sso';
/** What the transfer OTP is for. */
export const TRANSFER_INTENT = 'logon';

/** Message keys of the scanner logon's field errors (spec sections 5 and 8). */
export const CODE_ERRORS = {
  400: 'validation.scannerLogonCombination',
  403: 'validation.scannerLogonAttempts',
} as const;

/**
 * Where the flow is: the user ID step, starting the session, the code step, answering it, the
 * profile selector, logging on with the chosen profile, the step-up, answering it, leaving, or
 * locked out by too many wrong codes (the end: the scanner is deactivated).
 */
export type ScannerLogonStatus = 'userId' | 'starting' | 'code' | 'loggingOn' | 'selectProfile' | 'handingOver' | 'stepUp' | 'steppingUp' | 'redirecting' | 'locked';

/** The screen's state. */
export interface ScannerLogonState {
  status: ScannerLogonStatus;
  userId: string;
  /** Message key of the server's verdict on the code (400 or 403), shown on the response-code field. */
  codeError?: (typeof CODE_ERRORS)[keyof typeof CODE_ERRORS];
  /** A 429 holds the step's action back for this many seconds (the user is told); undefined when it may go. */
  retryInS?: number;
  /** When the lockout came and its answer's trace id, once the status is 'locked'. */
  lockout?: Lockout;
}

type ScannerLogonEvent = 'next' | 'started' | 'back' | 'logon' | 'rejected' | 'failed' | 'busy' | 'chooseProfile' | 'stepUp' | 'selected' | 'loggedOn' | 'locked' | 'expire';

/**
 * Every move of the flow; an event missing from a row is ignored in that state. A failure after
 * the code was answered goes back to the code step: its colour code, spoiled, starts over. A 429
 * ('busy') goes back to the step the user pressed from (the code step after the profile
 * selector), to try again once the wait is over. A lockout (403 on the code) is the end: 'locked'
 * has no way out, so no code can be sent again.
 */
export const scannerLogonTransitions: Record<ScannerLogonStatus, Partial<Record<ScannerLogonEvent, ScannerLogonStatus>>> = {
  userId: { next: 'starting', expire: 'userId' },
  starting: { started: 'code', failed: 'userId', busy: 'userId', expire: 'userId' },
  code: { back: 'userId', logon: 'loggingOn', expire: 'userId' },
  loggingOn: { rejected: 'code', failed: 'code', busy: 'code', chooseProfile: 'selectProfile', stepUp: 'stepUp', loggedOn: 'redirecting', locked: 'locked', expire: 'userId' },
  selectProfile: { back: 'userId', selected: 'handingOver', expire: 'userId' },
  handingOver: { rejected: 'code', failed: 'code', busy: 'code', loggedOn: 'redirecting', locked: 'locked', expire: 'userId' },
  stepUp: { back: 'userId', logon: 'steppingUp', expire: 'userId' },
  steppingUp: { rejected: 'stepUp', failed: 'code', busy: 'stepUp', chooseProfile: 'selectProfile', stepUp: 'stepUp', loggedOn: 'redirecting', locked: 'locked', expire: 'userId' },
  redirecting: {},
  locked: {},
};

/** The flow's event for where the authentication component stands after a result ('complete' logs on, 'error' fails). */
const AFTER_RESULT: Partial<Record<AuthenticationStatus, ScannerLogonEvent>> = { 'select-profile': 'chooseProfile', 'show-means': 'stepUp' };

/** What the scanner logon needs. */
export interface ScannerLogonDeps {
  api: ApiClient;
  /** Holds the anonymous session and the profiles a logon signs in. */
  session: Session;
  /** Disposing it stops the colour code's timers and drops calls in flight. */
  scope: Scope;
  settings: Pick<Settings, 'colourCodeExpiryMarginS' | 'allowedRedirectOrigins' | 'corporatePortal'>;
  cookies: Pick<Cookies, 'logonType' | 'userId' | 'tdid'>;
  emit: Emit;
  errors: ErrorHandler;
  traceLog: Pick<TraceLog, 'trace' | 'traceError'> & Partial<Pick<TraceLog, 'warm'>>;
  /** The page's address, to resolve relative urls against. */
  base: string;
  /** Sends the browser to the logon result url, or to the corporate-portal logout at the end of the session. */
  leave(url: string): void;
  /** Defaults to the page's own profile. */
  deviceProfile?: () => Promise<DeviceProfile>;
  now?: () => number;
  /** The remembered user ID the first step starts with. */
  initialUserId?: string;
  /** Defaults to the page's localStorage. */
  lastUsedMeans?: MeansMemory;
  /**
   * The profiles on offer in the profile selector were signed out under it (a refresh answered
   * 401, or a logout in another tab): the page ends the session as the inactivity limit does.
   */
  onSessionLost?(): void;
}

/** The scanner logon flow. */
export interface ScannerLogon {
  readonly state: ScannerLogonState;
  subscribe(listener: () => void): () => void;
  /** The code step's colour code; its refresh starts a new anonymous session first. */
  readonly colourCode: ColourCode;
  /** The step-up's colour code, made for the partial result's interim token. */
  readonly stepUpCode: ColourCode;
  /** The authentication of the latest Log on, for the profile selector and the step-up to render. */
  readonly authentication: Authentication | undefined;
  /** Next on the user ID step: saves or clears the remembered ID, starts the session; false if the ID is invalid or a 429's wait still runs. */
  submitUserId(userId: string, remember: boolean): Promise<boolean>;
  /** Back from the code step, the profile selector or the step-up to the user ID step; from the selector it drops the profiles the logon signed in. */
  back(): void;
  /**
   * Log on with the scanner's response code (digits) to the colour code on screen; false if the
   * code is invalid or a 429's wait still runs. After a 429 that came once the code was accepted,
   * only the hand-over (transfer and logon calls) is tried again.
   */
  logon(code: string): Promise<boolean>;
  /** The profile selector made the chosen profile active: log on with it. */
  continueLogon(): Promise<void>;
  /** The user edits the code: the server's verdict on the old one goes. */
  clearCodeError(): void;
  /** The inactivity limit: log out, forget the session and the user ID, back to the first step. */
  endSession(): Promise<void>;
  /**
   * What Next needs on its way to the colour code, each piece small enough for an idle moment of
   * its own: the API client, the trace sender and the checks of the answers. Run ahead of the
   * click, they leave it only the calls and the screen; left unrun, the click does them itself.
   */
  readonly warmUps: ReadonlyArray<() => void>;
}

// The calls whose 400 or 403 is the server's verdict on the code typed.
const CODE_PATHS: readonly string[] = [SCANNER_LOGON_PATHS.authenticate, SCANNER_LOGON_PATHS.stepUpAuthenticate, SCANNER_LOGON_PATHS.logon];

/** The authentication context of the scanner logon: level of assurance 5, scope personal_data. */
export const scannerLogonContext = (clientId: string): AuthenticationContext => ({
  clientId,
  identifyeeType: 'customer',
  requiredLevelOfAssurance: 5,
  scopes: ['personal_data'],
});

/** The authentication component ended in error: reported as a generic error whose origin is the spec's code. */
class AuthenticationFailed extends Error {
  readonly code: AuthenticationError['code'];

  constructor({ code, message }: AuthenticationError) {
    super(message);
    this.code = code;
  }
}

const reportable = reportableSessionError;
const originOf = (error: unknown) => (isApiError(error) ? error.path : error instanceof AuthenticationFailed ? error.code : 'scanner-logon');

/** Creates the scanner logon flow. */
export function createScannerLogon(deps: ScannerLogonDeps): ScannerLogon {
  const { api, session, scope, settings, cookies, emit, errors, traceLog, base, leave, now = () => Date.now(), lastUsedMeans = storedMeansMemory() } = deps;
  const getDeviceProfile = deps.deviceProfile ?? (() => pageDeviceProfile(pageEnvironment(cookies.tdid)));
  const store = createStore<ScannerLogonState>({ status: 'userId', userId: deps.initialUserId ?? '' });
  // The session Next started serves the first colour code; every later load re-initialises.
  let sessionUnused = false;
  let attempt: Scope | undefined;
  let authentication: Authentication | undefined;
  // A 429 came after the code was accepted (the profile is signed in): the next Log on only hands over.
  let handOverDue = false;

  const fire = (event: ScannerLogonEvent, next: Partial<ScannerLogonState> = {}) => {
    const state = store.get();
    const status = scannerLogonTransitions[state.status][event];
    if (!status || scope.disposed) return false;
    store.set({ ...state, ...next, status });
    return true;
  };
  const username = () => store.get().userId || undefined;
  const cooldown = createActionCooldown({ scope, onChange: (retryInS) => store.set({ ...store.get(), retryInS }) });
  const waiting = () => cooldown.seconds !== undefined;
  const report = (error: unknown, origin: string) =>
    errors.handle(reportable(error), { origin, technicalCodes: SCANNER_TECHNICAL_CODES, username: username() });
  const trace = (operation: string, headers?: Headers) => traceLog.trace(operation, { responseId: responseIdOf(headers), username: username() });
  const liveAnonymous = () => live(session, now());
  const startAnonymous = () => start(session);
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
      const anonymous = (sessionUnused && liveAnonymous()) || (await startAnonymous());
      sessionUnused = false;
      const response = await call(api, contract.standaloneInitiate, {
        bearer: anonymous.accessToken,
        body: { userId: store.get().userId, system: SYSTEM_MARKER, authenticationContext: scannerLogonContext(anonymous.authenticationContext.clientId) },
        signal: scope.signal,
      });
      return readColourCode(response, SCANNER_LOGON_PATHS.initiate);
    },
  });

  const stepUpToken = () => authentication?.state.stepUpTokens?.[0]?.accessToken;
  const stepUpCode = createColourCode({
    scope,
    marginS: settings.colourCodeExpiryMarginS,
    onError: (error) => report(error, SCANNER_LOGON_PATHS.stepUpInitiate),
    async load() {
      emit('amwa-clear-technical-exception', {});
      const response = await call(api, contract.authenticationInitiate, {
        bearer: stepUpToken(),
        body: { authenticationContext: authentication!.state.context! },
        signal: scope.signal,
      });
      return readColourCode(response, SCANNER_LOGON_PATHS.stepUpInitiate);
    },
  });

  /** Steps 5 to 7 of the logon: a transfer OTP for the active profile, the logon call, the redirect check. */
  const handOver = async (signal: AbortSignal) => {
    const { data: transfer } = await call(api, contract.transfer, {
      bearer: session.accessToken,
      body: { clientId: SSO_CLIENT_ID, intent: TRANSFER_INTENT },
      signal,
    });
    const { data, headers } = await call(api, contract.scannerLogon, {
      body: { username: store.get().userId, transferOtp: transfer.otp, ...(await getDeviceProfile()) },
      signal,
    });
    const checked = checkRedirect(data.url, settings.allowedRedirectOrigins, base);
    if (!checked.ok) throw checked.error;
    if (!fire('loggedOn')) return;
    trace(TRACED.scannerLogonLoggedOn, headers);
    emit('amwa-next', { flow: 'scanner-logon', step: 'code' });
    emit('amwa-logon-redirect', { url: checked.reported, logonType: 'scanner' });
    leave(checked.url);
  };

  /** Hands a result to the authentication and goes where it leads: log on, the profile selector, or the step-up. */
  const follow = async ({ data, headers }: { data: unknown; headers: Headers }, signal: AbortSignal) => {
    const auth = authentication!;
    auth.submitResult(data);
    const { status, error } = auth.state;
    if (status !== 'error') trace(status === 'show-means' ? TRACED.scannerLogonStepUp : TRACED.scannerLogonAuthenticated, headers);
    if (status === 'complete') return handOver(signal);
    const event = AFTER_RESULT[status];
    if (!event) throw new AuthenticationFailed(error ?? { code: 'authentication-means-error', message: MALFORMED_MEANS_RESPONSE });
    // A new step-up needs a new colour code; the step-up screen loads it.
    if (event === 'stepUp') stepUpCode.hide();
    fire(event);
  };

  /** Answers the code step's colour code: a new authentication in the scanner logon context. */
  const answerCode = async (code: string, encryptedState: string, signal: AbortSignal) => {
    const anonymous = liveAnonymous() ?? (await startAnonymous());
    authentication = createAuthentication({ session, lastUsedMeans });
    authentication.configure(scannerLogonContext(anonymous.authenticationContext.clientId));
    authentication.supply({ means: [SCANNER_MEANS] });
    const answer = await call(api, contract.standaloneAuthenticate, {
      bearer: anonymous.accessToken,
      headers: { [ENCRYPTED_STATE_HEADER]: encryptedState },
      body: { tokenResponse: code },
      signal,
    });
    await follow(answer, signal);
  };

  /** Answers the step-up's colour code with the partial result's interim token. */
  const answerStepUp = async (code: string, encryptedState: string, signal: AbortSignal) => {
    const answer = await call(api, contract.authenticationAuthenticate, {
      bearer: stepUpToken(),
      headers: { [ENCRYPTED_STATE_HEADER]: encryptedState },
      body: { tokenResponse: code, authenticationContext: authentication!.state.context! },
      signal,
    });
    emit('amwa-next', { flow: 'scanner-logon', step: 'stepUp' });
    await follow(answer, signal);
  };

  const codeErrorOf = (error: unknown) => {
    if (!isApiError(error) || !CODE_PATHS.includes(error.path)) return undefined;
    if (error.errorCode !== undefined && (SCANNER_TECHNICAL_CODES as readonly string[]).includes(error.errorCode)) return undefined;
    return error.status === 400 || error.status === 403 ? CODE_ERRORS[error.status] : undefined;
  };

  /**
   * The fifth wrong code (403): the scanner is deactivated before the message shows. The message
   * shows whatever the call answers; a failure is only traced.
   */
  const deactivate = async () => {
    const { userId } = store.get();
    try {
      const { headers } = await call(api, contract.scannerDeactivate, { body: { username: userId }, signal: scope.signal });
      trace(TRACED.scannerDeactivated, headers);
    } catch (error) {
      if (!scope.disposed) traceLog.traceError(SCANNER_LOGON_PATHS.deactivate, { responseId: isApiError(error) ? error.traceId : undefined, username: userId });
    }
  };

  /** Runs one call sequence in a fresh attempt and ends a failure as spec section 8 says. */
  const run = async (sequence: (signal: AbortSignal) => Promise<void>) => {
    const { signal } = newAttempt();
    try {
      await sequence(signal);
      cooldown.reset();
    } catch (error) {
      if (signal.aborted) return;
      // Too many requests: back to the step with what the user typed, to try again after the wait.
      if (cooldown.hold(error)) {
        handOverDue = authentication?.state.status === 'complete';
        fire('busy');
        if (store.get().status !== 'stepUp') stepUpCode.hide();
        return;
      }
      const codeError = codeErrorOf(error);
      // The logon call's 400 comes after the colour code was answered: that code and its session
      // are spent, so the code step gets a fresh one (a new session) and a retry can succeed.
      const spent = codeError === CODE_ERRORS[400] && isApiError(error) && error.path === SCANNER_LOGON_PATHS.logon;
      if (codeError === CODE_ERRORS[403]) {
        await deactivate();
        if (signal.aborted) return;
        // The end of the flow: no colour code stays live to answer.
        fire('locked', { codeError, lockout: lockoutOf(error) });
        colourCode.hide();
        stepUpCode.hide();
        return;
      }
      if (signal.aborted) return;
      fire(codeError && !spent ? 'rejected' : 'failed', { codeError });
      // Only a rejected step-up code stays on the step-up; anywhere else its colour code goes.
      if (store.get().status !== 'stepUp') stepUpCode.hide();
      if (spent) colourCode.refresh();
      if (codeError) return;
      const outcome = report(error, originOf(error));
      // A technical failure spoils this colour code: only a refresh (a new session) goes on.
      if (outcome === 'technical' || outcome === 'timeout') colourCode.spoil();
    }
  };

  scope.onDispose(() => attempt?.dispose());
  scope.onDispose(
    session.onProfilesChange((profiles) => {
      if (store.get().status !== 'selectProfile' || !authentication) return;
      const signedIn = new Set(profiles.map((profile) => profile.profileId));
      if (authentication.state.profiles.some(({ profile }) => !signedIn.has(profile.profileId))) deps.onSessionLost?.();
    }),
  );

  return {
    get state() {
      return store.get();
    },
    subscribe: store.subscribe,
    warmUps: [() => api.warm?.(), () => traceLog.warm?.(), ...ANONYMOUS_WARM_UPS, () => colourCodeSchema(), () => emptySchema()],
    colourCode,
    stepUpCode,
    get authentication() {
      return authentication;
    },
    async submitUserId(userId, remember) {
      if (!runValidators(userId, [scannerUserId()]).valid || store.get().status !== 'userId' || waiting()) return false;
      if (remember) cookies.userId.set(userId);
      else cookies.userId.clear();
      fire('next', { userId, codeError: undefined });
      const { signal } = newAttempt();
      try {
        emit('amwa-clear-technical-exception', {});
        await startAnonymous();
        sessionUnused = true;
        if (signal.aborted || store.get().status !== 'starting') return true;
        cooldown.reset();
        // The colour code is asked for the moment the session is there, not once the code step
        // has rendered and its effect has run a frame later: the screen renders while the server
        // answers (the step's show() then finds it loading).
        colourCode.show();
        if (!fire('started')) return true;
        emit('amwa-next', { flow: 'scanner-logon', step: 'userId' });
        trace(TRACED.scannerLogonStarted);
      } catch (error) {
        if (signal.aborted) return true;
        // Too many requests: the user ID step stays, with its user ID, until the wait is over.
        if (cooldown.hold(error)) {
          fire('busy');
          return true;
        }
        fire('failed');
        report(error, anonymousSessionInitiate.path);
      }
      return true;
    },
    back() {
      attempt?.dispose();
      handOverDue = false;
      const from = store.get().status;
      if (!fire('back', { codeError: undefined })) return;
      colourCode.hide();
      stepUpCode.hide();
      // Those profiles were signed in for this logon only: a Back gives it up, and Next starts afresh.
      if (from === 'selectProfile') void session.dropTokens().catch(() => undefined);
    },
    async logon(code) {
      const { status } = store.get();
      if ((status !== 'code' && status !== 'stepUp') || waiting()) return false;
      if (handOverDue) {
        handOverDue = false;
        fire('logon', { codeError: undefined });
        emit('amwa-clear-technical-exception', {});
        await run(handOver);
        return true;
      }
      const colour = status === 'stepUp' ? stepUpCode : colourCode;
      const { image } = colour.state;
      if (colour.state.status !== 'shown' || !image?.encryptedState) return false;
      const { encryptedState, responseLength = 7, responseCheckDigit = true } = image;
      const rule = logonCode({ length: responseLength, checkDigit: responseCheckDigit });
      if (!runValidators(code, [rule]).valid) return false;
      fire('logon', { codeError: undefined });
      emit('amwa-clear-technical-exception', {});
      cookies.logonType.set('scanner');
      await run((signal) => (status === 'code' ? answerCode : answerStepUp)(code, encryptedState, signal));
      return true;
    },
    async continueLogon() {
      if (authentication?.state.status !== 'complete' || !fire('selected')) return;
      emit('amwa-clear-technical-exception', {});
      emit('amwa-next', { flow: 'scanner-logon', step: 'selectProfile' });
      await run(handOver);
    },
    clearCodeError() {
      const state = store.get();
      if (state.codeError) store.set({ ...state, codeError: undefined });
    },
    async endSession() {
      attempt?.dispose();
      handOverDue = false;
      colourCode.hide();
      stepUpCode.hide();
      const hadSession = session.anonymousProfile !== undefined || session.profiles.length > 0;
      sessionUnused = false;
      if (hadSession) trace(TRACED.sessionExpired);
      fire('expire', { userId: '', codeError: undefined });
      // Not tied to the screen's scope: the logout must outlive the screen it ends.
      if (hadSession) await logout({ api, settings, emit, base, leave, session });
    },
  };
}
