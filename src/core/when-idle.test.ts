import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScope, type Scope } from './scope';
import { IDLE_DELAY_MS, whenIdle } from './when-idle';

let scope: Scope;
let target: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  scope = createScope();
  target = document.createElement('div');
});
afterEach(() => {
  scope.dispose();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('runs once on the first interaction with the target', () => {
    const fn = vi.fn();
    whenIdle(scope, target, fn);
    target.dispatchEvent(new Event('pointerover'));
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(IDLE_DELAY_MS * 2);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs when the browser is idle after the quiet delay', () => {
    const idle = vi.fn((callback: () => void) => setTimeout(callback, 50));
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
    const fn = vi.fn();
    whenIdle(scope, target, fn);
    vi.advanceTimersByTime(IDLE_DELAY_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(51);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_DELAY_MS });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs after the delay where there is no requestIdleCallback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const fn = vi.fn();
    whenIdle(scope, target, fn);
    vi.advanceTimersByTime(IDLE_DELAY_MS);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('never runs once its scope is disposed, and leaves no timer or listener', () => {
    const fn = vi.fn();
    const removed = vi.spyOn(target, 'removeEventListener');
    whenIdle(scope, target, fn);
    scope.dispose();
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(IDLE_DELAY_MS * 2);
    expect(fn).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(removed).toHaveBeenCalledTimes(4);
  });
});
