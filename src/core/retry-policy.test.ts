import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AmwaApiError } from './api-error';
import { createScope, type Scope } from './scope';
import { AnonymousSessionAPIError } from './session/errors';
import { actionWaitSeconds, createActionCooldown, isTransient, retryDelay, tooManyRequests } from './retry-policy';

const answer = (status: number, headers: Record<string, string> = {}) => new AmwaApiError('http', 'busy', { path: '/v1/x', status, headers: new Headers(headers) });
const NOW = Date.UTC(2025, 0, 1);

describe('retryDelay (background calls)', () => {
  it('reads Retry-After as seconds or a date, else backs off exponentially (1 s doubling to 30 s) with jitter', () => {
    const busy = (headers: Record<string, string> = {}) => answer(503, headers);
    expect(retryDelay(busy({ 'Retry-After': '5' }), 1, () => 0, NOW)).toBe(5000);
    expect(retryDelay(busy({ 'Retry-After': '5' }), 1, () => 1, NOW)).toBe(6000);
    expect(retryDelay(busy({ 'Retry-After': new Date(NOW + 7000).toUTCString() }), 1, () => 0, NOW)).toBe(7000);
    expect(retryDelay(busy({ 'Retry-After': 'soon' }), 1, () => 1, NOW)).toBe(1000);
    expect([1, 2, 3, 4, 5, 6, 9].map((failures) => retryDelay(busy(), failures, () => 1, NOW))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(retryDelay(busy(), 3, () => 0, NOW)).toBe(2000);
  });

  it('counts 429, 502, 503 and 504 as transient, nothing else', () => {
    expect([429, 502, 503, 504].map((status) => isTransient(answer(status)))).toEqual([true, true, true, true]);
    expect([400, 401, 403, 500].map((status) => isTransient(answer(status)))).toEqual([false, false, false, false]);
    expect(isTransient(new Error('429'))).toBe(false);
  });
});

describe('actionWaitSeconds (user actions)', () => {
  it('tells the user the Retry-After in whole seconds, as seconds or an HTTP date, held to 0.5 s (shown as 1) to 5 min', () => {
    expect(actionWaitSeconds(answer(429, { 'Retry-After': '2' }), 1, NOW)).toBe(2);
    expect(actionWaitSeconds(answer(429, { 'Retry-After': '2.2' }), 1, NOW)).toBe(3);
    expect(actionWaitSeconds(answer(429, { 'Retry-After': new Date(NOW + 4000).toUTCString() }), 1, NOW)).toBe(4);
    expect(actionWaitSeconds(answer(429, { 'Retry-After': '0' }), 1, NOW)).toBe(1);
    expect(actionWaitSeconds(answer(429, { 'Retry-After': '-5' }), 1, NOW)).toBe(1);
    expect(actionWaitSeconds(answer(429, { 'Retry-After': '99999999' }), 1, NOW)).toBe(300);
  });

  it('without a Retry-After waits 1 s, doubling with each 429 in a row up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 8].map((failures) => actionWaitSeconds(answer(429), failures, NOW))).toEqual([1, 2, 4, 8, 16, 30, 30]);
  });
});

describe('tooManyRequests', () => {
  it('finds a 429 directly or behind the errors that wrap a failed call, and nothing else', () => {
    const busy = answer(429);
    expect(tooManyRequests(busy)).toBe(busy);
    expect(tooManyRequests(new AnonymousSessionAPIError(busy))).toBe(busy);
    expect(tooManyRequests(answer(503))).toBeUndefined();
    expect(tooManyRequests(new AnonymousSessionAPIError(answer(500)))).toBeUndefined();
    expect(tooManyRequests(new Error('Too many'))).toBeUndefined();
    expect(tooManyRequests(undefined)).toBeUndefined();
  });
});

describe('createActionCooldown', () => {
  let scope: Scope;
  beforeEach(() => {
    vi.useFakeTimers();
    scope = createScope();
  });
  afterEach(() => {
    scope.dispose();
    vi.useRealTimers();
  });

  it('holds for the Retry-After, then lets go; a second 429 in a row without one waits longer; a success starts over', () => {
    const heard: (number | undefined)[] = [];
    const cooldown = createActionCooldown({ scope, onChange: (seconds) => heard.push(seconds) });
    expect(cooldown.hold(answer(500))).toBe(false);
    expect(cooldown.hold(answer(429, { 'Retry-After': '2' }))).toBe(true);
    expect(cooldown.seconds).toBe(2);
    vi.advanceTimersByTime(1999);
    expect(cooldown.seconds).toBe(2);
    vi.advanceTimersByTime(1);
    expect(cooldown.seconds).toBeUndefined();
    cooldown.hold(answer(429));
    expect(cooldown.seconds).toBe(2); // the second 429 in a row
    vi.advanceTimersByTime(2000);
    cooldown.reset();
    cooldown.hold(answer(429));
    expect(cooldown.seconds).toBe(1);
    expect(heard).toEqual([2, undefined, 2, undefined, 1]);
  });

  it('leaves no timer behind once its scope is disposed', () => {
    const onChange = vi.fn();
    const cooldown = createActionCooldown({ scope, onChange });
    cooldown.hold(answer(429, { 'Retry-After': '5' }));
    scope.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(cooldown.hold(answer(429))).toBe(false);
  });
});
