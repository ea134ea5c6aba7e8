import { authenticationResultSchema as resultSchema, meansListSchema } from '../../contract/shapes';
import { type Profile, hasLevelOfAssurance, sortProfiles } from '../session/profile';
import type { Session } from '../session/session';
import { type AccessToken, type AuthenticationContext, authenticationContextSchema } from '../session/tokens';

/** Cost of a means that states none; lower costs are offered first. */
export const DEFAULT_MEANS_COST = 50;

/** Message of an authentication result or means list that does not match the contract. */
export const MALFORMED_MEANS_RESPONSE = 'malformed means response';

/** Message when no offered profile reaches the context's required level of assurance. */
export const INSUFFICIENT_LEVEL_OF_ASSURANCE = 'insufficient level of assurance';

/** A way to authenticate: the component that runs it, its name (remembered when it succeeds) and its cost. */
export interface Means {
  componentName: string;
  name: string;
  cost: number;
}

/** Why authentication stopped: a bad configuration, or anything the means or the server did wrong. */
export interface AuthenticationError {
  code: 'authentication-conf-error' | 'authentication-means-error';
  message: string;
}

/** A means list: at least one entry, each with a component name (the contract's shape). */
export { meansListSchema };

/** Reads a means list; `undefined` when it breaks the contract. */
export function parseMeans(raw: unknown): Means[] | undefined {
  const parsed = meansListSchema().safeParse(raw);
  if (!parsed.success) return undefined;
  return parsed.data.map(({ componentName, name, identifier, cost = DEFAULT_MEANS_COST }) => ({
    componentName,
    name: name ?? identifier ?? componentName,
    cost,
  }));
}

/** Cheapest first; among equal costs the last successfully used means leads, the rest keep their order. */
export const orderMeans = (means: readonly Means[], lastUsed?: string): Means[] =>
  [...means].sort((a, b) => a.cost - b.cost || Number(b.name === lastUsed) - Number(a.name === lastUsed));

/** A checked authentication result: signed in, a step-up to the next means, or unusable. */
export type AuthenticationResult =
  | { kind: 'complete'; personId: string; accessTokens: AccessToken[] }
  | { kind: 'partial'; personId: string; accessTokens: AccessToken[]; means: Means[] }
  | { kind: 'malformed'; error: AuthenticationError };

const malformed: AuthenticationResult = { kind: 'malformed', error: { code: 'authentication-means-error', message: MALFORMED_MEANS_RESPONSE } };

/**
 * Checks a result: it needs access tokens, a person with an id and status 'complete' (with at
 * least one token naming a profile) or 'partial' (with a valid means list for the step-up).
 */
export function validateAuthenticationResult(raw: unknown): AuthenticationResult {
  const parsed = resultSchema().safeParse(raw);
  if (!parsed.success) return malformed;
  const { person, authentication, accessTokens } = parsed.data;
  if (authentication.status === 'complete') {
    return accessTokens.some((token) => token.profileId !== undefined) ? { kind: 'complete', personId: person.id, accessTokens } : malformed;
  }
  const means = parseMeans(authentication.means);
  return means ? { kind: 'partial', personId: person.id, accessTokens, means } : malformed;
}

/** Where the authentication component is. */
export type AuthenticationStatus = 'initial' | 'ready' | 'loading' | 'show-means' | 'select-profile' | 'complete' | 'error';

/** A profile offered in the selector; only an eligible one (level of assurance high enough) can be chosen. */
export interface ProfileChoice {
  profile: Profile;
  eligible: boolean;
}

/** The component's state; `means[0]` is the means on screen. */
export interface AuthenticationState {
  status: AuthenticationStatus;
  context?: AuthenticationContext;
  means: readonly Means[];
  /** Sorted by name, ignoring case. */
  profiles: readonly ProfileChoice[];
  activeProfileId?: string;
  /** A step-up's interim tokens (the partial result's): what the next means authenticates with. */
  stepUpTokens?: readonly AccessToken[];
  error?: AuthenticationError;
}

/** What can happen to the component. */
export type AuthenticationEvent =
  | { type: 'configure'; context: AuthenticationContext }
  | { type: 'supply' }
  | { type: 'attach'; means: readonly Means[] }
  | { type: 'means-loading' }
  | { type: 'means-loaded' }
  | { type: 'step-up'; accessTokens: readonly AccessToken[] }
  | { type: 'swap'; index: number }
  | { type: 'choose-profile'; profiles: readonly ProfileChoice[] }
  | { type: 'complete'; profileId: string }
  | { type: 'fail'; error: AuthenticationError };

/** The state machine: for each state, the events it accepts and where they lead; anything else is ignored. */
export const transitions: Record<AuthenticationStatus, Partial<Record<AuthenticationEvent['type'], AuthenticationStatus>>> = {
  initial: { configure: 'ready', fail: 'error' },
  ready: { supply: 'loading', fail: 'error' },
  loading: { attach: 'show-means', 'means-loaded': 'show-means', 'step-up': 'loading', 'choose-profile': 'select-profile', complete: 'complete', fail: 'error' },
  'show-means': { 'means-loading': 'loading', swap: 'show-means', 'step-up': 'loading', 'choose-profile': 'select-profile', complete: 'complete', fail: 'error' },
  'select-profile': { complete: 'complete' },
  complete: {},
  error: {},
};

/** Where every authentication starts. */
export const initialAuthenticationState: AuthenticationState = { status: 'initial', means: [], profiles: [] };

/** The pure reducer: follows `transitions` and carries the event's data into the state. */
export function reduceAuthentication(state: AuthenticationState, event: AuthenticationEvent): AuthenticationState {
  const status = transitions[state.status][event.type];
  if (!status) return state;
  switch (event.type) {
    case 'configure':
      return { ...state, status, context: event.context };
    case 'attach':
      return { ...state, status, means: event.means };
    case 'swap': {
      const { means } = state;
      const other = means[event.index];
      if (event.index < 1 || !other) return state;
      return { ...state, status, means: means.map((m, i) => (i === 0 ? other : i === event.index ? means[0]! : m)) };
    }
    case 'step-up':
      return { ...state, status, stepUpTokens: event.accessTokens };
    case 'choose-profile':
      return { ...state, status, profiles: event.profiles };
    case 'complete':
      return { ...state, status, activeProfileId: event.profileId };
    case 'fail':
      return { ...state, status, error: event.error };
    default:
      return { ...state, status };
  }
}

/** Remembers the name of the last means that worked (never a token); backed by a cookie or storage key. */
export interface MeansMemory {
  get(): string | undefined;
  set(name: string): void;
}

/** Storage key of the last successfully used means. */
export const LAST_MEANS_KEY = 'amwa-last-means';

const pageStorage = () => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled: reading it throws
  }
};

/** A MeansMemory in `storage` (the page's localStorage by default); where storage fails it remembers for this page only. */
export function storedMeansMemory(storage: Pick<Storage, 'getItem' | 'setItem'> | null = pageStorage()): MeansMemory {
  let remembered: string | undefined;
  return {
    get() {
      try {
        return storage?.getItem(LAST_MEANS_KEY) ?? remembered;
      } catch {
        return remembered;
      }
    },
    set(name) {
      remembered = name;
      try {
        storage?.setItem(LAST_MEANS_KEY, name);
      } catch {
        // full or disabled storage: `remembered` serves this page
      }
    },
  };
}

/** What the controller needs. */
export interface AuthenticationDeps {
  session: Pick<Session, 'addProfiles' | 'setActiveProfile'>;
  lastUsedMeans: MeansMemory;
}

/** The authentication component's controller: the UI renders `state` and reports what the user and the means do. */
export interface Authentication {
  readonly state: AuthenticationState;
  subscribe(listener: (state: AuthenticationState) => void): () => void;
  /** Takes the authentication context; an invalid one ends in 'authentication-conf-error'. */
  configure(context: unknown): void;
  /** Supplies the means to offer, or profiles already signed in to choose from. */
  supply(input: { means?: unknown; profiles?: readonly Profile[] }): void;
  /** The means on screen started (or finished) loading. */
  meansLoading(): void;
  meansLoaded(): void;
  /** The means on screen failed. */
  meansError(message: string): void;
  /** The means on screen produced a result (unchecked). */
  submitResult(raw: unknown): void;
  /** Puts secondary means `index` (default 1) on screen in place of the primary. */
  swap(index?: number): void;
  /** The user chose a profile (click or Enter); false when it is not offered or its level of assurance is too low. */
  selectProfile(profileId: string): boolean;
}

/** Creates the controller of one authentication. */
export function createAuthentication({ session, lastUsedMeans }: AuthenticationDeps): Authentication {
  let state = initialAuthenticationState;
  const listeners = new Set<(state: AuthenticationState) => void>();
  const dispatch = (event: AuthenticationEvent) => {
    const next = reduceAuthentication(state, event);
    if (next === state) return false;
    state = next;
    for (const listener of [...listeners]) listener(state);
    return true;
  };
  const fail = (message: string) => dispatch({ type: 'fail', error: { code: 'authentication-means-error', message } });
  const required = () => state.context?.requiredLevelOfAssurance ?? 0;
  const attach = (means: readonly Means[]) => dispatch({ type: 'attach', means: orderMeans(means, lastUsedMeans.get()) });

  const activate = (profile: Profile) =>
    session.setActiveProfile(profile.profileId, required()) && dispatch({ type: 'complete', profileId: profile.profileId });

  const offer = (profiles: readonly Profile[]) => {
    const choices = sortProfiles(profiles).map((profile) => ({ profile, eligible: hasLevelOfAssurance(profile, required()) }));
    if (!choices.some((choice) => choice.eligible)) return fail(INSUFFICIENT_LEVEL_OF_ASSURANCE);
    if (choices.length === 1) return activate(choices[0]!.profile);
    return dispatch({ type: 'choose-profile', profiles: choices });
  };

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    configure(raw) {
      const parsed = authenticationContextSchema().safeParse(raw);
      if (parsed.success) return void dispatch({ type: 'configure', context: parsed.data });
      const field = parsed.error.issues[0]?.path.join('.') || '(root)';
      dispatch({ type: 'fail', error: { code: 'authentication-conf-error', message: `authentication context: "${field}" is invalid` } });
    },
    supply({ means, profiles }) {
      if (!dispatch({ type: 'supply' })) return;
      if (profiles?.length) return void offer(profiles);
      const parsed = parseMeans(means);
      if (parsed) attach(parsed);
      else fail(MALFORMED_MEANS_RESPONSE);
    },
    meansLoading: () => void dispatch({ type: 'means-loading' }),
    meansLoaded: () => void dispatch({ type: 'means-loaded' }),
    meansError: (message) => void fail(message),
    submitResult(raw) {
      if (!transitions[state.status].complete) return;
      const result = validateAuthenticationResult(raw);
      if (result.kind === 'malformed') return void dispatch({ type: 'fail', error: result.error });
      const used = state.means[0];
      if (used) lastUsedMeans.set(used.name);
      if (result.kind === 'partial') {
        dispatch({ type: 'step-up', accessTokens: result.accessTokens });
        attach(result.means);
      } else {
        offer(session.addProfiles(result.accessTokens, result.personId));
      }
    },
    swap: (index = 1) => void dispatch({ type: 'swap', index }),
    selectProfile(profileId) {
      const choice = state.status === 'select-profile' ? state.profiles.find((c) => c.profile.profileId === profileId) : undefined;
      return Boolean(choice?.eligible && activate(choice.profile));
    },
  };
}
