// Every duration a server sends passes through here before it reaches a timer. A server that is
// failing, or hostile, must not be able to turn waiting clients into a hot loop (a zero, a
// negative, or a value past what a browser timer holds, which fires at once) nor park them for
// weeks: each kind of duration has a floor and a ceiling (docs/api-integration.md).

/** Browser timers fire at once for delays of 2^31 ms or more. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The range a kind of server duration is held to, in milliseconds. */
export interface DurationBounds {
  readonly floorMs: number;
  readonly ceilingMs: number;
}

/** The bounds of every duration the widget takes from a server. */
export const SERVER_DURATION_BOUNDS = {
  /** `Retry-After` of a 429/502/503/504: never sooner than the QR poll's own 500 ms, never later than 5 minutes. */
  retryAfter: { floorMs: 500, ceilingMs: 300_000 },
  /** A colour code's `expirationDuration`: 1 second to 1 hour (the image then asks for Refresh). */
  colourCodeExpiry: { floorMs: 1_000, ceilingMs: 3_600_000 },
  /** A token's lifetime (`expirationTime`, `accessTokenTimeToLive`, `expires_in`): at once expired up to 24 hours. */
  tokenLifetime: { floorMs: 0, ceilingMs: 86_400_000 },
} as const satisfies Record<string, DurationBounds>;

/**
 * A server duration held to `bounds`, in ms: zero, negative, non-numeric and NaN give the floor;
 * anything past the ceiling, Infinity included, gives the ceiling (clamped, never wrapped).
 */
export function boundServerDuration(value: unknown, bounds: DurationBounds, unit: 's' | 'ms' = 's'): number {
  const ms = typeof value === 'number' ? value * (unit === 's' ? 1000 : 1) : Number.NaN;
  if (!(ms > bounds.floorMs)) return bounds.floorMs;
  return Math.min(Math.round(ms), bounds.ceilingMs);
}

// RFC 9110 section 5.6.7: IMF-fixdate, plus the obsolete RFC 850 and asctime forms a recipient accepts.
const HTTP_DATE = [
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/,
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d\d-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d\d \d\d:\d\d:\d\d GMT$/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d \d{4}$/,
];

/**
 * What a `Retry-After` header asks for, in ms and not yet bounded: a number of seconds (a sign or
 * a fraction is read as written, for the bounds to catch) or the time left until an HTTP date.
 * Undefined when absent or neither; `Date.parse` alone would take '-5' for a year.
 */
export function readRetryAfter(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^[-+]?\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const form = HTTP_DATE.findIndex((date) => date.test(text));
  if (form < 0) return undefined;
  // asctime carries no zone; HTTP dates are all GMT.
  const at = Date.parse(form === 2 ? `${text} GMT` : text);
  return Number.isNaN(at) ? undefined : at - now;
}
