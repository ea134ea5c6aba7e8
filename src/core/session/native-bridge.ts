import { NATIVE_BRIDGE_GLOBAL } from '../widget-globals';
import type { Session } from './session';

/**
 * True when the page runs inside the bank's native app, which injects `window.AmwaNativeBridge`
 * before any script runs; the app then owns the session and the web layer stays inert.
 */
export const hasNativeBridge = (win: unknown): boolean => (win as Record<string, unknown> | null | undefined)?.[NATIVE_BRIDGE_GLOBAL] != null;

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
