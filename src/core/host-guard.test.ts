import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './events';
import { createHostGuard, guardFetch, guardLocaleLoader } from './host-guard';

const signal = new AbortController().signal;

describe('createHostGuard', () => {
  it('swallows a throw, returns undefined and reports once per source', () => {
    const log = vi.fn();
    const guard = createHostGuard(log);
    const boom = () => {
      throw new Error('boom');
    };
    expect(guard.run('a', () => 1)).toBe(1);
    expect(guard.run('a', boom)).toBeUndefined();
    expect(guard.run('a', boom)).toBeUndefined();
    expect(guard.run('b', boom)).toBeUndefined();
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      'amwa: host code threw (a); the widget carries on',
      'amwa: host code threw (b); the widget carries on',
    ]);
  });

  it('survives a console that throws', () => {
    const guard = createHostGuard(() => {
      throw new Error('patched console');
    });
    expect(() => guard.report('x', new Error('boom'))).not.toThrow();
  });
});

describe('createEmitter', () => {
  it('runs every listener and the DOM dispatch even when some throw', () => {
    const log = vi.fn();
    const target = new EventTarget();
    const { emit, on } = createEmitter(target, createHostGuard(log));
    const heard: string[] = [];
    on('amwa-next', () => {
      throw new Error('first');
    });
    on('amwa-next', ({ step }) => heard.push(`on ${step}`));
    target.addEventListener('amwa-next', (event) => heard.push(`dom ${(event as CustomEvent).detail.step}`));
    target.addEventListener('amwa-next', () => {
      throw new Error('dom');
    });
    expect(() => emit('amwa-next', { flow: 'f', step: 's' })).not.toThrow();
    emit('amwa-next', { flow: 'f', step: 't' });
    expect(heard).toEqual(['on s', 'dom s', 'on t', 'dom t']);
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      'amwa: host code threw (on(amwa-next) listener); the widget carries on',
      'amwa: host code threw (DOM listener of amwa-next); the widget carries on',
    ]);
  });
});

describe('guarded host callbacks', () => {
  it('turns a loader that throws or answers a non-table into a reported, failed load', async () => {
    const log = vi.fn();
    const guard = createHostGuard(log);
    await expect(guardLocaleLoader(guard, () => { throw new Error('sync'); })('de', signal)).rejects.toThrow('sync');
    await expect(guardLocaleLoader(guard, async () => ['not', 'a', 'table'] as never)('de', signal)).rejects.toThrow(TypeError);
    expect(await guardLocaleLoader(guard, async () => undefined)('de', signal)).toBeUndefined();
    expect(await guardLocaleLoader(guard, async () => ({ a: 'b' }))('de', signal)).toEqual({ a: 'b' });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('turns a fetch that throws or answers a non-Response into a rejection, and leaves network failures unreported', async () => {
    const log = vi.fn();
    const guard = createHostGuard(log);
    await expect(guardFetch(guard, () => { throw new Error('sync'); })('/x')).rejects.toThrow('sync');
    await expect(guardFetch(guard, async () => ({}) as Response)('/x')).rejects.toThrow('not a Response');
    expect(log).toHaveBeenCalledTimes(1);
    const offline = createHostGuard(log);
    await expect(guardFetch(offline, () => Promise.reject(new TypeError('Failed to fetch')))('/x')).rejects.toThrow('Failed to fetch');
    expect(log).toHaveBeenCalledTimes(1);
    const response = new Response('{}');
    expect(await guardFetch(guard, async () => response)('/x')).toBe(response);
  });
});
