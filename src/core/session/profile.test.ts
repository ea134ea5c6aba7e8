import { describe, expect, it } from 'vitest';
import { type Profile, hasLevelOfAssurance, isExpired, levelOfAssurance, sortProfiles, toProfile } from './profile';
import { accessTokenSchema } from './tokens';

const profile = (extra: Partial<Profile>): Profile => ({
  profileId: 'p',
  name: 'p',
  accessToken: 'a',
  expirationTime: 1000,
  accessTokenTimeToLive: 1,
  identifyeeType: 'customer',
  default: false,
  ...extra,
});

describe('access-token entries', () => {
  it('need a token and an expiry', () => {
    expect(accessTokenSchema().safeParse({ accessToken: 'a', accessTokenTimeToLive: 60 }).success).toBe(true);
    expect(accessTokenSchema().safeParse({ accessToken: 'a', expirationTime: '2024-01-01T10:00:00Z' }).success).toBe(true);
    expect(accessTokenSchema().safeParse({ accessToken: 'a' }).success).toBe(false);
    expect(accessTokenSchema().safeParse({ accessToken: '', accessTokenTimeToLive: 60 }).success).toBe(false);
    expect(accessTokenSchema().safeParse({ accessToken: 'a', expirationTime: 'tomorrow' }).success).toBe(false);
  });

  it('become profiles only when they name one; identifyee type defaults to customer', () => {
    expect(toProfile({ accessToken: 'a', accessTokenTimeToLive: 60 }, 0)).toBeUndefined();
    expect(toProfile({ accessToken: 'a', accessTokenTimeToLive: 60, profileId: 'p1', name: 'Named' }, 0, 'person-9')).toMatchObject({
      name: 'Named',
      personId: 'person-9',
      identifyeeType: 'customer',
      default: false,
      expirationTime: 60_000,
    });
  });
});

describe('level of assurance', () => {
  it('is the weaker of requester and executor, 0 when neither is stated', () => {
    expect(levelOfAssurance(profile({ requesterLevelOfAssurance: 5, executorLevelOfAssurance: 3 }))).toBe(3);
    expect(levelOfAssurance(profile({ requesterLevelOfAssurance: 4 }))).toBe(4);
    expect(levelOfAssurance(profile({}))).toBe(0);
  });

  it('must reach the required level', () => {
    const p = profile({ requesterLevelOfAssurance: 3, executorLevelOfAssurance: 3 });
    expect(hasLevelOfAssurance(p, 3)).toBe(true);
    expect(hasLevelOfAssurance(p, 5)).toBe(false);
  });
});

it('a profile expires at its expiration time', () => {
  expect(isExpired({ expirationTime: 1000 }, 999)).toBe(false);
  expect(isExpired({ expirationTime: 1000 }, 1000)).toBe(true);
});

it('sorts profiles by name, ignoring case, keeping equal names in order', () => {
  const names = ['beta', 'Alpha', 'gamma', 'alpha', 'Beta'].map((name, i) => profile({ name, profileId: String(i) }));
  expect(sortProfiles(names).map((p) => `${p.name}#${p.profileId}`)).toEqual(['Alpha#1', 'alpha#3', 'beta#0', 'Beta#4', 'gamma#2']);
});
