/** The spec's message for a logon result url that is missing or not allowed. */
export const INVALID_REDIRECT = 'Invalid redirection url';

/**
 * The longest url from the API the widget follows (8 KiB): longer ones are refused before any
 * navigation, as a browser or server would end the user on its own error page instead of ours.
 */
export const MAX_REDIRECT_URL_LENGTH = 8192;

/**
 * A logon result url the widget refused. Its `data` names the url and the origins it was checked
 * against, for the host's `amwa-generic-exception` listener (never shown to the user).
 */
export class InvalidRedirectError extends Error {
  override readonly name = 'InvalidRedirectError';
  readonly data: { url: string; allowedOrigins: string[] };
  constructor(url: unknown, allowedOrigins: readonly string[]) {
    super(INVALID_REDIRECT);
    // An oversized url is named by its start only: the host's listener needs to recognise it, not to receive it.
    const text = typeof url === 'string' ? url : String(url);
    this.data = { url: text.length > MAX_REDIRECT_URL_LENGTH ? `${text.slice(0, MAX_REDIRECT_URL_LENGTH)}…` : text, allowedOrigins: [...allowedOrigins] };
  }
}

/** A logon result url checked against the allowed origins: a tagged union, never a throw. */
export type RedirectCheck = { ok: true; url: string } | { ok: false; error: InvalidRedirectError };

/** Accepts only absolute http(s) urls (or paths on `base`) of at most 8 KiB whose origin is in `allowedOrigins`. */
export function checkRedirect(url: unknown, allowedOrigins: readonly string[], base = 'http://invalid.invalid'): RedirectCheck {
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/+$/, '')));
  const refused = { ok: false, error: new InvalidRedirectError(url, [...allowed]) } as const;
  if (typeof url !== 'string' || url.trim() === '' || url.length > MAX_REDIRECT_URL_LENGTH) return refused;
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return refused;
  }
  if (!/^https?:$/.test(parsed.protocol) || !allowed.has(parsed.origin) || parsed.href.length > MAX_REDIRECT_URL_LENGTH) return refused;
  return { ok: true, url: parsed.href };
}
