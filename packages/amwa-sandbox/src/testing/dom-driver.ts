// The in-process driver: the widget mounted in this process's DOM (vitest with happy-dom or
// jsdom), driven through the same accessible roles and names as in a browser.
import { findByRole, serialName, widgetLanguage, type Driver, type HeardEvent, type Target } from './driver';

/**
 * A driver over the DOM the test runs in, for a widget mounted with `mount(…, { fetch: sandbox.fetch })`
 * (routing `memory`: an in-process DOM cannot load another page). Its `url()` is undefined: the
 * flows end on the `amwa-logon-redirect` event.
 */
export function domDriver(root: Document | Element = document): Driver {
  const find = (target: Target) => {
    const element = findByRole(root, target.role, serialName(target));
    if (!element) throw new Error(`amwa-sandbox/testing: no visible ${target.role} named "${String(target.name)}"`);
    return element as HTMLElement;
  };
  return {
    isVisible: async (target) => findByRole(root, target.role, serialName(target)) !== null,
    async click(target) {
      const element = find(target);
      element.click();
      // A DOM without a browser engine may not associate a submit button with the form its
      // `form` attribute names (the widget's action rows sit outside their forms): submit it as a browser would.
      const button = element as HTMLButtonElement;
      const formId = button.type === 'submit' && !button.disabled && !button.form ? button.getAttribute('form') : null;
      const form = formId ? (button.getRootNode() as Document | ShadowRoot).getElementById(formId) : null;
      if (form instanceof HTMLFormElement) form.requestSubmit();
    },
    async fill(target, value) {
      const field = find(target) as HTMLInputElement;
      field.focus();
      // The prototype's setter, as typing does: a framework that tracks the value sees a change.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    },
    attribute: async (target, name) => find(target).getAttribute(name),
    url: async () => undefined,
    language: async () => widgetLanguage(root),
    async hear(types) {
      const heard: HeardEvent[] = [];
      const document = root.ownerDocument ?? (root as Document);
      const listener = (event: Event) => void heard.push({ type: event.type, detail: (event as CustomEvent).detail });
      for (const type of types) document.addEventListener(type, listener);
      return {
        read: () => [...heard],
        stop: () => types.forEach((type) => document.removeEventListener(type, listener)),
      };
    },
  };
}
