import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_GRACE_MS, lazyImport, whileStaying } from './lazy-import';

/** An import() the test settles by hand. */
function controlledImport<T>() {
  const calls: { resolve(value: T): void; reject(error: unknown): void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

const aborted = () => new TypeError('error loading dynamically imported module: /chunks/pages.js');

/** Records every rejection nobody handled while the test runs. */
function unhandledRejections() {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => void seen.push(reason);
  process.on('unhandledRejection', listener);
  return { seen, stop: () => void process.off('unhandledRejection', listener) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let unhandled: ReturnType<typeof unhandledRejections>;
beforeEach(() => {
  unhandled = unhandledRejections();
});
afterEach(() => {
  unhandled.stop();
  vi.useRealTimers();
});

describe('whileStaying', () => {
  it('passes a load and a failure through while the page stays', async () => {
    await expect(whileStaying(() => Promise.resolve('module'))).resolves.toBe('module');
    const error = aborted();
    await expect(whileStaying(() => Promise.reject(error))).rejects.toBe(error);
  });

  it('turns a synchronous throw of the loader into a rejection', async () => {
    const error = new Error('no loader');
    await expect(
      whileStaying(() => {
        throw error;
      }),
    ).rejects.toBe(error);
  });

  it('never settles a failure that comes once the page is being left, and leaves no listener behind', async () => {
    vi.useFakeTimers();
    const { load, calls } = controlledImport<string>();
    const removed = vi.spyOn(window, 'removeEventListener');
    const outcome = vi.fn();
    whileStaying(load).then(outcome, outcome);
    window.dispatchEvent(new Event('beforeunload'));
    calls[0]!.reject(aborted());
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['beforeunload', 'pagehide']);
  });

  it('rejects after the grace period when the page stays after all (a cancelled navigation)', async () => {
    vi.useFakeTimers();
    const { load, calls } = controlledImport<string>();
    const outcome = vi.fn();
    whileStaying(load).catch(outcome);
    window.dispatchEvent(new Event('pagehide'));
    const error = aborted();
    calls[0]!.reject(error);
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS);
    expect(outcome).toHaveBeenCalledWith(error);
  });

  it('drops the held-back failure without a timer once its signal aborts (the widget unmounted)', async () => {
    vi.useFakeTimers();
    const { load, calls } = controlledImport<string>();
    const controller = new AbortController();
    const outcome = vi.fn();
    whileStaying(load, controller.signal).catch(outcome);
    window.dispatchEvent(new Event('beforeunload'));
    calls[0]!.reject(aborted());
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS * 2);
    expect(outcome).not.toHaveBeenCalled();
  });

  it('removes its leave listeners when its signal aborts while the load is still pending', () => {
    const { load } = controlledImport<string>();
    const controller = new AbortController();
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    void whileStaying(load, controller.signal);
    expect(added.mock.calls.map(([type]) => type).sort()).toEqual(['beforeunload', 'pagehide']);
    expect(removed).not.toHaveBeenCalled();
    controller.abort();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['beforeunload', 'pagehide']);
  });

  it('adds no listener at all once its signal has aborted', () => {
    const added = vi.spyOn(window, 'addEventListener');
    void whileStaying(() => new Promise(() => undefined), AbortSignal.abort());
    expect(added).not.toHaveBeenCalled();
  });

  it('does not count a leave that came after the load settled', async () => {
    const error = aborted();
    const failing = whileStaying(() => Promise.reject(error));
    await expect(failing).rejects.toBe(error);
    window.dispatchEvent(new Event('beforeunload'));
    await expect(whileStaying(() => Promise.reject(error))).rejects.toBe(error);
  });
});

describe('lazyImport', () => {
  it('loads once and keeps the module for every later use', async () => {
    const { load, calls } = controlledImport<string>();
    const lazy = lazyImport(load, { report: vi.fn() });
    lazy.warm();
    const first = lazy.get();
    calls[0]!.resolve('module');
    await expect(first).resolves.toBe('module');
    await expect(lazy.get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next use tries again and goes on', async () => {
    const { load, calls } = controlledImport<string>();
    const lazy = lazyImport(load, { report: vi.fn() });
    const failed = lazy.get();
    calls[0]!.reject(aborted());
    await expect(failed).rejects.toThrow('dynamically imported module');
    const retried = lazy.get();
    calls[1]!.resolve('module');
    await expect(retried).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports a failed warm-up once and leaves no rejection unhandled', async () => {
    const { load, calls } = controlledImport<string>();
    const report = vi.fn();
    const lazy = lazyImport(load, { report });
    lazy.warm();
    lazy.warm();
    const error = aborted();
    calls[0]!.reject(error);
    await settle();
    expect(report.mock.calls).toEqual([[error]]);
    expect(unhandled.seen).toEqual([]);
  });

  it('leaves reporting to the caller that waits for the load', async () => {
    const { load, calls } = controlledImport<string>();
    const report = vi.fn();
    const lazy = lazyImport(load, { report });
    lazy.warm();
    const waiting = lazy.get();
    calls[0]!.reject(aborted());
    await expect(waiting).rejects.toThrow();
    expect(report).not.toHaveBeenCalled();
  });

  it('reports nothing when the warm-up was aborted by leaving the page', async () => {
    vi.useFakeTimers();
    const { load, calls } = controlledImport<string>();
    const report = vi.fn();
    const lazy = lazyImport(load, { report });
    lazy.warm();
    window.dispatchEvent(new Event('beforeunload'));
    calls[0]!.reject(aborted());
    await vi.advanceTimersByTimeAsync(LEAVE_GRACE_MS - 1);
    expect(report).not.toHaveBeenCalled();
    expect(unhandled.seen).toEqual([]);
  });

  it('reports nothing once its signal aborted (the widget unmounted)', async () => {
    const { load, calls } = controlledImport<string>();
    const report = vi.fn();
    const controller = new AbortController();
    const lazy = lazyImport(load, { report, signal: controller.signal });
    lazy.warm();
    controller.abort();
    calls[0]!.reject(aborted());
    await settle();
    expect(report).not.toHaveBeenCalled();
    expect(unhandled.seen).toEqual([]);
  });
});
