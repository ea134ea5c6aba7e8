import type { ApiClient } from '../api';
import type { Scope } from '../scope';
import { createActivityMonitor } from './activity';
import { type BroadcastChannelFactory, type BusMessage, createBus } from './bus';
import { UserProfileExistsError } from './errors';
import { type Leadership, type Role, createLeadership } from './leadership';
import { createInertSession, hasNativeBridge } from './native-bridge';
import { type AnonymousProfile, type Profile, hasLevelOfAssurance, isExpired, toProfile } from './profile';
import { type RefreshSchedule, startRefreshSchedule } from './refresh-schedule';
import { INACTIVITY_TIMEOUTS_S, REFRESH_INTERVAL_MS, REFRESH_MIN_GAP_MS, SANITY_CHECK_MS } from './timing';
import { refreshToken, requestAnonymousSession, revokeToken } from './token-calls';
import { type AccessToken, type OAuthToken, boundTokenSeconds } from './tokens';
import { createWatch } from './watch';

/**
 * The session layer: signed-in profiles, the anonymous session, the active and default profile,
 * token refresh led by one tab of the origin, and logout. Tokens live in this tab's memory only:
 * the tabs of the origin share an election, user activity, the leader's call to refresh and
 * logout, never a token or a profile (see docs/session.md for the threat model).
 */
export interface Session {
  /** True inside the native app: every operation is a no-op. */
  readonly inert: boolean;
  /** True while this tab runs the refresh timers for the origin. */
  readonly isLeader: boolean;
  readonly profiles: readonly Profile[];
  readonly activeProfileId: string | undefined;
  readonly activeProfile: Profile | undefined;
  /** The profile flagged `default`. */
  readonly defaultProfileId: string | undefined;
  readonly anonymousProfile: AnonymousProfile | undefined;
  /** The active profile's token, else the anonymous session's. */
  readonly accessToken: string | undefined;
  /** Starts activity monitoring, expiry checks and the cross-tab election; resolves as `profilesReady()`. */
  init(): Promise<readonly Profile[]>;
  /** Resolves with this tab's profiles once `init()` has run (profiles never come from other tabs). */
  profilesReady(): Promise<readonly Profile[]>;
  /**
   * Starts an anonymous session (replacing any previous one). Rejects with `UserProfileExistsError`
   * while a user profile is signed in and with `AnonymousSessionAPIError` when the calls fail;
   * resolves `undefined` only when inert.
   */
  initAnonymousSession(): Promise<AnonymousProfile | undefined>;
  /** Signs in the profiles of an authentication result's `accessTokens`; returns them. */
  addProfiles(accessTokens: readonly AccessToken[], personId?: string): readonly Profile[];
  /** Activates a profile if it exists and reaches `requiredLevelOfAssurance`; `undefined` deactivates. */
  setActiveProfile(profileId: string | undefined, requiredLevelOfAssurance?: number): boolean;
  /** Flags one profile as the default; false for an unknown profile. */
  setDefaultProfileId(profileId: string): boolean;
  /** Forgets every profile and the anonymous session and revokes their tokens; every other tab does the same with its own profiles. */
  logout(): Promise<void>;
  /** Forgets one profile and revokes its token, in every tab that holds it. */
  logoutProfile(profileId: string): Promise<void>;
  /** Forgets this tab's profiles and anonymous session and revokes their tokens; other tabs keep theirs (an error here is no logout there). */
  dropTokens(): Promise<void>;
  onAccessTokenChange(listener: (accessToken: string | undefined) => void): () => void;
  onActiveProfileIdChange(listener: (profileId: string | undefined) => void): () => void;
  onAnonymousProfileChange(listener: (profile: AnonymousProfile | undefined) => void): () => void;
  onProfilesChange(listener: (profiles: readonly Profile[]) => void): () => void;
  /** This tab took (`true`) or lost (`false`) the lead of the origin's token refresh; not heard on dispose. */
  onLeaderChange(listener: (leader: boolean) => void): () => void;
  /**
   * Tells the origin's other tabs and widgets that this one starts a logon now: the browser's
   * web-session and QR cookies, one of each per browser, are about to be replaced by its own.
   * `initAnonymousSession()` does it itself.
   */
  claimLogon(): void;
  /**
   * Calls `listener` when another tab or widget starts a logon after this one last claimed:
   * whatever logon this one runs on the browser's cookies has lost them.
   */
  onLogonElsewhere(listener: () => void): () => void;
}

/** The page as the session sees it: user input, page lifecycle, storage events and the native-bridge global. */
export type SessionWindow = EventTarget & { AmwaNativeBridge?: unknown };

/** What the session needs; everything but `api` and `scope` defaults to the page's own. */
export interface SessionDeps {
  api: ApiClient;
  /** Disposing it stops every timer, listener and call, and hands the lead to another tab. */
  scope: Scope;
  now?: () => number;
  /** `null` on the server. */
  window?: SessionWindow | null;
  /** Where user input is heard; the window by default. */
  activityTargets?: readonly EventTarget[];
  /** `null` forces the storage-event fallback. */
  BroadcastChannel?: BroadcastChannelFactory | null;
  /** Storage for the fallback when there is no BroadcastChannel; no message carries a token. */
  storage?: Pick<Storage, 'setItem' | 'removeItem'> | null;
  /** The server's inactivity time-outs in seconds (settings `inactivityTimeoutLogonS`, `inactivityTimeoutActivationS`); a function is read on each use. */
  inactivityTimeoutsS?: readonly number[] | (() => readonly number[]);
  tabId?: string;
  /**
   * Whose cookies a logon takes over: the origins of the APIs that set the web-session and QR
   * cookies. Only a claim with the same key stops a QR logon here; a widget that talks to
   * another API host keeps cookies of its own.
   */
  cookieScope?: string;
}

const pageWindow = (): SessionWindow | null => (typeof window === 'undefined' ? null : window);

const pageStorage = (win: SessionWindow | null) => {
  try {
    return (win as { localStorage?: Storage } | null)?.localStorage ?? null;
  } catch {
    return null; // storage disabled: reading it throws
  }
};

const randomId = () => globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);

/** Creates the session layer, or its inert variant when the page runs inside the native app. */
export function createSession(deps: SessionDeps): Session {
  const win = deps.window === undefined ? pageWindow() : deps.window;
  if (hasNativeBridge(win)) return createInertSession();
  const { api, now = () => Date.now(), tabId = randomId() } = deps;
  const timeouts = deps.inactivityTimeoutsS ?? INACTIVITY_TIMEOUTS_S;
  const inactivityTimeoutsS = typeof timeouts === 'function' ? timeouts : () => timeouts;
  const scope = deps.scope.child();

  let profiles: readonly Profile[] = [];
  let activeProfileId: string | undefined;
  let anonymousProfile: AnonymousProfile | undefined;
  let pendingAnonymous: Promise<AnonymousProfile> | undefined;
  let leadership: Leadership | undefined;
  let role: Role | undefined;
  let lastActivity = () => now();
  let post = (_: BusMessage) => {};
  let lastCalledToRefresh = Number.NEGATIVE_INFINITY;
  // When this session last claimed the browser's cookies for a logon, and who hears another's claim.
  let claimedAt = Number.NEGATIVE_INFINITY;
  const logonElsewhere = new Set<() => void>();
  scope.onDispose(() => logonElsewhere.clear());
  let started = false;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const inFlight = new Map<string, Promise<void>>();

  const findProfile = (profileId: string | undefined) => profiles.find((profile) => profile.profileId === profileId);
  const activeProfile = () => findProfile(activeProfileId);
  const accessToken = () => activeProfile()?.accessToken ?? anonymousProfile?.accessToken;
  const watches = {
    accessToken: createWatch(accessToken),
    activeProfileId: createWatch(() => activeProfileId),
    anonymousProfile: createWatch(() => anonymousProfile),
    profiles: createWatch(() => profiles),
    isLeader: createWatch(() => role === 'leader'),
  };
  const commit = () => {
    for (const watch of Object.values(watches)) watch.check();
  };
  scope.onDispose(() => {
    for (const watch of Object.values(watches)) watch.clear();
  });

  const setProfiles = (next: readonly Profile[]) => {
    profiles = next;
    if (!findProfile(activeProfileId)) activeProfileId = undefined;
    commit();
  };

  const removeExpired = () => {
    const at = now();
    if (anonymousProfile && isExpired(anonymousProfile, at)) anonymousProfile = undefined;
    const alive = profiles.filter((profile) => !isExpired(profile, at));
    if (alive.length !== profiles.length) setProfiles(alive);
    else commit();
  };

  const revoke = (tokens: readonly { accessToken: string; refreshToken?: string }[]) =>
    Promise.all(tokens.map((token) => revokeToken(api, token.refreshToken ?? token.accessToken))).then(() => {});

  /** Forgets this tab's profiles (and, with `anonymousToo`, its anonymous session), then revokes their tokens. */
  const dropAll = (anonymousToo = true) => {
    const gone = [...profiles, ...((anonymousToo && anonymousProfile?.accessTokens) || [])];
    if (anonymousToo) anonymousProfile = undefined;
    activeProfileId = undefined;
    setProfiles([]);
    return revoke(gone);
  };
  const dropProfile = (profileId: string) => {
    const profile = findProfile(profileId);
    if (!profile) return Promise.resolve();
    setProfiles(profiles.filter((p) => p !== profile));
    return revoke([profile]);
  };

  const withToken = (profile: Profile, token: OAuthToken): Profile => {
    const ttl = boundTokenSeconds(token.expires_in ?? profile.accessTokenTimeToLive);
    return {
      ...profile,
      accessToken: token.access_token,
      refreshToken: token.refresh_token ?? profile.refreshToken,
      accessTokenTimeToLive: ttl,
      expirationTime: now() + ttl * 1000,
    };
  };

  const idleSeconds = () => Math.max(0, Math.floor((now() - lastActivity()) / 1000));
  const refreshProfile = async (profileId: string, refresh: string) => {
    const outcome = await refreshToken(api, scope, refresh, idleSeconds);
    const current = findProfile(profileId);
    // Logged out, or signed in again, while the call ran.
    if (current?.refreshToken !== refresh) return;
    if (outcome.kind === 'refreshed') setProfiles(profiles.map((p) => (p === current ? withToken(p, outcome.token) : p)));
    if (outcome.kind === 'rejected') setProfiles(profiles.filter((p) => p !== current));
  };
  /** Refreshes the tokens this tab holds: only this tab has their refresh tokens. */
  const refreshOwn = () => {
    for (const { profileId, refreshToken: refresh } of profiles) {
      if (refresh === undefined || inFlight.has(profileId)) continue;
      inFlight.set(profileId, refreshProfile(profileId, refresh).finally(() => inFlight.delete(profileId)));
    }
  };

  /** Starts what only the leader runs: the refresh timers, calling every tab (itself included) to refresh. */
  const startLeading = (leaderScope: Scope): RefreshSchedule => {
    const refreshAll = () => {
      post({ type: 'refresh', from: tabId });
      refreshOwn();
    };
    // Continue the predecessor's cadence (its last heartbeat's due, or 180 s after its last call,
    // whichever is later), and never let one of this tab's tokens get older than 180 s.
    const predecessor = Math.max(leadership?.heardDue ?? Number.NEGATIVE_INFINITY, lastCalledToRefresh + REFRESH_INTERVAL_MS);
    const issued = profiles.map((p) => p.expirationTime - p.accessTokenTimeToLive * 1000 + REFRESH_INTERVAL_MS);
    const due = Math.min(now() + REFRESH_INTERVAL_MS, predecessor === Number.NEGATIVE_INFINITY ? Number.POSITIVE_INFINITY : predecessor, ...issued);
    const firstRefreshMs = Math.max(0, due - now());
    return startRefreshSchedule({ scope: leaderScope, now, lastActivity, firstRefreshMs, inactivityTimeoutsS, refreshAll });
  };

  /** Another tab's message; none of them can hand this tab a token or a profile. */
  const hear = (message: BusMessage) => {
    if (message.from === tabId) return;
    switch (message.type) {
      case 'refresh':
        // Only the leader this tab follows may call, and no more than once a second: a script
        // of the origin posting calls could otherwise make every tab hammer the token endpoint.
        if (message.from !== leadership?.leaderId || role !== 'follower' || now() - lastCalledToRefresh < REFRESH_MIN_GAP_MS) return;
        lastCalledToRefresh = now();
        return refreshOwn();
      case 'logout':
        // The user logged out elsewhere: this tab's profiles go; its anonymous session serves a
        // logon in progress here and stays, as another tab's pre-login is none of this one's.
        void (message.profileId === undefined ? dropAll(false) : dropProfile(message.profileId));
        return;
      case 'logon': {
        // Only a session with a logon of its own has anything to give up. The later claim wins;
        // of two at the same moment, the greater id: so of two claims that cross on the channel,
        // exactly one side gives way. (A script of the origin could post claims and stop QR
        // logons; it could as well take the cookies themselves: docs/session.md.)
        const { at, from } = message;
        if ((message.scope ?? '') !== (deps.cookieScope ?? '')) return;
        if (claimedAt === Number.NEGATIVE_INFINITY || at < claimedAt || (at === claimedAt && from < tabId)) return;
        for (const listener of [...logonElsewhere]) listener();
        return;
      }
    }
  };

  const start = () => {
    // Registered before the bus exists, so the 'bye' goes out before the bus closes.
    scope.onDispose(() => leadership?.leave());
    const bus = createBus({
      scope,
      window: win,
      BroadcastChannel: deps.BroadcastChannel === undefined ? (win && globalThis.BroadcastChannel) || null : deps.BroadcastChannel,
      storage: deps.storage === undefined ? pageStorage(win) : deps.storage,
    });
    if (bus) post = (message) => bus.post(message);

    let leaderScope: Scope | undefined;
    let schedule: RefreshSchedule | undefined;
    const activity = createActivityMonitor({
      scope,
      now,
      targets: deps.activityTargets ?? (win ? [win] : []),
      onActivity(at, local) {
        if (local) post({ type: 'activity', from: tabId, at });
        schedule?.activity();
      },
    });
    lastActivity = () => activity.lastActivity;
    const onRole = (next: Role) => {
      role = next;
      leaderScope?.dispose();
      leaderScope = undefined;
      schedule = undefined;
      if (next === 'leader') {
        leaderScope = scope.child();
        schedule = startLeading(leaderScope);
      }
      watches.isLeader.check();
    };

    scope.setInterval(removeExpired, SANITY_CHECK_MS);
    if (!bus) return onRole('leader');
    scope.onDispose(
      bus.subscribe((message) => {
        // Another tab's input counts as activity, but never in the future: a script claiming
        // activity to come could hide the user's idle time from the server.
        if (message.type === 'activity' && message.from !== tabId) activity.note(Math.min(message.at, now()));
        else hear(message);
      }),
    );
    leadership = createLeadership({ bus, scope, tabId, now, onRole, due: () => schedule?.due });
    if (win) {
      scope.listen(win, 'pagehide', () => leadership?.leave());
      scope.listen<PageTransitionEvent>(win, 'pageshow', (event) => event.persisted && leadership?.join());
    }
    leadership.join();
  };

  const claimLogon = () => {
    claimedAt = now();
    post({ type: 'logon', from: tabId, at: claimedAt, ...(deps.cookieScope ? { scope: deps.cookieScope } : {}) });
  };

  const profilesReady = () => ready.then(() => profiles);
  const init = () => {
    if (!started) {
      started = true;
      start();
      markReady();
    }
    return profilesReady();
  };

  return {
    inert: false,
    get isLeader() {
      return role === 'leader';
    },
    get profiles() {
      return profiles;
    },
    get activeProfileId() {
      return activeProfileId;
    },
    get activeProfile() {
      return activeProfile();
    },
    get defaultProfileId() {
      return profiles.find((profile) => profile.default)?.profileId;
    },
    get anonymousProfile() {
      return anonymousProfile;
    },
    get accessToken() {
      return accessToken();
    },
    init,
    profilesReady,
    async initAnonymousSession() {
      await init();
      if (profiles.length > 0) throw new UserProfileExistsError();
      // The bootstrap's answer replaces the browser's web-session cookie.
      claimLogon();
      pendingAnonymous ??= requestAnonymousSession(api, now, scope.signal)
        .then((anonymous) => {
          anonymousProfile = anonymous;
          commit();
          return anonymous;
        })
        .finally(() => (pendingAnonymous = undefined));
      return pendingAnonymous;
    },
    addProfiles(accessTokens, personId) {
      const added = accessTokens.map((token) => toProfile(token, now(), personId)).filter((profile) => profile !== undefined);
      if (!added.length) return added;
      const ids = new Set(added.map((profile) => profile.profileId));
      setProfiles([...profiles.filter((profile) => !ids.has(profile.profileId)), ...added]);
      return added;
    },
    setActiveProfile(profileId, requiredLevelOfAssurance = 0) {
      const profile = findProfile(profileId);
      if (profileId !== undefined && !(profile && hasLevelOfAssurance(profile, requiredLevelOfAssurance))) return false;
      activeProfileId = profileId;
      commit();
      return true;
    },
    setDefaultProfileId(profileId) {
      if (!findProfile(profileId)) return false;
      setProfiles(profiles.map((profile) => ({ ...profile, default: profile.profileId === profileId })));
      return true;
    },
    logout() {
      post({ type: 'logout', from: tabId });
      return dropAll();
    },
    logoutProfile(profileId) {
      post({ type: 'logout', from: tabId, profileId });
      return dropProfile(profileId);
    },
    dropTokens: () => dropAll(),
    onAccessTokenChange: watches.accessToken.subscribe,
    onActiveProfileIdChange: watches.activeProfileId.subscribe,
    onAnonymousProfileChange: watches.anonymousProfile.subscribe,
    onProfilesChange: watches.profiles.subscribe,
    onLeaderChange: watches.isLeader.subscribe,
    claimLogon,
    onLogonElsewhere(listener) {
      if (scope.disposed) return () => {};
      logonElsewhere.add(listener);
      return () => void logonElsewhere.delete(listener);
    },
  };
}
