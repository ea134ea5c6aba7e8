// Scanner activation (spec sections 2 and 4): user ID and e-mail, the e-mailed registration
// code, the means-agreement check, then the scanner's three colour codes (serial number, PIN,
// finish) and the finish call. The step machine is in activation-machine.ts, the means check's
// answers in activation-status.ts, the calls in the contract; this is the controller.
import * as contract from '../../contract/activation';
import { ENCRYPTED_STATE_HEADER, type Operation } from '../../contract/operation';
import { TRACED } from '../../contract/trace';
import type { ApiClient } from '../api';
import { type AmwaApiError, isApiError } from '../api-error';
import { call, type CallInit } from '../call';
import { SCANNER_TECHNICAL_CODES, type ErrorHandler } from '../error-handler';
import type { Emit } from '../events';
import { createActionCooldown, retryDelay, tooManyRequests } from '../retry-policy';
import type { Scope } from '../scope';
import type { Session } from '../session/session';
import type { Settings } from '../settings';
import { responseIdOf, type TraceLog } from '../trace';
import { anonymizeEmail } from '../validate/email';
import { initialActivationState, reduceActivation, UNKNOWN_STEP, type ActivationEvent, type ActivationField, type ActivationMove, type ActivationScreen, type ActivationState } from './activation-machine';
import { ENROLLABLE, INVALID_LEVEL_OF_ASSURANCE, readStatus, STATUS_HANDLING } from './activation-status';
import { createAuthentication, MALFORMED_MEANS_RESPONSE, storedMeansMemory } from './authentication';
import { createColourCode, readColourCode, type ColourCode, type ColourCodeImage, type ColourCodeLoader } from './colour-code';
import { createInactivityTimer } from './inactivity';
import type { LeaveWarning } from './leave-warning';
import { lockoutOf } from './lockout';
import { logout } from './logout';
import { createStore } from './store';

export * from './activation-machine';
export * from './activation-status';

/** The means the registration code is, as the authentication component knows it. */
export const OTP_MEANS = { componentName: 'one-time-password', name: 'otp' } as const;

/** The one-time-password authentication context (spec section 3): level 3, scope 'personal-data'. */
export const OTP_AUTHENTICATION_CONTEXT = {
  clientId: 'amwa-scanner-activation',
  identifyeeType: 'customer',
  requiredLevelOfAssurance: 3,
  scopes: ['personal-data'],
} as const;

/** What the activation controller needs. */
export interface ActivationDeps {
  api: ApiClient;
  /** Disposing it stops timers, calls, colour codes and the leave warning. */
  scope: Scope;
  settings: Pick<Settings, 'inactivityTimeoutActivationS' | 'colourCodeExpiryMarginS' | 'allowedRedirectOrigins' | 'corporatePortal'>;
  emit: Emit;
  errors: ErrorHandler;
  traceLog: Pick<TraceLog, 'trace'>;
  /** Signs in the profile the registration code opens; its token is the bearer of the later calls. */
  session: Pick<Session, 'addProfiles' | 'setActiveProfile' | 'accessToken' | 'logout' | 'dropTokens'>;
  leaveWarning: LeaveWarning;
  /** The page's address, to resolve relative urls against. */
  base: string;
  /** Where user activity is heard (the page's window and the widget's element): it restarts the inactivity count. */
  activity?: readonly EventTarget[];
  /** The inactivity limit was reached and the user logged out; no corporate-portal logout to go to. */
  onSessionExpired(): void;
  /** Sends the browser to the corporate-portal logout an expired session's logout named. */
  leave(url: string): void;
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
  /** When the inactivity limit falls (epoch ms), while the warning is open. */
  readonly inactivityDeadline: number | undefined;
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

/**
 * Spec section 8: a 400 on the OTP request marks both fields; errorCode 14 means the account is
 * blocked: the message on the user ID, the e-mail field marked invalid with an empty message ('').
 */
const otpRequestErrors = (error: AmwaApiError): FieldErrors | undefined => {
  if (error.status !== 400) return undefined;
  if (error.errorCode === '14') return { userName: 'validation.blocked', email: '' };
  return { userName: 'validation.otpCombination', email: 'validation.otpCombination' };
};

/** What a step's failed call comes to: field messages, or too many attempts (the flow is over). */
type StepVerdict = FieldErrors | typeof LOCKED;
/** The finish step's 403: too many wrong codes, the activation is locked out. */
const LOCKED = 'locked';

/** Spec section 8: the finish step's wrong code, and too many attempts, which locks the activation out. */
const finishErrors = (error: AmwaApiError): StepVerdict | undefined =>
  error.status === 400 ? { finishCode: 'validation.confirmationCodeInvalid' } : error.status === 403 ? LOCKED : undefined;

const isColourCodeScreen = (screen: ActivationScreen): screen is ColourCodeScreen => screen === 'serialNumber' || screen === 'pin' || screen === 'finish';

/** Creates the activation controller. */
export function createActivation({ api, scope, settings, emit, errors, traceLog, session, leaveWarning, base, activity, onSessionExpired, leave }: ActivationDeps): Activation {
  const store = createStore(initialActivationState);
  // Set once the registration code signed a profile in: the later calls carry its token.
  let authenticated = false;
  let encryptedState: string | undefined;
  let serialNumber: string | undefined;
  // The PIN colour code the serial number step already fetched, shown first.
  let prefetched: ColourCodeImage | undefined;
  let activated = false;

  const userName = () => store.get().userName;
  const cooldown = createActionCooldown({ scope, onChange: (seconds) => dispatch({ type: 'wait', seconds }) });
  // 429s in a row on the means check, which waits and asks again by itself.
  let checkBusy = 0;
  const report = (error: unknown, origin: string) => errors.handle(error, { origin, technicalCodes: SCANNER_TECHNICAL_CODES, username: userName() });
  const trace = (operation: string, headers?: Headers) => traceLog.trace(operation, { responseId: responseIdOf(headers), username: userName() });
  /** Ends the profile and, safely, the single-sign-on session; resolves with the corporate-portal logout to go to, if any. */
  const logOff = async () => {
    authenticated = false;
    return logout({ api, settings, emit, base, signal: scope.signal, session });
  };
  const bearer = () => (authenticated ? session.accessToken : undefined);

  /** The flow is over (finished, alert, generic error, expiry): no more prompts or timers. */
  const end = () => {
    leaveWarning.disable();
    inactivity.stop();
  };

  const inactivity = createInactivityTimer({
    scope,
    activity,
    limitS: settings.inactivityTimeoutActivationS,
    onWarn: () => dispatch({ type: 'warn', open: true }),
    onExpire() {
      end();
      trace(TRACED.sessionExpired);
      dispatch({ type: 'expire' });
      void logOff().then((url) => scope.disposed || (url ? leave(url) : onSessionExpired()));
    },
  });

  const stateHeader = () => (encryptedState ? { [ENCRYPTED_STATE_HEADER]: encryptedState } : undefined);
  /** Keeps the encrypted state an answer hands on, if it hands one on. */
  const keepState = (headers: Headers) => {
    encryptedState = headers.get(ENCRYPTED_STATE_HEADER) || encryptedState;
  };

  /** A call of the flow: the profile's token once signed in, the encrypted state on the scanner's calls. */
  const send = <Res, Body>(op: Operation<Res, Body>, ...[body]: undefined extends Body ? [Body?] : [Body]) =>
    call(api, op, { body, headers: op.api === 'security' ? stateHeader() : undefined, bearer: bearer(), signal: scope.signal } as CallInit<Body>);

  const fetchColourCode = async <Body>(op: Operation<unknown, Body>, ...body: undefined extends Body ? [Body?] : [Body]) => {
    emit('amwa-clear-technical-exception', {});
    const response = await send(op, ...body);
    const image = readColourCode(response, op.path, op.method === 'GET' ? 'optional' : 'required');
    keepState(response.headers);
    return image;
  };

  const colourCode = (origin: string, load: ColourCodeLoader) =>
    createColourCode({ scope, load, marginS: settings.colourCodeExpiryMarginS, onError: (error) => report(error, origin) });

  const colourCodes: Record<ColourCodeScreen, ColourCode> = {
    serialNumber: colourCode(contract.identification.path, () => fetchColourCode(contract.identification)),
    pin: colourCode(contract.enrolmentInitiate.path, () => {
      const image = prefetched;
      prefetched = undefined;
      return image ? Promise.resolve(image) : fetchColourCode(contract.enrolmentInitiate, { serialNumber });
    }),
    finish: colourCode(contract.activationInitiate.path, () => fetchColourCode(contract.activationInitiate)),
  };

  const dispatch = (event: ActivationEvent) => store.set(reduceActivation(store.get(), event));

  /** Leaves the current screen; its colour code stops, the next one's loads, and 'next' fires. */
  const move = (move: ActivationMove, data?: Extract<ActivationEvent, { type: 'move' }>['data']) => {
    const from = store.get().screen;
    dispatch({ type: 'move', move, data });
    if (isColourCodeScreen(from)) colourCodes[from].hide();
    const to = store.get().screen;
    if (isColourCodeScreen(to)) colourCodes[to].show();
    emit('amwa-next', { flow: 'activation', step: from });
  };

  /** Shared error handling; a generic error ends the flow, anything else leaves the user on the step. */
  const fail = (error: unknown, origin: string, checkFailed = false) => {
    if (scope.disposed) return;
    if (report(error, origin) === 'generic') end();
    dispatch({ type: 'reject', checkFailed });
  };

  /**
   * Too many wrong codes: the flow ends on the lockout screen, its colour code gone, and this
   * tab's tokens are dropped, so nothing can send the locked call again. No logout call: its
   * 'amwa-logout' could take the host page away before the customer has read the screen.
   */
  const lockOut = (error: unknown) => {
    end();
    // Not `move`: the finish step was not done, so no 'amwa-next'.
    dispatch({ type: 'move', move: LOCKED, data: { lockout: lockoutOf(error) } });
    colourCodes.finish.hide();
    authenticated = false;
    void session.dropTokens().catch(() => undefined);
  };

  /**
   * Runs one step's calls, one at a time; `errorFor` turns the answers the step knows into field
   * messages or a lockout, a 429 holds Next back for its wait (the fields keep what was typed),
   * everything else goes to the shared handler. True when the step went through.
   */
  const step = async (origin: string, run: () => Promise<void>, errorFor: (error: AmwaApiError) => StepVerdict | undefined = () => undefined) => {
    if (store.get().busy || scope.disposed || cooldown.seconds !== undefined) return false;
    dispatch({ type: 'request' });
    emit('amwa-clear-technical-exception', {});
    try {
      await run();
      cooldown.reset();
      return true;
    } catch (error) {
      if (cooldown.hold(error)) {
        dispatch({ type: 'reject' });
        return false;
      }
      const verdict = isApiError(error) && error.kind === 'http' ? errorFor(error) : undefined;
      if (scope.disposed) return false;
      if (verdict === LOCKED) lockOut(error);
      else if (verdict) dispatch({ type: 'reject', fieldErrors: verdict });
      else fail(error, isApiError(error) ? error.path : origin);
      return false;
    }
  };

  /** The status decides the route; before the serial number, the latest agreement must be one to enrol into. */
  const checkMeans = async () => {
    const answer = await send(contract.scannerStatus, { userName: userName()! });
    const handling = STATUS_HANDLING[readStatus(contract.scannerStatus.path, answer)];
    if (handling === 'provision') await send(contract.provision, { userName: userName()! });
    if (handling === 'missing' || handling === 'effective') {
      end();
    } else {
      const agreement = await send(contract.agreementsLatest);
      readStatus(contract.agreementsLatest.path, agreement, ENROLLABLE);
    }
    trace(TRACED.activationMeansChecked, answer.headers);
    move(handling === 'provision' ? 'next' : handling);
  };

  /** The means check right after authentication, or again after a technical error. */
  const runCheck = async () => {
    dispatch({ type: 'request' });
    emit('amwa-clear-technical-exception', {});
    try {
      await checkMeans();
      checkBusy = 0;
    } catch (error) {
      const tooMany = tooManyRequests(error);
      // The check follows the registration code by itself: after a 429 it waits and asks again by itself.
      if (tooMany && !scope.disposed) return void scope.setTimeout(() => void runCheck(), retryDelay(tooMany, ++checkBusy));
      fail(error, isApiError(error) ? error.path : contract.scannerStatus.path, true);
    }
  };

  return {
    get state() {
      return store.get();
    },
    subscribe: store.subscribe,
    colourCodes,
    get inactivityDeadline() {
      return store.get().warning ? inactivity.deadline : undefined;
    },

    start() {
      if (store.get().screen !== 'overview') return;
      leaveWarning.enable();
      move('next');
    },

    async submitCredentials(name, email) {
      await step(
        contract.otpRequest.path,
        async () => {
          const { headers } = await send(contract.otpRequest, { userName: name, emailAddress: email });
          move('next', { userName: name, anonymizedEmail: anonymizeEmail(email) });
          trace(TRACED.activationOtpRequested, headers);
        },
        otpRequestErrors,
      );
    },

    async submitRegistrationCode(otp) {
      const signedIn = await step(
        contract.otpAuthenticate.path,
        async () => {
          // The answer is the OTP means' result: the authentication component checks it against
          // the OTP context and signs its profile in (this page only remembers the means used).
          const authentication = createAuthentication({ session, lastUsedMeans: storedMeansMemory(null) });
          authentication.configure(OTP_AUTHENTICATION_CONTEXT);
          authentication.supply({ means: [OTP_MEANS] });
          const { data, headers } = await send(contract.otpAuthenticate, { userName: userName()!, otp });
          authentication.submitResult(data);
          if (authentication.state.status !== 'complete') throw new Error(authentication.state.error?.message ?? MALFORMED_MEANS_RESPONSE);
          authenticated = true;
          inactivity.start();
          trace(TRACED.activationOtpAuthenticated, headers);
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
        contract.enrolmentInitiate.path,
        async () => {
          prefetched = await fetchColourCode(contract.enrolmentInitiate, { serialNumber: serial });
          serialNumber = serial;
          trace(TRACED.activationSerialNumber);
          move('next');
        },
        (error) => (error.status === 500 ? { serialNumber: 'validation.serialTechnical' } : undefined),
      );
    },

    async submitPin(tokenResponse) {
      await step(contract.enrolmentValidate.path, async () => {
        const { headers } = await send(contract.enrolmentValidate, { tokenResponse });
        keepState(headers);
        trace(TRACED.activationPinSet, headers);
        move('next');
      });
    },

    next() {
      const { screen } = store.get();
      if (screen !== 'pinSet' && screen !== 'doneYesNext') throw new Error(UNKNOWN_STEP);
      move('next');
    },

    async submitFinish(tokenResponse) {
      // Only from the finish screen: after a lockout nothing sends the locked call again.
      if (store.get().screen !== 'finish') return;
      await step(
        contract.activationValidate.path,
        async () => {
          // After a good code, a failed finish call is retried without sending the code again.
          if (!activated) {
            keepState((await send(contract.activationValidate, { tokenResponse })).headers);
            activated = true;
          }
          const { data, headers } = await send(contract.finish, { userName: userName()! });
          const level = data.levelOfAssurance;
          if (level !== 1 && level !== 2) throw new Error(INVALID_LEVEL_OF_ASSURANCE);
          end();
          trace(TRACED.activationFinished, headers);
          const logoutUrl = await logOff();
          move('next', { levelOfAssurance: level, logoutUrl });
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
