import * as contract from '../../contract/mobile';
import type { ApiClient } from '../api';
import { isApiError } from '../api-error';
import { call } from '../call';
import type { ErrorHandler } from '../error-handler';
import type { Scope } from '../scope';
import { isTransient, MAX_BACKOFF_MS, retryDelay } from '../retry-policy';
import type { Session } from '../session/session';

/** Which QR the page shows: the mobile logon, or linking a corporate-portal account. */
export type QrMode = 'logon' | 'link';

/**
 * Why a QR code stopped being usable; 'taken-over': another tab or widget of this browser started
 * a logon, and with it took the browser's web-session and QR cookies this code was tied to.
 */
export type QrInvalidReason = 'timeout' | 'error' | 'removed' | 'taken-over';

/** What the QR component shows; `image` is the base64 PNG as received. */
export type QrState =
  | { status: 'loading'; attempt: number }
  | { status: 'loaded'; image: string }
  | { status: 'confirmed'; image: string }
  | { status: 'invalid'; reason: QrInvalidReason; image?: string };

/** Everything that can happen to a QR code. */
export type QrEvent =
  | { type: 'loaded'; image: string }
  | { type: 'retry' }
  | { type: 'confirmed' }
  | { type: 'expired' }
  | { type: 'failed' }
  | { type: 'refresh' }
  | { type: 'removed' }
  | { type: 'takenOver' };

/** The page's visibility, injected so polling can pause while nobody looks (and tests can flip it). */
export interface Visibility {
  hidden(): boolean;
  /** Calls `fn` on every change; returns the function that stops it. */
  onChange(fn: () => void): () => void;
}

/** How often a loaded QR code asks whether the app confirmed it (spec section 9). */
export const POLL_INTERVAL_MS = 500;
/** How many more times a load answered with 400 is tried (spec section 9). */
export const LOAD_RETRIES = 2;
/** The wait before each of those tries. */
export const LOAD_RETRY_DELAY_MS = 1000;

/** The calls behind each mode (spec section 7). */
export const QR_PATHS: Record<QrMode, { qr: string; confirmed: string }> = {
  logon: { qr: contract.qr.path, confirmed: contract.qrConfirmed.path },
  link: { qr: contract.linkQr.path, confirmed: contract.linkQrConfirmed.path },
};

// The operations behind each mode, so a failed call's report names its operation.
const QR_OPERATIONS = {
  logon: { qr: contract.qr, confirmed: contract.qrConfirmed },
  link: { qr: contract.linkQr, confirmed: contract.linkQrConfirmed },
} as const;

type Status = QrState['status'];
type StateOf<S extends Status> = Extract<QrState, { status: S }>;
type EventOf<E extends QrEvent['type']> = Extract<QrEvent, { type: E }>;
type Table = { [S in Status]: { [E in QrEvent['type']]?: (state: StateOf<S>, event: EventOf<E>) => QrState } };

const invalid =
  (reason: QrInvalidReason) =>
  (state: QrState): QrState => ({ status: 'invalid', reason, image: 'image' in state ? state.image : undefined });

// Events a state does not list are ignored there.
const transitions: Table = {
  loading: {
    loaded: (_, { image }) => ({ status: 'loaded', image }),
    retry: ({ attempt }) => ({ status: 'loading', attempt: attempt + 1 }),
    failed: invalid('error'),
    removed: invalid('removed'),
    takenOver: invalid('taken-over'),
  },
  loaded: {
    confirmed: ({ image }) => ({ status: 'confirmed', image }),
    expired: invalid('timeout'),
    failed: invalid('error'),
    removed: invalid('removed'),
    takenOver: invalid('taken-over'),
  },
  // The logon call of a confirmed code may already carry the right cookies: a takeover heard then
  // waits for its answer, and only turns a refused logon into 'taken-over' (see createQr).
  confirmed: { failed: invalid('error'), removed: invalid('removed'), takenOver: invalid('taken-over') },
  invalid: { refresh: () => ({ status: 'loading', attempt: 0 }) },
};

/** The pure QR reducer: the next state, or the same object when `event` means nothing in `state`. */
export function reduceQr(state: QrState, event: QrEvent): QrState {
  const step = transitions[state.status][event.type] as ((state: QrState, event: QrEvent) => QrState) | undefined;
  return step ? step(state, event) : state;
}

/** What the QR controller needs. */
export interface QrDeps {
  api: ApiClient;
  errors: Pick<ErrorHandler, 'handle'>;
  /** Parent scope; the controller lives in a child of it. */
  scope: Scope;
  mode: QrMode;
  /** How long a loaded QR code is polled before it counts as expired (settings `qrTimeout`). */
  qrTimeout: number;
  visibility: Visibility;
  /** Runs once the app confirmed (the logon); a rejection is handled and invalidates the QR code. */
  onConfirmed(signal: AbortSignal): Promise<void>;
  /**
   * Runs before each load (the session-cookie call of the mobile logon); a rejection fails the
   * load. `renew`: the session it made before lost its cookie to another logon, so make a new one.
   */
  prepare?(signal: AbortSignal, renew: boolean): Promise<void>;
  /**
   * The browser's one set of logon cookies, shared with the origin's other tabs and widgets: each
   * load claims them, and a QR code whose cookies another logon took stops as 'taken-over'.
   */
  logonCookies?: Pick<Session, 'claimLogon' | 'onLogonElsewhere'>;
}

/** A running QR code: read its state, follow changes, refresh it when invalid, dispose it when removed. */
export interface QrController {
  getState(): QrState;
  subscribe(listener: (state: QrState) => void): () => void;
  /** Asks for a new QR code; only an invalid one can be refreshed. */
  refresh(): void;
  /** The component is removed: the QR code becomes invalid and every timer and call stops. */
  dispose(): void;
}

/** Creates the QR controller and starts loading; each state's timers and calls live in a scope of their own. */
export function createQr({ api, errors, scope: parent, mode, qrTimeout, visibility, onConfirmed, prepare, logonCookies }: QrDeps): QrController {
  const scope = parent.child();
  const operations = QR_OPERATIONS[mode];
  const listeners = new Set<(state: QrState) => void>();
  let state: QrState = { status: 'loading', attempt: 0 };
  let stateScope = scope.child();
  // Another logon took the cookies while this code's logon call was out.
  let takenWhileConfirmed = false;
  // Another logon took the cookies since the last session-cookie call: the next load makes a new one.
  let renewSession = false;

  const dispatch = (event: QrEvent) => {
    const next = reduceQr(state, event);
    if (next === state) return;
    state = next;
    stateScope.dispose();
    stateScope = scope.child();
    enter(next, stateScope);
    for (const listener of listeners) listener(next);
  };

  /** Reports a failed call unless it was cancelled by leaving the state; `send` drops events of a left state. */
  const fail = (error: unknown, send: (event: QrEvent) => void) => {
    const origin = isApiError(error) ? error.path : 'qr';
    if (errors.handle(error, { origin }) !== 'aborted') send({ type: 'failed' });
  };

  function enter(current: QrState, own: Scope) {
    const send = (event: QrEvent) => own.disposed || dispatch(event);
    takenWhileConfirmed = false;
    if (current.status === 'invalid' && current.reason === 'taken-over') renewSession = true;
    if (current.status === 'loading') load(current.attempt, own, send);
    else if (current.status === 'loaded') poll(own, send);
    else if (current.status === 'confirmed') {
      onConfirmed(own.signal).catch((error: unknown) => {
        if (own.disposed) return;
        // Refused because the cookies went to the other logon: say so, not a technical error.
        if (takenWhileConfirmed && isApiError(error) && error.status === 401) send({ type: 'takenOver' });
        else fail(error, send);
      });
    }
  }

  function load(attempt: number, own: Scope, send: (event: QrEvent) => void) {
    // Before the calls that replace the cookies, so a code waiting elsewhere stops first.
    logonCookies?.claimLogon();
    const request = () => call(api, operations.qr, { signal: own.signal });
    const prepared = prepare?.(own.signal, renewSession).then(() => void (renewSession = false));
    (prepared ? prepared.then(request) : request()).then(
      ({ data }) => send({ type: 'loaded', image: data.qr }),
      (error: unknown) => {
        if (own.disposed) return;
        // 400: the spec's retries, 1 s apart; a busy server: the same retries, when it asks for a wait we can give.
        const wait = isTransient(error) ? retryDelay(error, attempt + 1) : isApiError(error) && error.status === 400 ? LOAD_RETRY_DELAY_MS : undefined;
        if (wait !== undefined && wait <= MAX_BACKOFF_MS && attempt < LOAD_RETRIES) own.setTimeout(() => send({ type: 'retry' }), wait);
        else fail(error, send);
      },
    );
  }

  // One call at a time, 500 ms apart from the start of the previous one; none while the page is
  // hidden, and one at once when it shows again. A transient answer (429, 502, 503, 504) pushes
  // the next call back (`Retry-After`, else backoff) and showing the page does not bring it
  // forward. Browsers throttle timers in hidden pages, so the deadline is checked against the clock too.
  function poll(own: Scope, send: (event: QrEvent) => void) {
    const deadline = Date.now() + qrTimeout;
    let inFlight = false;
    let transient = 0;
    let notBefore = 0;
    let cancelNext = () => {};
    own.setTimeout(() => send({ type: 'expired' }), qrTimeout);

    const schedule = (ms: number) => {
      cancelNext();
      cancelNext = visibility.hidden() ? () => {} : own.setTimeout(tick, ms);
    };
    const tick = () => {
      if (inFlight) return;
      if (Date.now() >= deadline) return send({ type: 'expired' });
      inFlight = true;
      const started = Date.now();
      call(api, operations.confirmed, { signal: own.signal }).then(
        ({ data }) => {
          inFlight = false;
          transient = 0;
          if (data.confirmed) send({ type: 'confirmed' });
          else schedule(Math.max(0, started + POLL_INTERVAL_MS - Date.now())); // a left state's scope refuses new timers
        },
        (error: unknown) => {
          inFlight = false;
          if (own.disposed) return;
          // 410 Gone: the server expired the QR code a moment before our own timer did.
          if (isApiError(error) && error.status === 410) send({ type: 'expired' });
          else if (isTransient(error)) {
            const wait = retryDelay(error, ++transient);
            notBefore = Date.now() + wait;
            schedule(wait);
          } else fail(error, send);
        },
      );
    };
    own.onDispose(
      visibility.onChange(() => {
        if (visibility.hidden()) return cancelNext();
        if (!inFlight) schedule(Math.max(0, notBefore - Date.now()));
      }),
    );
    schedule(POLL_INTERVAL_MS);
  }

  if (logonCookies) {
    scope.onDispose(
      logonCookies.onLogonElsewhere(() => {
        if (state.status === 'confirmed') takenWhileConfirmed = true;
        else dispatch({ type: 'takenOver' });
      }),
    );
  }
  enter(state, stateScope);
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    refresh: () => dispatch({ type: 'refresh' }),
    dispose() {
      if (scope.disposed) return;
      dispatch({ type: 'removed' });
      listeners.clear();
      scope.dispose();
    },
  };
}
