/** The spec's message for a logon result url that is missing or not allowed. */
export const INVALID_REDIRECT = 'Invalid redirection url';

/** A logon result url checked against the allowed origins: a tagged union, never a throw. */
export type RedirectCheck = { ok: true; url: string } | { ok: false; error: typeof INVALID_REDIRECT };

/** Accepts only absolute http(s) urls (or paths on `base`) whose origin is in `allowedOrigins`. */
export function checkRedirect(url: unknown, allowedOrigins: readonly string[], base = 'http://invalid.invalid'): RedirectCheck {
  if (typeof url !== 'string' || url.trim() === '') return { ok: false, error: INVALID_REDIRECT };
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return { ok: false, error: INVALID_REDIRECT };
  }
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/+$/, '')));
  if (!/^https?:$/.test(parsed.protocol) || !allowed.has(parsed.origin)) return { ok: false, error: INVALID_REDIRECT };
  return { ok: true, url: parsed.href };
}
