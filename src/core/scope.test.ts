import { describe, expect, it, vi } from 'vitest';
import { createScope } from './scope';

describe('createScope', () => {
  it('stops timers, intervals and listeners on dispose', () => {
    vi.useFakeTimers();
    const scope = createScope();
    const fn = vi.fn();
    scope.setTimeout(fn, 10);
    scope.setInterval(fn, 10);
    const target = new EventTarget();
    scope.listen(target, 'ping', fn);
    scope.dispose();
    vi.advanceTimersByTime(100);
    target.dispatchEvent(new Event('ping'));
    expect(fn).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(scope.signal.aborted).toBe(true);
    vi.useRealTimers();
  });

  it('disposes children with the parent, and runs late cleanups at once', () => {
    const parent = createScope();
    const child = parent.child();
    const cleanup = vi.fn();
    child.onDispose(cleanup);
    parent.dispose();
    expect(child.disposed).toBe(true);
    expect(cleanup).toHaveBeenCalledOnce();
    const late = vi.fn();
    parent.onDispose(late);
    expect(late).toHaveBeenCalledOnce();
  });

  it('forgets a fired timeout', () => {
    vi.useFakeTimers();
    const scope = createScope();
    const fn = vi.fn();
    scope.setTimeout(fn, 5);
    vi.advanceTimersByTime(5);
    expect(fn).toHaveBeenCalledOnce();
    scope.dispose();
    expect(fn).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
