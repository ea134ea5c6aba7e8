// `document.cookie` read and written in the encoding js-cookie 3 uses (the widget's cookies were
// written by it, and other code on a bank's pages may still read them with it), without its 1.5 kB
// of minified code on the first screen: the widget needs get, set and remove with fixed attributes.

/** The attributes one cookie write carries; `expires` in days (js-cookie's unit) or as a date. */
export interface CookieAttributes {
  path?: string;
  domain?: string;
  expires?: number | Date;
  'max-age'?: string;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** A cookie value as js-cookie reads it: outer quotes dropped, percent-escapes decoded. */
export const readCookieValue = (value: string): string => (value[0] === '"' ? value.slice(1, -1) : value).replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);

const writeValue = (value: string) => encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
const writeName = (name: string) => encodeURIComponent(name).replace(/%(2[346B]|5E|60|7C)/g, decodeURIComponent).replace(/[()]/g, escape);

/**
 * Cookies given as raw name and value pairs, by name, decoded as `document.cookie`'s are read; the
 * first of two cookies of one name wins, and a name that cannot be decoded is skipped.
 */
export function cookiesByName(pairs: Iterable<readonly [name: string, value: string]>): Map<string, string> {
  const jar = new Map<string, string>();
  for (const [name, value] of pairs) {
    try {
      const found = decodeURIComponent(name.trim());
      if (found && !jar.has(found)) jar.set(found, readCookieValue(value.trim()));
    } catch {
      // Not a name anyone wrote through an encoder: nothing of the widget's.
    }
  }
  return jar;
}

/** `cookies` ("a=1; b=2", as `document.cookie` or a request's `Cookie` header gives them) by name, decoded. */
export function parseCookies(cookies: string): Map<string, string> {
  const pairs = (cookies ? cookies.split(/; */) : []).map((pair) => {
    const [name = '', ...value] = pair.split('=');
    return [name, value.join('=')] as const;
  });
  return cookiesByName(pairs);
}

/** A jar of the page's cookies whose writes carry `defaults` (each write may add to them); without a document, empty. */
export function cookieJar(defaults: CookieAttributes) {
  const set = (name: string, value: string, attributes?: CookieAttributes) => {
    if (typeof document === 'undefined') return;
    let line = `${writeName(name)}=${writeValue(value)}`;
    for (const [attribute, given] of Object.entries({ ...defaults, ...attributes })) {
      if (!given) continue;
      const text = typeof given === 'number' ? new Date(Date.now() + given * 864e5).toUTCString() : given instanceof Date ? given.toUTCString() : given;
      // RFC 6265 5.2: an attribute's value ends at the first ';'.
      line += `; ${attribute}${text === true ? '' : `=${String(text).split(';')[0]}`}`;
    }
    document.cookie = line;
  };
  return {
    get: (name: string): string | undefined => (typeof document === 'undefined' ? undefined : parseCookies(document.cookie).get(name)),
    set,
    remove: (name: string) => set(name, '', { expires: -1 }),
  };
}
