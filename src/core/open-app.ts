// "Open the app" on a phone: whether the device is one that cannot scan its own screen, and the
// bank's app link for the QR code shown. Framework-free: the page injects the browser's hints.

/** What the device decision reads of the browser; injected so a test can play any device. */
export interface DeviceHints {
  /** `matchMedia(query).matches`. */
  matches(query: string): boolean;
  /** `navigator.userAgentData.mobile`, where the browser sends User-Agent Client Hints. */
  mobile?: boolean;
}

/** A touch screen is the main input: no hovering pointer, a finger-sized one. */
export const TOUCH_FIRST_QUERY = '(hover: none) and (pointer: coarse)';

/** A phone-sized viewport in either orientation: its shorter side under 768 px (a tablet's is 768 or more). */
export const PHONE_SIZED_QUERY = '(max-width: 767px), (max-height: 767px)';

/**
 * True on a phone: the browser says so (User-Agent Client Hints), or the main input is a touch
 * screen and the viewport is phone-sized. Its camera cannot scan a code on its own screen, so the
 * QR page offers to open the app instead. A laptop with a touch screen has a fine pointer that
 * hovers; a tablet's viewport is too large (the QR code stays first there, for a phone to scan).
 */
export function isPhone(hints: DeviceHints): boolean {
  return hints.mobile === true || (hints.matches(TOUCH_FIRST_QUERY) && hints.matches(PHONE_SIZED_QUERY));
}

/** The device hints of a browser window. */
export function browserDeviceHints(win: Window): DeviceHints {
  const { userAgentData } = win.navigator as Navigator & { userAgentData?: { mobile?: unknown } };
  return {
    matches: (query) => typeof win.matchMedia === 'function' && win.matchMedia(query).matches,
    mobile: userAgentData?.mobile === true,
  };
}

/** Where the QR code goes in the `appLinkTemplate` setting (settings check it is there exactly once). */
export const PAYLOAD_PLACEHOLDER = '{payload}';

/**
 * The bank's app link for a QR code: `template` with its `{payload}` replaced by the code as the
 * API returned it (`qr`, base64), percent-encoded so its `+`, `/` and `=` arrive unchanged.
 */
export function appLinkFor(template: string, payload: string): string {
  // A function, not a string: `$&` and `$'` in a replacement string are patterns.
  return template.replace(PAYLOAD_PLACEHOLDER, () => encodeURIComponent(payload));
}
