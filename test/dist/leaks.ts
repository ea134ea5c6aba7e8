import { vi } from 'vitest';

type Listener = [target: string, type: string, listener: unknown];

// React DOM adds one document-wide 'selectionchange' listener the first time any root is
// created in a document and keeps it for the document's lifetime: not owned by one mount.
const isReactDomDocumentListener = (target: string, type: string) => target === 'document' && type === 'selectionchange';

/**
 * Starts recording what the code under test leaves behind: pending timers (through fake
 * timers) and listeners on window and document that were added and not removed.
 */
export function trackLeaks() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const live: Listener[] = [];
  const headBefore = document.head.childNodes.length;
  for (const [label, target] of [
    ['window', window],
    ['document', document],
  ] as const) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      if (!isReactDomDocumentListener(label, type)) live.push([label, type, listener]);
      add(type, listener, options);
    });
    vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
      const index = live.findIndex(([where, what, fn]) => where === label && what === type && fn === listener);
      if (index !== -1) live.splice(index, 1);
      remove(type, listener, options);
    });
  }
  return {
    /** What is still pending or attached, as readable lines; empty when nothing leaked. */
    leftovers(): string[] {
      const timers = vi.getTimerCount();
      return [
        ...(timers > 0 ? [`${timers} pending timer(s)`] : []),
        ...live.map(([where, type]) => `${where} '${type}' listener`),
        ...(document.head.childNodes.length > headBefore ? [`${document.head.childNodes.length - headBefore} node(s) added to <head>`] : []),
      ];
    },
    stop() {
      vi.useRealTimers();
    },
  };
}
