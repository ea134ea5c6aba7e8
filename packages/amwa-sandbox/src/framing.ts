// Clickjacking: a page on another site could frame an example page, make it transparent and lay
// its own buttons over the widget's, so the user's clicks land on a logon they never saw. Every
// HTML page of the sandbox may be framed by its own origin only (the gallery frames its tiles),
// as a bank's pages hosting the widget should be (docs/csp.md).
import type { MiddlewareHandler } from 'hono';

/** The CSP directive every sandbox page sends, merged into any policy the page has of its own. */
export const FRAME_ANCESTORS = "frame-ancestors 'self'";

const HAS_FRAME_ANCESTORS = /(?:^|;)\s*frame-ancestors(?:\s|;|$)/i;

/** `policy` with `frame-ancestors 'self'` added, unless it already says who may frame the page. */
export const withFrameAncestors = (policy: string | null) =>
  !policy?.trim() ? FRAME_ANCESTORS : HAS_FRAME_ANCESTORS.test(policy) ? policy : `${policy.replace(/[;\s]+$/, '')}; ${FRAME_ANCESTORS}`;

/** Sends `frame-ancestors 'self'` (CSP) and `X-Frame-Options: SAMEORIGIN` (browsers without CSP level 2) with every HTML answer. */
export const framing = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (!/^text\/html\b/i.test(c.res.headers.get('Content-Type') ?? '')) return;
  c.res.headers.set('Content-Security-Policy', withFrameAncestors(c.res.headers.get('Content-Security-Policy')));
  c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
};
