import { afterEach, describe, expect, it } from 'vitest';
import { hasNativeBridge, isNativeBridge } from './native-bridge';

// Issue 30: host markup with id or name AmwaNativeBridge (DOM clobbering) made the widget believe
// it ran in the native app; only the bridge object the app injects may.
afterEach(() => {
  document.body.replaceChildren();
  Reflect.deleteProperty(window, 'AmwaNativeBridge');
});

const element = (markup: string) => {
  const box = document.createElement('div');
  // Not connected: a connected <iframe> would try to load its page.
  box.append(...markup.split('|').map((tag) => document.createElement(tag)));
  return box;
};

describe('hasNativeBridge', () => {
  it('accepts the injected bridge: a plain object with a postMessage function', () => {
    expect(hasNativeBridge({ AmwaNativeBridge: { postMessage: () => undefined } })).toBe(true);
    expect(hasNativeBridge({ AmwaNativeBridge: Object.assign(Object.create(null) as object, { postMessage() {} }) })).toBe(true);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['an empty object', {}],
    ['a postMessage that is no function', { postMessage: 'yes' }],
    ['a string', 'AmwaNativeBridge'],
    ['a function', Object.assign(() => undefined, { postMessage: () => undefined })],
  ])('refuses %s', (_, bridge) => {
    expect(hasNativeBridge({ AmwaNativeBridge: bridge })).toBe(false);
  });

  it.each(['div', 'a', 'form', 'iframe', 'img', 'object', 'embed'])('refuses a <%s> element, as markup with that id puts it on window', (tag) => {
    const clobber = element(tag).firstElementChild!;
    clobber.id = 'AmwaNativeBridge';
    expect(clobber).toBeInstanceOf(Element);
    expect(hasNativeBridge({ AmwaNativeBridge: clobber })).toBe(false);
  });

  it('refuses a <form> whose field is named postMessage (a clobbered member is an element, not a function)', () => {
    const form = document.body.appendChild(document.createElement('form'));
    const field = form.appendChild(document.createElement('input'));
    field.name = 'postMessage';
    expect(typeof (form as unknown as Record<string, unknown>).postMessage).toBe('object');
    expect(hasNativeBridge({ AmwaNativeBridge: form })).toBe(false);
  });

  it('refuses a collection of elements (two elements of that id) and a window (an <iframe name=…>)', () => {
    const collection = element('a|a').children;
    expect(hasNativeBridge({ AmwaNativeBridge: collection })).toBe(false);
    expect(hasNativeBridge({ AmwaNativeBridge: window })).toBe(false);
    // A window's own postMessage is a function: only the window check keeps it out.
    expect(typeof window.postMessage).toBe('function');
  });

  it('refuses an object whose reads throw (a cross-origin window refuses most reads)', () => {
    const hostile = new Proxy({}, { get: () => { throw new DOMException('Blocked', 'SecurityError'); } });
    expect(isNativeBridge(hostile)).toBe(false);
    const win = new Proxy({}, { get: () => { throw new Error('no'); } });
    expect(hasNativeBridge(win)).toBe(false);
  });

  it('reads the real window: a bridge set by the app counts, an element put there does not', () => {
    (window as { AmwaNativeBridge?: unknown }).AmwaNativeBridge = document.body.appendChild(document.createElement('a'));
    expect(hasNativeBridge(window)).toBe(false);
    (window as { AmwaNativeBridge?: unknown }).AmwaNativeBridge = { postMessage: () => undefined };
    expect(hasNativeBridge(window)).toBe(true);
  });
});
