import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from './nearest-name';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['qrTimeout', 'qrTimeout', 0],
    ['apiBaseURL', 'apiBaseUrl', 0],
    ['qrTimeot', 'qrTimeout', 1],
    ['langauge', 'language', 1],
    ['lnaguage', 'language', 1],
    ['kitten', 'sitting', 3],
    ['abc', '', 3],
  ])('%j to %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('nearestName', () => {
  const known = ['apiBaseUrl', 'securityApiBaseUrl', 'language', 'basePath', 'qrTimeout', 'ios', 'android'];
  it.each([
    ['apiBaseURL', 'apiBaseUrl'],
    ['apiBaseUr', 'apiBaseUrl'],
    ['langauge', 'language'],
    ['basepath', 'basePath'],
    ['qrTimeot', 'qrTimeout'],
    ['iso', 'ios'],
  ])('suggests %j for %j', (name, suggestion) => expect(nearestName(name, known)).toBe(suggestion));

  it.each(['colour', 'x', 'somethingElseEntirely', 'a'.repeat(500)])('suggests nothing for %j, which is far from every name', (name) => {
    expect(nearestName(name, known)).toBeUndefined();
  });
});
