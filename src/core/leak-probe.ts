// Test helper (issue 30, "What leaves the widget"): everything a host's console, error monitor or
// event listener can reach from a value, as text, so a test can look for a planted secret in it.
// Only tests import this file.

/** The secrets tests plant in answers: every one starts with this marker (or is `SECRET_NUMBER`). */
export const SECRET = 'S3CR3T';
/** A numeric secret (a one-time password as a number): its digits must not show up anywhere either. */
export const SECRET_NUMBER = 731_0000_1370;

/** Answer fields shaped like secrets, each holding a planted one. */
export const SECRET_FIELDS = {
  otp: `${SECRET}-otp`,
  ticket: `${SECRET}-ticket`,
  accessToken: `${SECRET}-access-token`,
  refreshToken: `${SECRET}-refresh-token`,
  transferAccessTokenOtp: `${SECRET}-transfer-otp`,
} as const;

/** The planted secrets found in `text`. */
export const secretsIn = (text: string): string[] => [...new Set(text.match(new RegExp(`${SECRET}[\\w-]*|${SECRET_NUMBER}`, 'g')) ?? [])];

/**
 * Every key, string and number reachable from `value`: own properties (enumerable or not,
 * symbols too; a getter is not run), an error's message, stack and cause, and the entries of
 * Headers, Map, Set and URLSearchParams. What a host's error monitor could serialise, and more.
 */
export function reachableText(value: unknown): string {
  const seen = new Set<object>();
  const found: string[] = [];
  const walk = (item: unknown): void => {
    if (item === null || item === undefined || typeof item === 'function') return;
    if (typeof item !== 'object') return void found.push(String(item));
    if (seen.has(item)) return;
    seen.add(item);
    if (item instanceof Error) found.push(item.message, item.stack ?? '');
    if (item instanceof Error) walk(item.cause);
    if (item instanceof Headers || item instanceof Map || item instanceof URLSearchParams || item instanceof Set) for (const entry of item.entries()) walk(entry);
    for (const key of Reflect.ownKeys(item)) {
      found.push(String(key));
      const descriptor = Object.getOwnPropertyDescriptor(item, key);
      if (descriptor && 'value' in descriptor) walk(descriptor.value);
    }
  };
  walk(value);
  return found.join('\n');
}
