import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScope, type Scope } from './scope';
import { IDLE_DELAY_MS, inIdleMoments, nextTask, whenIdle } from './when-idle';

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

describe('nextTask', () => {
  it('runs after the current task and its microtasks, with fake timers too', async () => {
    const order: string[] = [];
    nextTask(scope, () => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    order.push('now');
    expect(order).toEqual(['now']);
    await vi.waitFor(() => expect(order).toEqual(['now', 'microtask', 'next task']));
  });

  it('never runs once its scope is disposed', async () => {
    const fn = vi.fn();
    nextTask(scope, fn);
    scope.dispose();
    const later = vi.fn();
    nextTask(createScope(), later);
    await vi.waitFor(() => expect(later).toHaveBeenCalled());
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('nextTask with the Prioritized Task Scheduling API', () => {
  /** `scheduler.postTask` as Chromium has it (the browser edge): tasks run when `runTasks()` says so, an aborted one rejects. */
  const stubScheduler = () => {
    const queued: Array<() => void> = [];
    const postTask = vi.fn((callback: () => unknown, { signal }: { signal: AbortSignal }) => {
      return new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
        queued.push(() => {
          if (signal.aborted) return;
          try {
            resolve(callback());
          } catch (error) {
            reject(error);
          }
        });
      });
    });
    vi.stubGlobal('scheduler', { postTask });
    return { postTask, runTasks: () => queued.splice(0).forEach((run) => run()) };
  };
  afterEach(() => vi.unstubAllGlobals());

  it('posts the task to the scheduler, not as a message', () => {
    const { postTask, runTasks } = stubScheduler();
    const channel = vi.spyOn(globalThis, 'MessageChannel');
    const fn = vi.fn();
    nextTask(scope, fn);
    expect(postTask).toHaveBeenCalledTimes(1);
    expect(channel).not.toHaveBeenCalled();
    expect(fn).not.toHaveBeenCalled();
    runTasks();
    expect(fn).toHaveBeenCalledTimes(1);
    channel.mockRestore();
  });

  it('aborts the task when its scope is disposed, quietly', async () => {
    const { runTasks } = stubScheduler();
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const fn = vi.fn();
    nextTask(scope, fn);
    scope.dispose();
    runTasks();
    await Promise.resolve();
    await Promise.resolve();
    expect(fn).not.toHaveBeenCalled();
    expect(reported).not.toHaveBeenCalled();
  });

  it('reports an error thrown by the task as an uncaught one', async () => {
    const { runTasks } = stubScheduler();
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const failure = new Error('broken');
    nextTask(scope, () => {
      throw failure;
    });
    runTasks();
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    expect(reported).toHaveBeenCalledWith(failure);
  });
});

describe('inIdleMoments', () => {
  const stubIdle = () => {
    const pending = new Map<number, () => void>();
    let ids = 0;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => (pending.set(++ids, callback), ids));
    vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id));
    return () => {
      const [first] = pending;
      if (!first) return;
      pending.delete(first[0]);
      first[1]();
    };
  };

  it('runs the steps in order, one per idle moment', () => {
    const idleMoment = stubIdle();
    const order: number[] = [];
    inIdleMoments(scope, [1, 2, 3].map((step) => () => order.push(step)));
    expect(order).toEqual([]);
    idleMoment();
    expect(order).toEqual([1]);
    idleMoment();
    idleMoment();
    expect(order).toEqual([1, 2, 3]);
    idleMoment();
    expect(order).toEqual([1, 2, 3]);
  });

  it('runs no further step once its scope is disposed', () => {
    const idleMoment = stubIdle();
    const steps = [vi.fn(), vi.fn()];
    inIdleMoments(scope, steps);
    idleMoment();
    scope.dispose();
    idleMoment();
    expect(steps[0]).toHaveBeenCalledTimes(1);
    expect(steps[1]).not.toHaveBeenCalled();
  });

  it('runs a step per task where there is no requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const order: number[] = [];
    inIdleMoments(scope, [1, 2].map((step) => () => order.push(step)));
    expect(order).toEqual([]);
    await vi.waitFor(() => expect(order).toEqual([1, 2]));
  });
});
