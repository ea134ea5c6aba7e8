// The colour-code image (spec section 4): loaded on show (again after the wait a 429 asks for),
// expired a margin before the server's expiry, refreshed on request. Shared by scanner logon and every colour-code step of activation.
import { ENCRYPTED_STATE_HEADER } from '../../contract/operation';
import { colourCodeSchema } from '../../contract/shapes';
import type { ApiResponse } from '../api';
import { AmwaApiError } from '../api-error';
import { retryDelay, tooManyRequests } from '../retry-policy';
import type { Scope } from '../scope';
import { boundServerDuration, SERVER_DURATION_BOUNDS } from '../server-duration';
import { createStore } from './store';

/** Header carrying the colour-code flow's encrypted state from one step to the next. */
export { ENCRYPTED_STATE_HEADER };

/** How long the spinner stays after a refresh (spec section 9). */
export const REFRESH_SPINNER_MS = 3000;

/** A colour code as the security API sends it, plus the encrypted-state header that came with it. */
export interface ColourCodeImage {
  /** The PNG, base64 without a data-URL prefix. */
  base64Cronto: string;
  /** Seconds until the server stops accepting answers to it. */
  expirationDuration: number;
  responseCheckDigit?: boolean;
  responseLength?: number;
  serialNumber?: string;
  encryptedState?: string;
}

/** Fetches a fresh colour code; every call may (re)initialise whatever the image depends on. */
export type ColourCodeLoader = () => Promise<ColourCodeImage>;

/** Where the image is: nothing yet, on its way, usable, past its expiry (or spoiled), or failed to load. */
export type ColourCodeStatus = 'idle' | 'loading' | 'shown' | 'expired' | 'error';

/** What the component renders; `spinner` stays up for 3 s after a refresh. */
export interface ColourCodeState {
  status: ColourCodeStatus;
  image?: ColourCodeImage;
  spinner: boolean;
}

type ColourCodeEvent = 'show' | 'loaded' | 'failed' | 'expire' | 'spoil' | 'refresh' | 'hide';

/** Every move the image can make; an event missing from a row is ignored in that state. */
export const colourCodeTransitions: Record<ColourCodeStatus, Partial<Record<ColourCodeEvent, ColourCodeStatus>>> = {
  idle: { show: 'loading' },
  loading: { loaded: 'shown', failed: 'error', hide: 'idle' },
  shown: { expire: 'expired', spoil: 'error', refresh: 'loading', hide: 'idle' },
  expired: { spoil: 'error', refresh: 'loading', hide: 'idle' },
  error: { refresh: 'loading', hide: 'idle' },
};

/** What the colour-code machine needs. */
export interface ColourCodeDeps {
  /** Disposing it stops every timer and drops a load in flight. */
  scope: Scope;
  load: ColourCodeLoader;
  /** Seconds before `expirationDuration` runs out that the image counts as expired (settings `colourCodeExpiryMarginS`). */
  marginS: number;
  /** Hears a failed load, to report it through the shared error handler. */
  onError(error: unknown): void;
}

/** A colour-code image's life cycle. */
export interface ColourCode {
  readonly state: ColourCodeState;
  subscribe(listener: () => void): () => void;
  /** Loads the image when the screen shows it; no-op unless idle. */
  show(): void;
  /** Loads a new image, with the 3 s spinner. */
  refresh(): void;
  /** Marks the image unusable after a technical error (status 'error', as a failed load), so only Refresh goes on. */
  spoil(): void;
  /** Back to idle: timers stop, a load in flight is dropped. */
  hide(): void;
}

/** Creates the colour-code machine. */
export function createColourCode({ scope, load, marginS, onError }: ColourCodeDeps): ColourCode {
  const store = createStore<ColourCodeState>({ status: 'idle', spinner: false });
  let timers: Scope | undefined;
  let generation = 0;

  const patch = (next: Partial<ColourCodeState>) => store.set({ ...store.get(), ...next });
  const fire = (event: ColourCodeEvent, next: Partial<ColourCodeState> = {}) => {
    const status = colourCodeTransitions[store.get().status][event];
    if (!status || scope.disposed) return false;
    patch({ ...next, status });
    return true;
  };
  const stopTimers = () => {
    timers?.dispose();
    timers = undefined;
  };

  const start = (spinner: boolean) => {
    stopTimers();
    const run = ++generation;
    timers = scope.child();
    if (spinner) timers.setTimeout(() => patch({ spinner: false }), REFRESH_SPINNER_MS);
    const own = timers;
    let busy = 0;
    const attempt = () =>
      load().then(
        (image) => {
          if (run !== generation || !fire('loaded', { image })) return;
          const lifetimeMs = boundServerDuration(image.expirationDuration, SERVER_DURATION_BOUNDS.colourCodeExpiry);
          own.setTimeout(() => fire('expire'), Math.max(0, lifetimeMs - marginS * 1000));
        },
        (error: unknown) => {
          if (run !== generation || scope.disposed) return;
          // Too many requests: no failure, the image loads again after the wait the server asks.
          const tooMany = tooManyRequests(error);
          if (tooMany) return void own.setTimeout(attempt, retryDelay(tooMany, ++busy));
          stopTimers();
          fire('failed', { image: undefined, spinner: false });
          onError(error);
        },
      );
    void attempt();
  };

  scope.onDispose(() => {
    generation++;
    stopTimers();
  });

  return {
    get state() {
      return store.get();
    },
    subscribe: store.subscribe,
    show() {
      if (fire('show', { image: undefined, spinner: false })) start(false);
    },
    refresh() {
      if (fire('refresh', { image: undefined, spinner: true })) start(true);
    },
    spoil() {
      if (fire('spoil', { image: undefined, spinner: false })) stopTimers();
    },
    hide() {
      if (!fire('hide', { image: undefined, spinner: false })) return;
      generation++;
      stopTimers();
    },
  };
}

/**
 * Reads a colour-code answer (spec section 5): a body with `responseCheckDigit` and a
 * `responseLength` of 6 to 20, and the encrypted-state header unless `encryptedState` is
 * 'optional' (the serial-number image). Anything else is an invalid response, reported as a 500.
 */
export function readColourCode(
  response: Pick<ApiResponse<unknown>, 'data' | 'headers'>,
  path: string,
  encryptedState: 'required' | 'optional' = 'required',
): ColourCodeImage {
  const parsed = colourCodeSchema().safeParse(response.data);
  const state = response.headers.get(ENCRYPTED_STATE_HEADER) || undefined;
  if (!parsed.success || (encryptedState === 'required' && !state)) {
    const missingState = parsed.success ? [{ path: [ENCRYPTED_STATE_HEADER] }] : [];
    throw new AmwaApiError('invalid-response', `Invalid colour code response from ${path}`, {
      path,
      status: 500,
      data: response.data,
      headers: response.headers,
      issues: parsed.error?.issues ?? missingState,
    });
  }
  const { base64Cronto, expirationDuration, responseCheckDigit, responseLength, serialNumber } = parsed.data;
  return { base64Cronto, expirationDuration, responseCheckDigit, responseLength, serialNumber, encryptedState: state };
}
