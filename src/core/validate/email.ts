const VISIBLE = 3;
const MIN_STARS = 3;

/**
 * Partly hides an e-mail address for the 'Confirm your email' step: the first 3 characters
 * of the local part, one star per further character (at least 3), then '@' and the domain.
 */
export function anonymizeEmail(email: string): string {
  const at = email.lastIndexOf('@');
  // Array.from splits by code point, so a non-BMP character is never cut in half.
  const local = Array.from(at < 0 ? email : email.slice(0, at));
  const stars = '*'.repeat(Math.max(MIN_STARS, local.length - VISIBLE));
  return local.slice(0, VISIBLE).join('') + stars + (at < 0 ? '' : email.slice(at));
}

// RFC 5322 dot-atom local part; a domain of hostname labels with at least one dot and a 2+ character top level.
const EMAIL =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])$/i;

/** True for an ordinary e-mail address (dot-atom local part, a dotted host name); no length limit of its own. */
export const isEmailAddress = (value: string): boolean => EMAIL.test(value);
