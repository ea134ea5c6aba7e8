import { mount, type AmwaHandle } from './mount';

/** Default tag name of the custom element. */
export const AMWA_TAG = 'amwa-portal';

/**
 * Registers `<amwa-portal settings='{…}'>`: settings are read from the attribute, the widget
 * mounts when the element connects and unmounts when it disconnects. Safe to call twice and
 * in Node (no DOM: it does nothing).
 */
export function defineAmwaElement(tagName: string = AMWA_TAG): void {
  if (typeof customElements === 'undefined' || customElements.get(tagName)) return;
  customElements.define(
    tagName,
    class AmwaPortalElement extends HTMLElement {
      static observedAttributes = ['settings'];
      #handle: AmwaHandle | undefined;

      connectedCallback() {
        this.#handle ??= mount(this, this.getAttribute('settings') ?? '');
      }

      disconnectedCallback() {
        this.#handle?.unmount();
        this.#handle = undefined;
      }

      attributeChangedCallback(_name: string, previous: string | null, next: string | null) {
        if (!this.#handle || previous === next) return;
        this.#handle.unmount();
        this.#handle = mount(this, next ?? '');
      }
    },
  );
}
