import { NATIVE_BRIDGE_GLOBAL } from '../widget-globals';
import type { Session } from './session';

/**
 * True when `candidate` is the bridge object the native app injects: a plain object with a
 * `postMessage` function. Markup can put an element, a collection of elements or a frame's window
 * under any global name (DOM clobbering: `<a id="AmwaNativeBridge">`, `<iframe name=…>`), and none of
 * them may turn the widget inert; an `<object>` element even reads as a function, and a
 * cross-origin window's tag reads as a plain object, hence each check.
 */
export function isNativeBridge(candidate: unknown): boolean {
  if (typeof candidate !== 'object' || candidate === null) return false;
  try {
    const bridge = candidate as { window?: unknown; postMessage?: unknown };
    return Object.prototype.toString.call(bridge) === '[object Object]' && bridge.window !== bridge && typeof bridge.postMessage === 'function';
  } catch {
    // A cross-origin window refuses most reads: not a bridge either.
    return false;
  }
}

/**
 * True when the page runs inside the bank's native app, which injects `window.AmwaNativeBridge`
 * before any script runs; the app then owns the session and the web layer stays inert.
 */
export const hasNativeBridge = (win: unknown): boolean => {
  try {
    return isNativeBridge((win as Record<string, unknown> | null | undefined)?.[NATIVE_BRIDGE_GLOBAL]);
  } catch {
    return false;
  }
};

const unsubscribe = () => {};
const listen = () => unsubscribe;

/** The session of a page inside the native app: no calls, no timers, no listeners; every promise resolves at once. */
export function createInertSession(): Session {
  return {
    inert: true,
    isLeader: false,
    profiles: [],
    activeProfileId: undefined,
    activeProfile: undefined,
    defaultProfileId: undefined,
    anonymousProfile: undefined,
    accessToken: undefined,
    init: () => Promise.resolve([]),
    profilesReady: () => Promise.resolve([]),
    initAnonymousSession: () => Promise.resolve(undefined),
    addProfiles: () => [],
    setActiveProfile: () => false,
    setDefaultProfileId: () => false,
    logout: () => Promise.resolve(),
    logoutProfile: () => Promise.resolve(),
    dropTokens: () => Promise.resolve(),
    onAccessTokenChange: listen,
    onActiveProfileIdChange: listen,
    onAnonymousProfileChange: listen,
    onProfilesChange: listen,
    onLeaderChange: listen,
    claimLogon: () => {},
    onLogonElsewhere: listen,
  };
}
