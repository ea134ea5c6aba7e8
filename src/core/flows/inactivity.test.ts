import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScope } from '../scope';
import { createInactivityTimer } from './inactivity';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const setup = (limitS: number) => {
  const scope = createScope();
  const onWarn = vi.fn();
  const onExpire = vi.fn();
  const timer = createInactivityTimer({ scope, limitS, onWarn, onExpire });
  return { scope, timer, onWarn, onExpire };
};

describe('inactivity timer', () => {
  it('warns 30 s before the limit and expires at the limit', () => {
    const { timer, onWarn, onExpire } = setup(300);
    timer.start();
    vi.advanceTimersByTime(269_999);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(29_999);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledOnce();
    expect(timer.running).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not count user activity: only extend() restarts the count', () => {
    const { timer, onWarn, onExpire } = setup(60);
    timer.start();
    document.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(30_000);
    expect(onWarn).toHaveBeenCalledOnce();
    timer.extend();
    vi.advanceTimersByTime(59_000);
    expect(onExpire).not.toHaveBeenCalled();
    expect(onWarn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('warns at once when the limit is shorter than the warning', () => {
    const { timer, onWarn } = setup(20);
    timer.start();
    vi.advanceTimersByTime(0);
    expect(onWarn).toHaveBeenCalledOnce();
  });

  it('stops on stop() and on dispose, and cannot start once disposed', () => {
    const { timer, scope, onWarn, onExpire } = setup(60);
    timer.start();
    timer.stop();
    expect(vi.getTimerCount()).toBe(0);
    timer.start();
    scope.dispose();
    expect(vi.getTimerCount()).toBe(0);
    timer.start();
    vi.advanceTimersByTime(120_000);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onExpire).not.toHaveBeenCalled();
    expect(timer.running).toBe(false);
  });
});
