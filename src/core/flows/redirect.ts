import { HOST_REPORT } from '../api-error';

/** The spec's message for a logon result url that is missing or not allowed. */
export const INVALID_REDIRECT = 'Invalid redirection url';

/**
 * The longest url from the API the widget follows (8 KiB): longer ones are refused before any
 * navigation, as a browser or server would end the user on its own error page instead of ours.
 */
export const MAX_REDIRECT_URL_LENGTH = 8192;

/**
 * The part of a url an event or a log line may carry: origin and path of an http(s) url, the
 * path of a relative one, only the scheme of any other; undefined for what is no url at all.
 * Query, fragment and user info go, as logon results carry the session's ticket there. Paths
 * longer than 8 KiB are cut to their start and `…`.
 */
export function reportableUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  let reported: string;
  try {
    const parsed = new URL(url);
    reported = /^https?:$/.test(parsed.protocol) ? parsed.origin + parsed.pathname : parsed.protocol;
  } catch {
    if (!url.startsWith('/')) return undefined;
    reported = url.split(/[?#]/, 1)[0]!;
  }
  return reported.length > MAX_REDIRECT_URL_LENGTH ? `${reported.slice(0, MAX_REDIRECT_URL_LENGTH)}…` : reported;
}

/** What `amwa-generic-exception` says about a refused logon result url. */
export interface RefusedRedirectReport {
  /** The url's origin and path (no query, fragment or user info), the scheme alone of one not http(s); absent when it was no url at all. */
  url?: string;
  /** The origins it was checked against. */
  allowedOrigins: string[];
}

/**
 * A logon result url the widget refused. Its `data` names the url (as `reportableUrl` reports
 * it) and the origins it was checked against, for the host's `amwa-generic-exception` listener
 * (never shown to the user).
 */
export class InvalidRedirectError extends Error {
  override readonly name = 'InvalidRedirectError';
  readonly data: RefusedRedirectReport;
  constructor(url: unknown, allowedOrigins: readonly string[]) {
    super(INVALID_REDIRECT);
    const reported = reportableUrl(url);
    this.data = reported === undefined ? { allowedOrigins: [...allowedOrigins] } : { url: reported, allowedOrigins: [...allowedOrigins] };
  }

  /** What `amwa-generic-exception` carries as its `data`. */
  get [HOST_REPORT](): RefusedRedirectReport {
    return this.data;
  }
}

/** A logon result url checked against the allowed origins (`reported`: as events name it): a tagged union, never a throw. */
export type RedirectCheck = { ok: true; url: string; reported: string } | { ok: false; error: InvalidRedirectError };

/** Accepts only absolute http(s) urls (or paths on `base`) of at most 8 KiB whose origin is in `allowedOrigins`. */
export function checkRedirect(url: unknown, allowedOrigins: readonly string[], base = 'http://invalid.invalid'): RedirectCheck {
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/+$/, '')));
  // Built only when refused: reporting parses the url once more.
  const refused = () => ({ ok: false, error: new InvalidRedirectError(url, [...allowed]) }) as const;
  if (typeof url !== 'string' || url.trim() === '' || url.length > MAX_REDIRECT_URL_LENGTH) return refused();
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return refused();
  }
  if (!/^https?:$/.test(parsed.protocol) || !allowed.has(parsed.origin) || parsed.href.length > MAX_REDIRECT_URL_LENGTH) return refused();
  return { ok: true, url: parsed.href, reported: parsed.origin + parsed.pathname };
}
