// The activation's step machine (spec sections 2 and 4): its screens, where each move leads, and
// the pure reducer the controller in activation.ts drives.
import type { Lockout } from './lockout';

/** Every screen of the activation card, in order, then the two status alerts and the lockout. */
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
  | 'effective'
  | 'locked';

/** How a screen is left: forwards, to one of the status alerts, or locked out by too many wrong codes. */
export type ActivationMove = 'next' | 'missing' | 'effective' | 'locked';

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
  finish: { next: 'done', locked: 'locked' },
  done: {},
  missing: {},
  effective: {},
  locked: {},
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
  locked: 'activation:status:locked',
};

/** Which of the six stepper steps (1-based) a screen belongs to; none on the overview, the alerts and the lockout. */
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
  /** Message key of each field the server marked invalid; '' marks it invalid without a message. */
  fieldErrors: Partial<Record<ActivationField, string>>;
  userName?: string;
  /** The registration e-mail's address, partly hidden. */
  anonymizedEmail?: string;
  /** Set by the finish call; 2 means no coordinator check is needed. */
  levelOfAssurance?: 1 | 2;
  /** The corporate-portal logout the finished activation's logout named: leaving 'done' goes there. */
  logoutUrl?: string;
  /** When the lockout came and the trace id its answer carried, for the service team. */
  lockout?: Lockout;
  /** The means check failed with a technical error and can be tried again. */
  checkFailed: boolean;
  /** The inactivity warning is open. */
  warning: boolean;
  /** A 429 holds the screen's Next back for this many seconds (the user is told); undefined when it may go. */
  retryInS?: number;
}

/** Everything that changes the activation state. */
export type ActivationEvent =
  | { type: 'request' }
  | { type: 'reject'; fieldErrors?: ActivationState['fieldErrors']; checkFailed?: boolean }
  | { type: 'move'; move: ActivationMove; data?: Pick<ActivationState, 'userName' | 'anonymizedEmail' | 'levelOfAssurance' | 'logoutUrl' | 'lockout'> }
  | { type: 'edit'; field: ActivationField }
  | { type: 'warn'; open: boolean }
  | { type: 'wait'; seconds: number | undefined }
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
    case 'wait':
      return { ...state, retryInS: event.seconds };
    case 'expire':
      // The user name goes with the session (spec section 4); nothing more can be sent.
      return { ...state, userName: undefined, anonymizedEmail: undefined, warning: false, busy: true };
  }
}
