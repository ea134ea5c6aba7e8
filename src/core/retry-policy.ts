// When the servers say "not now" (429 Too Many Requests, or a busy 502/503/504), the widget waits
// rather than fails. Background calls (the QR poll, a colour code's load, the token refresh) wait
// and try again by themselves; a call the user started holds its control back for the wait and
// tells the user how long (docs/api-integration.md). One reading of `Retry-After` serves both.
import { type AmwaApiError, isApiError } from './api-error';
import type { Scope } from './scope';
import { boundServerDuration, readRetryAfter, SERVER_DURATION_BOUNDS } from './server-duration';

/**
 * Answers that mean "come back later" rather than "this failed": a background call keeps what it
 * shows and tries again after the wait, so a struggling API is not asked again at once by every
 * waiting user.
 */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** The longest backoff between calls when the server does not say how long to wait. */
export const MAX_BACKOFF_MS = 30_000;
/** Up to this share is added to a `Retry-After`, so the users told the same time do not all come back at once. */
export const RETRY_AFTER_JITTER = 0.2;

/** A failed call whose answer means "come back later" (429, 502, 503, 504). */
export const isTransient = (error: unknown): error is AmwaApiError => isApiError(error) && error.status !== undefined && TRANSIENT_STATUSES.has(error.status);

/** The `Retry-After` of `error` in ms, held to 0.5 s to 5 min; undefined when absent or unreadable. */
export function askedWait(error: AmwaApiError, now = Date.now()): number | undefined {
  const asked = readRetryAfter(error.retryAfter, now);
  return asked === undefined ? undefined : boundServerDuration(asked, SERVER_DURATION_BOUNDS.retryAfter, 'ms');
}

/** The backoff ceiling after the `failures`-th transient answer in a row: 1 s doubling up to 30 s. */
const backoffCeiling = (failures: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, failures - 1));

/**
 * How long a background call waits after the `failures`-th transient answer in a row: its
 * `Retry-After` (seconds or an HTTP date) held to 0.5 s to 5 min, plus up to 20 %; else 1 s
 * doubling per failure up to 30 s, of which a random half ("equal jitter"). Never shorter than 500 ms.
 */
export function retryDelay(error: AmwaApiError, failures: number, random: () => number = Math.random, now = Date.now()): number {
  const asked = askedWait(error, now);
  if (asked !== undefined) return Math.round(asked * (1 + RETRY_AFTER_JITTER * random()));
  const ceiling = backoffCeiling(failures);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * The 429 behind `error`, looking through the causes of errors that wrap a failed call (the
 * anonymous session's error wraps the call that failed); undefined when there is none.
 */
export function tooManyRequests(error: unknown): AmwaApiError | undefined {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (isApiError(current)) return current.status === 429 ? current : undefined;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * How many whole seconds a user action waits after the `failures`-th 429 in a row: the bounded
 * `Retry-After` rounded up (no jitter: the user is told the time and comes back by hand), else
 * the backoff ceiling (1 s doubling up to 30 s).
 */
export function actionWaitSeconds(error: AmwaApiError, failures: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((askedWait(error, now) ?? backoffCeiling(failures)) / 1000));
}

/** The wait a 429 put on a user action: its control is held back and the user told for how long. */
export interface ActionCooldown {
  /** Whole seconds the user was told to wait, while the wait runs; undefined otherwise. */
  readonly seconds: number | undefined;
  /** Starts the wait a 429 behind `error` asks for; false (and nothing starts) when `error` is no 429. */
  hold(error: unknown): boolean;
  /** A call went through: the next 429 counts as the first again. */
  reset(): void;
}

/** What a cooldown needs: its timer lives in `scope` (gone on unmount); `onChange` hears it start and end. */
export interface ActionCooldownDeps {
  scope: Scope;
  onChange(seconds: number | undefined): void;
  now?: () => number;
}

/** Creates the cooldown of one flow's user actions. */
export function createActionCooldown({ scope, onChange, now = () => Date.now() }: ActionCooldownDeps): ActionCooldown {
  let seconds: number | undefined;
  let failures = 0;
  let stop = () => {};
  const set = (next: number | undefined) => {
    seconds = next;
    onChange(next);
  };
  return {
    get seconds() {
      return seconds;
    },
    hold(error) {
      const busy = tooManyRequests(error);
      if (!busy || scope.disposed) return false;
      const wait = actionWaitSeconds(busy, ++failures, now());
      stop();
      set(wait);
      stop = scope.setTimeout(() => set(undefined), wait * 1000);
      return true;
    },
    reset() {
      failures = 0;
    },
  };
}
