import { afterEach, describe, expect, it } from 'vitest';
import { type Tab, openTab, tokenFor } from '../session/test-fakes';
import {
  type AuthenticationEvent,
  type AuthenticationState,
  type AuthenticationStatus,
  type Means,
  createAuthentication,
  initialAuthenticationState,
  orderMeans,
  parseMeans,
  reduceAuthentication,
  LAST_MEANS_KEY,
  storedMeansMemory,
  transitions,
  validateAuthenticationResult,
} from './authentication';

const context = { clientId: 'amwa-web', requiredLevelOfAssurance: 5, scopes: ['personal_data'] };
const scanner = { componentName: 'cronto-hardware-token', name: 'scanner', cost: 20 };
const mobile = { componentName: 'mobile-qr', name: 'mobile', cost: 20 };
const otp = { componentName: 'email-otp', name: 'otp' };
const person = { id: 'person-1' };
const complete = (accessTokens: unknown[]) => ({ person, authentication: { status: 'complete' }, accessTokens });

let tabs: Tab[] = [];
afterEach(() => {
  for (const tab of tabs) tab.scope.dispose();
  tabs = [];
});

function setup(lastUsed?: string) {
  const tab = openTab(() => undefined);
  tabs.push(tab);
  const memory = { value: lastUsed, get: () => memory.value, set: (name: string) => void (memory.value = name) };
  const auth = createAuthentication({ session: tab.session, lastUsedMeans: memory });
  const statuses: AuthenticationStatus[] = [];
  auth.subscribe((state) => statuses.push(state.status));
  return { auth, session: tab.session, memory, statuses };
}

/** A configured component showing `means`. */
function showing(means: unknown[], lastUsed?: string) {
  const kit = setup(lastUsed);
  kit.auth.configure(context);
  kit.auth.supply({ means });
  return kit;
}

describe('transitions', () => {
  const sample: Record<AuthenticationEvent['type'], AuthenticationEvent> = {
    configure: { type: 'configure', context: { ...context, identifyeeType: 'customer' } },
    supply: { type: 'supply' },
    attach: { type: 'attach', means: [] },
    'means-loading': { type: 'means-loading' },
    'means-loaded': { type: 'means-loaded' },
    'step-up': { type: 'step-up', accessTokens: [] },
    swap: { type: 'swap', index: 1 },
    'choose-profile': { type: 'choose-profile', profiles: [] },
    complete: { type: 'complete', profileId: 'p1' },
    fail: { type: 'fail', error: { code: 'authentication-means-error', message: 'x' } },
  };
  const two: Means[] = [scanner, mobile];

  it.each(Object.keys(transitions) as AuthenticationStatus[])('from %s follows the table and ignores the rest', (status) => {
    const state: AuthenticationState = { ...initialAuthenticationState, status, means: two };
    for (const event of Object.values(sample)) {
      const next = reduceAuthentication(state, event);
      const target = transitions[status][event.type];
      if (target) expect(next.status).toBe(target);
      else expect(next).toBe(state);
    }
  });

  it('matches the spec', () => {
    expect(transitions).toEqual({
      initial: { configure: 'ready', fail: 'error' },
      ready: { supply: 'loading', fail: 'error' },
      loading: { attach: 'show-means', 'means-loaded': 'show-means', 'step-up': 'loading', 'choose-profile': 'select-profile', complete: 'complete', fail: 'error' },
      'show-means': { 'means-loading': 'loading', swap: 'show-means', 'step-up': 'loading', 'choose-profile': 'select-profile', complete: 'complete', fail: 'error' },
      'select-profile': { complete: 'complete' },
      complete: {},
      error: {},
    });
  });
});

describe('means', () => {
  it('orders by lowest cost, 50 when none is given', () => {
    const means = parseMeans([otp, { componentName: 'cheap', cost: 10 }, { ...scanner, cost: 60 }])!;
    expect(orderMeans(means).map((m) => [m.name, m.cost])).toEqual([
      ['cheap', 10],
      ['otp', 50],
      ['scanner', 60],
    ]);
  });

  it('breaks ties for the last successfully used means, else keeps the given order', () => {
    const means = parseMeans([scanner, mobile, { componentName: 'x', identifier: 'other', cost: 20 }])!;
    expect(orderMeans(means).map((m) => m.name)).toEqual(['scanner', 'mobile', 'other']);
    expect(orderMeans(means, 'mobile').map((m) => m.name)).toEqual(['mobile', 'scanner', 'other']);
    expect(orderMeans(means, 'other').map((m) => m.name)).toEqual(['other', 'scanner', 'mobile']);
    expect(orderMeans([{ ...scanner, cost: 5 }, mobile], 'mobile').map((m) => m.name)).toEqual(['scanner', 'mobile']);
  });

  it('needs a non-empty list whose entries have a component name', () => {
    expect(parseMeans([])).toBeUndefined();
    expect(parseMeans([{ name: 'scanner' }])).toBeUndefined();
    expect(parseMeans({ componentName: 'x' })).toBeUndefined();
    expect(parseMeans([{ componentName: 'x' }])).toEqual([{ componentName: 'x', name: 'x', cost: 50 }]);
  });

  it('shows the best means once attached, through loading', () => {
    const { auth, statuses } = showing([otp, mobile, scanner], 'scanner');
    expect(statuses).toEqual(['ready', 'loading', 'show-means']);
    expect(auth.state.means.map((m) => m.name)).toEqual(['scanner', 'mobile', 'otp']);
  });

  it('follows the means loading and loaded', () => {
    const { auth, statuses } = showing([scanner]);
    auth.meansLoading();
    auth.meansLoaded();
    expect(statuses.slice(3)).toEqual(['loading', 'show-means']);
  });

  it('swaps the primary with a secondary means', () => {
    const { auth } = showing([scanner, mobile, otp]);
    auth.swap();
    expect(auth.state.means.map((m) => m.name)).toEqual(['mobile', 'scanner', 'otp']);
    auth.swap(2);
    expect(auth.state.means.map((m) => m.name)).toEqual(['otp', 'scanner', 'mobile']);
    const before = auth.state;
    auth.swap(3);
    auth.swap(0);
    expect(auth.state).toBe(before);
  });

  it('ends in authentication-means-error when a means fails or the list is malformed', () => {
    const failing = showing([scanner]);
    failing.auth.meansError('scanner unreachable');
    expect(failing.auth.state).toMatchObject({ status: 'error', error: { code: 'authentication-means-error', message: 'scanner unreachable' } });

    const malformed = showing([{ name: 'no component' }]);
    expect(malformed.statuses).toEqual(['ready', 'loading', 'error']);
    expect(malformed.auth.state.error).toEqual({ code: 'authentication-means-error', message: 'malformed means response' });
  });
});

describe('configuration', () => {
  it('defaults the identifyee type to customer', () => {
    const { auth } = setup();
    auth.configure(context);
    expect(auth.state).toMatchObject({ status: 'ready', context: { ...context, identifyeeType: 'customer' } });
  });

  it('ends in authentication-conf-error when invalid', () => {
    const { auth } = setup();
    auth.configure({ ...context, clientId: '' });
    expect(auth.state).toMatchObject({ status: 'error', error: { code: 'authentication-conf-error', message: 'authentication context: "clientId" is invalid' } });
    auth.supply({ means: [scanner] });
    expect(auth.state.status).toBe('error');
  });
});

describe('results', () => {
  it('signs in and auto-selects exactly one profile, remembering the means used', () => {
    const { auth, session, memory, statuses } = showing([mobile, scanner]);
    auth.submitResult(complete([tokenFor('p1')]));
    expect(statuses.at(-1)).toBe('complete');
    expect(auth.state.activeProfileId).toBe('p1');
    expect(session.activeProfileId).toBe('p1');
    expect(session.profiles[0]).toMatchObject({ profileId: 'p1', personId: 'person-1' });
    expect(memory.value).toBe('mobile');
  });

  it('offers several profiles sorted by name, ignoring case, and activates a chosen eligible one', () => {
    const { auth, session } = showing([scanner]);
    auth.submitResult(
      complete([
        tokenFor('p1', { profileName: 'zeta BV' }),
        tokenFor('p2', { profileName: 'Alpha NV', executorLevelOfAssurance: 3 }),
        tokenFor('p3', { profileName: 'beta GmbH' }),
      ]),
    );
    expect(auth.state.status).toBe('select-profile');
    expect(auth.state.profiles.map((c) => [c.profile.name, c.eligible])).toEqual([
      ['Alpha NV', false],
      ['beta GmbH', true],
      ['zeta BV', true],
    ]);

    expect(auth.selectProfile('p2')).toBe(false);
    expect(auth.selectProfile('unknown')).toBe(false);
    expect(auth.state.status).toBe('select-profile');
    expect(session.activeProfileId).toBeUndefined();

    expect(auth.selectProfile('p3')).toBe(true);
    expect(auth.state).toMatchObject({ status: 'complete', activeProfileId: 'p3' });
    expect(session.activeProfileId).toBe('p3');
    expect(auth.selectProfile('p1')).toBe(false);
  });

  it('offers supplied profiles without a means', () => {
    const { auth, session, statuses } = setup();
    const profiles = session.addProfiles([tokenFor('b', { profileName: 'b' }), tokenFor('a', { profileName: 'A' })]);
    auth.configure(context);
    auth.supply({ profiles });
    expect(statuses).toEqual(['ready', 'loading', 'select-profile']);
    expect(auth.state.profiles.map((c) => c.profile.profileId)).toEqual(['a', 'b']);
  });

  it('fails when no profile reaches the required level of assurance', () => {
    const { auth, session } = showing([scanner]);
    auth.submitResult(complete([tokenFor('p1', { requesterLevelOfAssurance: 3 })]));
    expect(auth.state).toMatchObject({ status: 'error', error: { code: 'authentication-means-error', message: 'insufficient level of assurance' } });
    expect(session.activeProfileId).toBeUndefined();
  });

  it('steps up on a partial result and shows the next means', () => {
    const { auth, memory, statuses } = showing([scanner], 'mobile');
    auth.meansLoading();
    auth.submitResult({ person, authentication: { status: 'partial', means: [otp, { ...mobile, cost: 50 }] }, accessTokens: [{ accessToken: 'step', accessTokenTimeToLive: 60 }] });
    expect(memory.value).toBe('scanner');
    expect(statuses.slice(3)).toEqual(['loading', 'loading', 'show-means']);
    expect(auth.state.means.map((m) => m.name)).toEqual(['otp', 'mobile']);
    expect(auth.state.stepUpTokens).toEqual([{ accessToken: 'step', accessTokenTimeToLive: 60 }]);
  });

  it.each([
    ['no person id', { person: {}, authentication: { status: 'complete' }, accessTokens: [tokenFor('p1')] }],
    ['an unknown status', { person, authentication: { status: 'pending' }, accessTokens: [tokenFor('p1')] }],
    ['no access tokens', { person, authentication: { status: 'complete' }, accessTokens: [] }],
    ['a token without expiry', complete([{ accessToken: 'a', profileId: 'p1' }])],
    ['no token naming a profile', complete([{ accessToken: 'a', accessTokenTimeToLive: 60 }])],
    ['a partial result without means', { person, authentication: { status: 'partial' }, accessTokens: [tokenFor('p1')] }],
    ['a partial result with a means lacking its component', { person, authentication: { status: 'partial', means: [{ name: 'x' }] }, accessTokens: [tokenFor('p1')] }],
    ['nothing', undefined],
  ])('rejects a result with %s as a malformed means response', (_, raw) => {
    expect(validateAuthenticationResult(raw)).toEqual({ kind: 'malformed', error: { code: 'authentication-means-error', message: 'malformed means response' } });
    const { auth, memory } = showing([scanner]);
    auth.submitResult(raw);
    expect(auth.state).toMatchObject({ status: 'error', error: { message: 'malformed means response' } });
    expect(memory.value).toBeUndefined();
  });

  it('validates complete and partial results into tagged unions', () => {
    expect(validateAuthenticationResult(complete([tokenFor('p1')]))).toMatchObject({ kind: 'complete', personId: 'person-1', accessTokens: [{ profileId: 'p1' }] });
    expect(validateAuthenticationResult({ person, authentication: { status: 'partial', means: [otp] }, accessTokens: [tokenFor('p1')] })).toMatchObject({
      kind: 'partial',
      means: [{ componentName: 'email-otp', name: 'otp', cost: 50 }],
    });
  });

  it('ignores results once complete', () => {
    const { auth, session } = showing([scanner]);
    auth.submitResult(complete([tokenFor('p1')]));
    auth.submitResult(complete([tokenFor('p2')]));
    expect(session.profiles.map((p) => p.profileId)).toEqual(['p1']);
    expect(auth.state.activeProfileId).toBe('p1');
  });
});

describe('storedMeansMemory', () => {
  it('keeps the last means in storage, so the next visit orders ties by it', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    storedMeansMemory(storage).set('mobile');
    expect(stored.get(LAST_MEANS_KEY)).toBe('mobile');
    expect(storedMeansMemory(storage).get()).toBe('mobile');
  });

  it('remembers for the page alone when storage is missing or throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    for (const storage of [null, throwing]) {
      const memory = storedMeansMemory(storage);
      expect(memory.get()).toBeUndefined();
      memory.set('scanner');
      expect(memory.get()).toBe('scanner');
    }
  });
});
