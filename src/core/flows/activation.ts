// Scanner activation (spec sections 2 and 4): user ID and e-mail, the e-mailed registration
// code, the means-agreement check, then the scanner's three colour codes (serial number, PIN,
// finish) and the finish call. A pure step table plus a controller that makes the calls.
import * as z from 'zod/mini';
import type { ApiClient } from '../api';
import { AmwaApiError, isApiError } from '../api-error';
import { INVALID_AGREEMENT_CODE, SCANNER_TECHNICAL_CODES, type ErrorHandler } from '../error-handler';
import type { Emit } from '../events';
import type { Scope } from '../scope';
import type { Session } from '../session/session';
import type { Settings } from '../settings';
import { anonymizeEmail } from '../validate/email';
import { createAuthentication, MALFORMED_MEANS_RESPONSE, storedMeansMemory } from './authentication';
import { createColourCode, ENCRYPTED_STATE_HEADER, readColourCode, type ColourCode, type ColourCodeImage, type ColourCodeLoader } from './colour-code';
import { createInactivityTimer } from './inactivity';
import type { LeaveWarning } from './leave-warning';
import { logout } from './logout';
import { createStore } from './store';

/** Every screen of the activation card, in order, then the two status alerts. */
export type ActivationScreen =
  | 'overview'
  | 'credentials'
  | 'registrationCode'
  | 'meansCheck'
  | 'serialNumber'
  | 'pin'
  | 'pinSet'
  | 'doneYesNext'
  | 'finish'
  | 'done'
  | 'missing'
  | 'effective';

/** How a screen is left: forwards, or to one of the status alerts. */
export type ActivationMove = 'next' | 'missing' | 'effective';

/** The step table: where each move leads from each screen. A move a screen lacks is an unknown step. */
export const activationSteps: Record<ActivationScreen, Partial<Record<ActivationMove, ActivationScreen>>> = {
  overview: { next: 'credentials' },
  credentials: { next: 'registrationCode' },
  registrationCode: { next: 'meansCheck' },
  meansCheck: { next: 'serialNumber', missing: 'missing', effective: 'effective' },
  serialNumber: { next: 'pin' },
  pin: { next: 'pinSet' },
  pinSet: { next: 'doneYesNext' },
  doneYesNext: { next: 'finish' },
  finish: { next: 'done' },
  done: {},
  missing: {},
  effective: {},
};

/** The error a move outside the step table raises (spec section 4). */
export const UNKNOWN_STEP = 'Unknown step definition';

/** Analytics page name of each screen. */
export const ACTIVATION_PAGE_NAMES: Record<ActivationScreen, string> = {
  overview: 'activation:overview',
  credentials: 'activation:step1:user-id-email',
  registrationCode: 'activation:step2:confirm-email',
  meansCheck: 'activation:step2:means-check',
  serialNumber: 'activation:step3:serial-number',
  pin: 'activation:step4:choose-pin',
  pinSet: 'activation:step4:pin-set',
  doneYesNext: 'activation:step5:done-yes-next',
  finish: 'activation:step5:finish-setup',
  done: 'activation:step6:done',
  missing: 'activation:status:missing',
  effective: 'activation:status:effective',
};

/** Which of the six stepper steps (1-based) a screen belongs to; none on the overview and the alerts. */
export const ACTIVATION_STEP_OF: Partial<Record<ActivationScreen, number>> = {
  credentials: 1,
  registrationCode: 2,
  meansCheck: 2,
  serialNumber: 3,
  pin: 4,
  pinSet: 4,
  doneYesNext: 5,
  finish: 5,
  done: 6,
};

/** The fields a server answer can mark invalid. */
export type ActivationField = 'userName' | 'email' | 'registrationCode' | 'serialNumber' | 'pinCode' | 'finishCode';

/** What the activation card shows. */
export interface ActivationState {
  screen: ActivationScreen;
  /** A call runs: Next is disabled. */
  busy: boolean;
  /** Server verdicts by field, as message keys. */
  fieldErrors: Partial<Record<ActivationField, string>>;
  userName?: string;
  /** The registration e-mail's address, partly hidden. */
  anonymizedEmail?: string;
  /** Set by the finish call; 2 means no coordinator check is needed. */
  levelOfAssurance?: 1 | 2;
  /** The means check failed with a technical error and can be tried again. */
  checkFailed: boolean;
  /** The inactivity warning is open. */
  warning: boolean;
}

/** Everything that changes the activation state. */
export type ActivationEvent =
  | { type: 'request' }
  | { type: 'reject'; fieldErrors?: ActivationState['fieldErrors']; checkFailed?: boolean }
  | { type: 'move'; move: ActivationMove; data?: Pick<ActivationState, 'userName' | 'anonymizedEmail' | 'levelOfAssurance'> }
  | { type: 'edit'; field: ActivationField }
  | { type: 'warn'; open: boolean }
  | { type: 'expire' };

/** The state a fresh activation starts in. */
export const initialActivationState: ActivationState = { screen: 'overview', busy: false, fieldErrors: {}, checkFailed: false, warning: false };

/** The pure activation reducer; throws `UNKNOWN_STEP` for a move the current screen does not have. */
export function reduceActivation(state: ActivationState, event: ActivationEvent): ActivationState {
  switch (event.type) {
    case 'request':
      return { ...state, busy: true, fieldErrors: {}, checkFailed: false };
    case 'reject':
      return { ...state, busy: false, fieldErrors: event.fieldErrors ?? {}, checkFailed: event.checkFailed ?? false };
    case 'move': {
      const screen = activationSteps[state.screen][event.move];
      if (!screen) throw new Error(UNKNOWN_STEP);
      return { ...state, ...event.data, screen, busy: false, fieldErrors: {}, checkFailed: false };
    }
    case 'edit': {
      if (!(event.field in state.fieldErrors)) return state;
      const { [event.field]: _, ...fieldErrors } = state.fieldErrors;
      return { ...state, fieldErrors };
    }
    case 'warn':
      return { ...state, warning: event.open };
    case 'expire':
      // The user name goes with the session (spec section 4); nothing more can be sent.
      return { ...state, userName: undefined, anonymizedEmail: undefined, warning: false, busy: true };
  }
}

/** Scanner status as the status call answers it (spec section 3). */
export type ScannerStatus = 'REQUESTED' | 'POTENTIAL' | 'OFFERED' | 'COMPLETED' | 'EFFECTIVE' | 'MISSING';

// The means-agreement codes the status stands for, accepted as their status.
const STATUSES: Record<string, ScannerStatus> = {
  REQUESTED: 'REQUESTED',
  POTENTIAL: 'POTENTIAL',
  OFFERED: 'OFFERED',
  COMPLETED: 'COMPLETED',
  EFFECTIVE: 'EFFECTIVE',
  MISSING: 'MISSING',
  REQD_AR: 'REQUESTED',
  POTEN_AR: 'POTENTIAL',
  OFFRD_AR: 'OFFERED',
  COMPLD_AR: 'COMPLETED',
  EFF_AR: 'EFFECTIVE',
};

/** A received status or agreement code as a scanner status; `undefined` for anything else. */
export const parseScannerStatus = (value: unknown): ScannerStatus | undefined =>
  typeof value === 'string' && Object.hasOwn(STATUSES, value) ? STATUSES[value] : undefined;

/** What each status leads to after the means check (spec section 4). */
export const STATUS_HANDLING: Record<ScannerStatus, 'next' | 'provision' | ActivationMove> = {
  REQUESTED: 'next',
  POTENTIAL: 'next',
  OFFERED: 'provision',
  COMPLETED: 'provision',
  EFFECTIVE: 'effective',
  MISSING: 'missing',
};

/**
 * The error code of a status the widget does not know, technical on scanner screens (spec section
 * 8). Spelled out rather than imported from the scanner logon, whose flow would then load here too.
 */
/** The spec's message for a status the widget does not know. */
export const INVALID_AGREEMENT_STATE = 'Invalid scanner means agreement state';
/** The internal error a finish answer outside level of assurance 1 or 2 raises. */
export const INVALID_LEVEL_OF_ASSURANCE = 'invalid-level-of-assurance';

/** The means the registration code is, as the authentication component knows it. */
export const OTP_MEANS = { componentName: 'one-time-password', name: 'otp' } as const;

/** The one-time-password authentication context (spec section 3): level 3, scope 'personal-data'. */
export const OTP_AUTHENTICATION_CONTEXT = {
  clientId: 'amwa-scanner-activation',
  identifyeeType: 'customer',
  requiredLevelOfAssurance: 3,
  scopes: ['personal-data'],
} as const;

const SCANNER = '/v1/api/public/scanner';
const TOKEN = '/security-means/cronto-hardware-token/actions';

/** The calls of the flow (spec section 7). */
export const ACTIVATION_PATHS = {
  otpRequest: `${SCANNER}/activation/otp/request`,
  otpAuthenticate: `${SCANNER}/activation/otp/authenticate`,
  status: `${SCANNER}/status`,
  provision: `${SCANNER}/provision`,
  finish: `${SCANNER}/activation/finish`,
  identification: `${TOKEN}/management/enrolment/identification`,
  enrolmentInitiate: `${TOKEN}/enrolment/initiate`,
  enrolmentValidate: `${TOKEN}/enrolment/validate`,
  activationInitiate: `${TOKEN}/activation/initiate`,
  activationValidate: `${TOKEN}/activation/validate`,
} as const;

const statusSchema = z.looseObject({ status: z.unknown() });
const finishSchema = z.looseObject({ levelOfAssurance: z.unknown() });

/** What the activation controller needs. */
export interface ActivationDeps {
  api: ApiClient;
  /** Disposing it stops timers, calls, colour codes and the leave warning. */
  scope: Scope;
  settings: Pick<Settings, 'inactivityTimeoutActivationS' | 'colourCodeExpiryMarginS' | 'allowedRedirectOrigins' | 'corporatePortal'>;
  emit: Emit;
  errors: ErrorHandler;
  /** Signs in the profile the registration code opens; its token is the bearer of the later calls. */
  session: Pick<Session, 'addProfiles' | 'setActiveProfile' | 'accessToken' | 'logout'>;
  leaveWarning: LeaveWarning;
  /** The page's address, to resolve relative urls against. */
  base: string;
  /** The inactivity limit was reached and the user logged out. */
  onSessionExpired(): void;
}

/** The screens that show a colour code. */
export type ColourCodeScreen = 'serialNumber' | 'pin' | 'finish';

/** The activation flow as the page drives it. */
export interface Activation {
  readonly state: ActivationState;
  subscribe(listener: () => void): () => void;
  /**
   * The colour code of each screen that has one: the scanner's serial number, the PIN, the finish.
   * Each loads when its screen shows and stops when the screen goes.
   */
  readonly colourCodes: Readonly<Record<ColourCodeScreen, ColourCode>>;
  /** 'Start activation' on the overview. */
  start(): void;
  submitCredentials(userName: string, email: string): Promise<void>;
  submitRegistrationCode(otp: string): Promise<void>;
  /** Runs the means check again after a technical error. */
  retryCheck(): Promise<void>;
  submitSerialNumber(serialNumber: string): Promise<void>;
  submitPin(confirmationCode: string): Promise<void>;
  /** Next on the screens without a call: 'Your PIN code is set!' and done-yes-next. */
  next(): void;
  submitFinish(confirmationCode: string): Promise<void>;
  /** The user edits a field: the server's verdict on the old value goes. */
  edit(field: ActivationField): void;
  /** 'Continue' in the inactivity warning. */
  continueSession(): void;
}

type FieldErrors = ActivationState['fieldErrors'];

/** Spec section 8: a 400 on the OTP request marks both fields, errorCode 14 means the account is blocked. */
const otpRequestErrors = (error: AmwaApiError): FieldErrors | undefined => {
  if (error.status !== 400) return undefined;
  if (error.errorCode === '14') return { userName: 'validation.blocked' };
  return { userName: 'validation.otpCombination', email: 'validation.otpCombination' };
};

/** Spec section 8: the finish step's wrong code and too many attempts. */
const finishErrors = (error: AmwaApiError): FieldErrors | undefined =>
  error.status === 400 ? { finishCode: 'validation.confirmationCodeInvalid' } : error.status === 403 ? { finishCode: 'validation.finishAttempts' } : undefined;

/** Creates the activation controller. */
export function createActivation({ api, scope, settings, emit, errors, session, leaveWarning, base, onSessionExpired }: ActivationDeps): Activation {
  const store = createStore(initialActivationState);
  // Set once the registration code signed a profile in: the later calls carry its token.
  let authenticated = false;
  let encryptedState: string | undefined;
  let serialNumber: string | undefined;
  // The PIN colour code the serial number step already fetched, shown first.
  let prefetched: ColourCodeImage | undefined;
  let activated = false;

  const report = (error: unknown, origin: string) => errors.handle(error, { origin, technicalCodes: SCANNER_TECHNICAL_CODES });
  /** Ends the profile and, safely, the single-sign-on session; settles, never rejects. */
  const logOff = async () => {
    authenticated = false;
    await logout({ api, settings, emit, base, signal: scope.signal, session });
  };
  const bearer = () => (authenticated ? session.accessToken : undefined);

  /** The flow is over (finished, alert, generic error, expiry): no more prompts or timers. */
  const end = () => {
    leaveWarning.disable();
    inactivity.stop();
  };

  const inactivity = createInactivityTimer({
    scope,
    limitS: settings.inactivityTimeoutActivationS,
    onWarn: () => dispatch({ type: 'warn', open: true }),
    onExpire() {
      end();
      dispatch({ type: 'expire' });
      void logOff().then(() => scope.disposed || onSessionExpired());
    },
  });

  const stateHeader = () => (encryptedState ? { [ENCRYPTED_STATE_HEADER]: encryptedState } : undefined);
  /** Keeps the encrypted state an answer hands on, if it hands one on. */
  const keepState = (headers: Headers) => {
    encryptedState = headers.get(ENCRYPTED_STATE_HEADER) || encryptedState;
  };

  /** A POST of the flow: the profile's token once signed in, the encrypted state on the scanner calls. */
  const post = <T>(path: string, body: unknown, schema?: z.ZodMiniType<T>) => {
    const scanner = path.startsWith(TOKEN);
    return api.request({
      method: 'POST',
      path,
      target: scanner ? 'security' : 'access',
      body,
      schema,
      headers: scanner ? stateHeader() : undefined,
      bearer: bearer(),
      signal: scope.signal,
    });
  };

  const fetchColourCode = async (path: string, body?: unknown) => {
    emit('amwa-clear-technical-exception', {});
    const method = path === ACTIVATION_PATHS.identification ? 'GET' : 'POST';
    const response = await api.request({ method, path, target: 'security', body, headers: stateHeader(), bearer: bearer(), signal: scope.signal });
    const image = readColourCode(response, path, method === 'GET' ? 'optional' : 'required');
    keepState(response.headers);
    return image;
  };

  const colourCode = (origin: string, load: ColourCodeLoader) =>
    createColourCode({ scope, load, marginS: settings.colourCodeExpiryMarginS, onError: (error) => report(error, origin) });

  const colourCodes: Record<ColourCodeScreen, ColourCode> = {
    serialNumber: colourCode(ACTIVATION_PATHS.identification, () => fetchColourCode(ACTIVATION_PATHS.identification)),
    pin: colourCode(ACTIVATION_PATHS.enrolmentInitiate, () => {
      const image = prefetched;
      prefetched = undefined;
      return image ? Promise.resolve(image) : fetchColourCode(ACTIVATION_PATHS.enrolmentInitiate, { serialNumber });
    }),
    finish: colourCode(ACTIVATION_PATHS.activationInitiate, () => fetchColourCode(ACTIVATION_PATHS.activationInitiate)),
  };
  const colourCodeOf = (screen: ActivationScreen) => (Object.hasOwn(colourCodes, screen) ? colourCodes[screen as ColourCodeScreen] : undefined);

  const dispatch = (event: ActivationEvent) => store.set(reduceActivation(store.get(), event));

  /** Leaves the current screen; its colour code stops, the next one's loads, and 'next' fires. */
  const move = (move: ActivationMove, data?: Extract<ActivationEvent, { type: 'move' }>['data']) => {
    const from = store.get().screen;
    dispatch({ type: 'move', move, data });
    colourCodeOf(from)?.hide();
    colourCodeOf(store.get().screen)?.show();
    emit('amwa-next', { flow: 'activation', step: from });
  };

  /** Shared error handling; a generic error ends the flow, anything else leaves the user on the step. */
  const fail = (error: unknown, origin: string, checkFailed = false) => {
    if (scope.disposed) return;
    if (report(error, origin) === 'generic') end();
    dispatch({ type: 'reject', checkFailed });
  };

  /**
   * Runs one step's calls, one at a time; `errorFor` turns the answers the step knows into field
   * messages, everything else goes to the shared handler. True when the step went through.
   */
  const step = async (origin: string, run: () => Promise<void>, errorFor: (error: AmwaApiError) => FieldErrors | undefined = () => undefined) => {
    if (store.get().busy || scope.disposed) return false;
    dispatch({ type: 'request' });
    emit('amwa-clear-technical-exception', {});
    try {
      await run();
      return true;
    } catch (error) {
      const fieldErrors = isApiError(error) && error.kind === 'http' ? errorFor(error) : undefined;
      if (fieldErrors && !scope.disposed) dispatch({ type: 'reject', fieldErrors });
      else fail(error, isApiError(error) ? error.path : origin);
      return false;
    }
  };

  const checkMeans = async () => {
    const { userName } = store.get();
    const response = await post(ACTIVATION_PATHS.status, { userName }, statusSchema);
    const status = parseScannerStatus(response.data.status);
    if (!status) {
      throw new AmwaApiError('invalid-response', INVALID_AGREEMENT_STATE, {
        path: ACTIVATION_PATHS.status,
        status: response.status,
        data: { errorCode: INVALID_AGREEMENT_CODE, status: response.data.status },
        headers: response.headers,
      });
    }
    const handling = STATUS_HANDLING[status];
    if (handling === 'provision') await post(ACTIVATION_PATHS.provision, { userName });
    if (handling === 'missing' || handling === 'effective') end();
    move(handling === 'provision' ? 'next' : handling);
  };

  /** The means check right after authentication, or again after a technical error. */
  const runCheck = async () => {
    dispatch({ type: 'request' });
    emit('amwa-clear-technical-exception', {});
    try {
      await checkMeans();
    } catch (error) {
      fail(error, isApiError(error) ? error.path : ACTIVATION_PATHS.status, true);
    }
  };

  return {
    get state() {
      return store.get();
    },
    subscribe: store.subscribe,
    colourCodes,

    start() {
      if (store.get().screen !== 'overview') return;
      leaveWarning.enable();
      move('next');
    },

    async submitCredentials(userName, email) {
      await step(
        ACTIVATION_PATHS.otpRequest,
        async () => {
          await post(ACTIVATION_PATHS.otpRequest, { userName, emailAddress: email });
          move('next', { userName, anonymizedEmail: anonymizeEmail(email) });
        },
        otpRequestErrors,
      );
    },

    async submitRegistrationCode(otp) {
      const signedIn = await step(
        ACTIVATION_PATHS.otpAuthenticate,
        async () => {
          // The answer is the OTP means' result: the authentication component checks it against
          // the OTP context and signs its profile in (this page only remembers the means used).
          const authentication = createAuthentication({ session, lastUsedMeans: storedMeansMemory(null) });
          authentication.configure(OTP_AUTHENTICATION_CONTEXT);
          authentication.supply({ means: [OTP_MEANS] });
          const { data } = await post(ACTIVATION_PATHS.otpAuthenticate, { userName: store.get().userName, otp });
          authentication.submitResult(data);
          if (authentication.state.status !== 'complete') throw new Error(authentication.state.error?.message ?? MALFORMED_MEANS_RESPONSE);
          authenticated = true;
          inactivity.start();
          move('next');
        },
        (error) => (error.status === 400 ? { registrationCode: 'validation.registrationCodeInvalid' } : undefined),
      );
      if (signedIn) await runCheck();
    },

    async retryCheck() {
      const { screen, busy, checkFailed } = store.get();
      if (screen === 'meansCheck' && checkFailed && !busy) await runCheck();
    },

    async submitSerialNumber(serial) {
      await step(
        ACTIVATION_PATHS.enrolmentInitiate,
        async () => {
          prefetched = await fetchColourCode(ACTIVATION_PATHS.enrolmentInitiate, { serialNumber: serial });
          serialNumber = serial;
          move('next');
        },
        (error) => (error.status === 500 ? { serialNumber: 'validation.serialTechnical' } : undefined),
      );
    },

    async submitPin(tokenResponse) {
      await step(ACTIVATION_PATHS.enrolmentValidate, async () => {
        keepState((await post(ACTIVATION_PATHS.enrolmentValidate, { tokenResponse })).headers);
        move('next');
      });
    },

    next() {
      const { screen } = store.get();
      if (screen !== 'pinSet' && screen !== 'doneYesNext') throw new Error(UNKNOWN_STEP);
      move('next');
    },

    async submitFinish(tokenResponse) {
      await step(
        ACTIVATION_PATHS.activationValidate,
        async () => {
          // After a good code, a failed finish call is retried without sending the code again.
          if (!activated) {
            keepState((await post(ACTIVATION_PATHS.activationValidate, { tokenResponse })).headers);
            activated = true;
          }
          const { data } = await post(ACTIVATION_PATHS.finish, { userName: store.get().userName }, finishSchema);
          const level = data.levelOfAssurance;
          if (level !== 1 && level !== 2) throw new Error(INVALID_LEVEL_OF_ASSURANCE);
          end();
          await logOff();
          move('next', { levelOfAssurance: level });
        },
        finishErrors,
      );
    },

    edit: (field) => dispatch({ type: 'edit', field }),

    continueSession() {
      if (!inactivity.running) return;
      inactivity.extend();
      dispatch({ type: 'warn', open: false });
    },
  };
}
