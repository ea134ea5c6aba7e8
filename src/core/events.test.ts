import { describe, expect, it, vi } from 'vitest';
import { AMWA_EVENT_TYPES, CANCELABLE_EVENTS, createEmitter } from './events';

describe('createEmitter', () => {
  it('delivers to callbacks and as a composed, bubbling DOM event', () => {
    const host = document.createElement('div');
    const heard = vi.fn();
    document.body.append(host);
    document.addEventListener('amwa-next', (event) => heard((event as CustomEvent).detail));
    const emitter = createEmitter(host);
    const callback = vi.fn();
    emitter.on('amwa-next', callback);
    expect(emitter.emit('amwa-next', { flow: 'f', step: 's' })).toBe(true);
    expect(callback).toHaveBeenCalledWith({ flow: 'f', step: 's' });
    expect(heard).toHaveBeenCalledWith({ flow: 'f', step: 's' });
    host.remove();
  });

  it('makes amwa-logout cancelable, by preventDefault() on the DOM event or false from a callback', () => {
    expect([...CANCELABLE_EVENTS]).toEqual(['amwa-logout']);
    const host = document.createElement('div');
    const emitter = createEmitter(host);
    let cancelable: boolean | undefined;
    const stop = (event: Event) => {
      cancelable = event.cancelable;
      event.preventDefault();
    };
    host.addEventListener('amwa-logout', stop);
    expect(emitter.emit('amwa-logout', { url: 'https://portal.test/logout' })).toBe(false);
    expect(cancelable).toBe(true);
    host.removeEventListener('amwa-logout', stop);
    expect(emitter.emit('amwa-logout', {})).toBe(true);
    const off = emitter.on('amwa-logout', () => false);
    expect(emitter.emit('amwa-logout', {})).toBe(false);
    off();
    emitter.on('amwa-logout', () => undefined);
    expect(emitter.emit('amwa-logout', {})).toBe(true);
  });

  it('lets no other event be cancelled', () => {
    const host = document.createElement('div');
    host.addEventListener('amwa-next', (event) => event.preventDefault());
    const emitter = createEmitter(host);
    emitter.on('amwa-next', () => false);
    expect(emitter.emit('amwa-next', { flow: 'f', step: 's' })).toBe(true);
    expect(AMWA_EVENT_TYPES).toContain('amwa-logout');
  });

  it('keeps emitting when a callback throws', () => {
    const emitter = createEmitter();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    emitter.on('amwa-logout', () => {
      throw new Error('host bug');
    });
    emitter.on('amwa-logout', after);
    expect(emitter.emit('amwa-logout', {})).toBe(true);
    expect(after).toHaveBeenCalled();
  });

  it('warns once about a name that is no amwa event, with the name meant, and about nothing else', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { on } = createEmitter();
      const typo = 'amwa-redy' as 'amwa-ready';
      on(typo, () => undefined);
      on(typo, () => undefined);
      on('toString' as 'amwa-ready', () => undefined);
      for (const type of AMWA_EVENT_TYPES) on(type, () => undefined);
      expect(warn.mock.calls.map(([message]) => message)).toEqual([
        'amwa on: "amwa-redy" is not an amwa event, so this listener is never called (did you mean "amwa-ready"?). The events: docs/events.md.',
        'amwa on: "toString" is not an amwa event, so this listener is never called. The events: docs/events.md.',
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});
