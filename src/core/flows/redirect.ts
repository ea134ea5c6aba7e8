/** The spec's message for a logon result url that is missing or not allowed. */
export const INVALID_REDIRECT = 'Invalid redirection url';

/**
 * A logon result url the widget refused. Its `data` names the url and the origins it was checked
 * against, for the host's `amwa-generic-exception` listener (never shown to the user).
 */
export class InvalidRedirectError extends Error {
  override readonly name = 'InvalidRedirectError';
  readonly data: { url: string; allowedOrigins: string[] };
  constructor(url: unknown, allowedOrigins: readonly string[]) {
    super(INVALID_REDIRECT);
    this.data = { url: typeof url === 'string' ? url : String(url), allowedOrigins: [...allowedOrigins] };
  }
}

/** A logon result url checked against the allowed origins: a tagged union, never a throw. */
export type RedirectCheck = { ok: true; url: string } | { ok: false; error: InvalidRedirectError };

/** Accepts only absolute http(s) urls (or paths on `base`) whose origin is in `allowedOrigins`. */
export function checkRedirect(url: unknown, allowedOrigins: readonly string[], base = 'http://invalid.invalid'): RedirectCheck {
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/+$/, '')));
  const refused = { ok: false, error: new InvalidRedirectError(url, [...allowed]) } as const;
  if (typeof url !== 'string' || url.trim() === '') return refused;
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return refused;
  }
  if (!/^https?:$/.test(parsed.protocol) || !allowed.has(parsed.origin)) return refused;
  return { ok: true, url: parsed.href };
}
