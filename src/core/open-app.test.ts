import { describe, expect, it } from 'vitest';
import { appLinkFor, browserDeviceHints, isPhone, PHONE_SIZED_QUERY, TOUCH_FIRST_QUERY } from './open-app';

/** Device hints of a browser whose media queries in `matching` match. */
const device = (matching: string[], mobile?: boolean) => ({ matches: (query: string) => matching.includes(query), mobile });

describe('isPhone', () => {
  it('is true where the browser says it is mobile (User-Agent Client Hints), whatever the media queries say', () => {
    expect(isPhone(device([], true))).toBe(true);
  });

  it('is true for a touch-first device with a phone-sized viewport', () => {
    expect(isPhone(device([TOUCH_FIRST_QUERY, PHONE_SIZED_QUERY]))).toBe(true);
  });

  it('is false for a desktop at phone width (a narrow window, a fine pointer that hovers)', () => {
    expect(isPhone(device([PHONE_SIZED_QUERY]))).toBe(false);
  });

  it('is false for a tablet-sized touch screen and for a desktop', () => {
    expect(isPhone(device([TOUCH_FIRST_QUERY]))).toBe(false);
    expect(isPhone(device([], false))).toBe(false);
  });
});

describe('browserDeviceHints', () => {
  it("reads the window's media queries and its client hints", () => {
    const queries: string[] = [];
    const win = {
      matchMedia: (query: string) => (queries.push(query), { matches: query === TOUCH_FIRST_QUERY }),
      navigator: { userAgentData: { mobile: true } },
    } as unknown as Window;
    const hints = browserDeviceHints(win);
    expect(hints.mobile).toBe(true);
    expect(hints.matches(TOUCH_FIRST_QUERY)).toBe(true);
    expect(hints.matches(PHONE_SIZED_QUERY)).toBe(false);
    expect(queries).toEqual([TOUCH_FIRST_QUERY, PHONE_SIZED_QUERY]);
  });

  it('says not mobile, and matches nothing, in a browser without client hints or matchMedia', () => {
    const hints = browserDeviceHints({ navigator: {} } as unknown as Window);
    expect(hints.mobile).toBe(false);
    expect(hints.matches(TOUCH_FIRST_QUERY)).toBe(false);
  });
});

describe('appLinkFor', () => {
  it('puts the QR code, percent-encoded, where the template says', () => {
    expect(appLinkFor('https://app.bank.example/logon?qr={payload}&from=web', 'iVBO+w/A==')).toBe('https://app.bank.example/logon?qr=iVBO%2Bw%2FA%3D%3D&from=web');
  });

  it('reads no replacement patterns in the payload', () => {
    expect(appLinkFor('https://app.bank.example/#{payload}', "$&$'$`")).toBe('https://app.bank.example/#%24%26%24\'%24%60');
  });
});
