import type { AmwaEventMap, AmwaEventType } from './core/events';
import { createWidget, type AmwaHandle, type WidgetHandle } from './mount';

/** Default tag name of the custom element. */
export const AMWA_TAG = 'amwa-portal';

/** The DOM events of `<amwa-portal>`: the element's own plus every amwa event as a CustomEvent. */
export type AmwaElementEventMap = HTMLElementEventMap & { [K in AmwaEventType]: CustomEvent<AmwaEventMap[K]> };

type ElementListener<K extends keyof AmwaElementEventMap> = (this: AmwaPortalElement, event: AmwaElementEventMap[K]) => unknown;

/** Any event name but an `amwa-` one the widget does not fire: a typo such as `amwa-redy` fails type-checking. */
type OtherEventName<T extends string> = T extends `amwa-${string}` ? (T extends AmwaEventType ? T : never) : T;

/** `<amwa-portal settings='{…}'>`: an element whose `addEventListener` knows every amwa event. */
export interface AmwaPortalElement extends HTMLElement {
  /** The widget mounted while the element is connected: `navigate`, `update`, `on`. */
  readonly handle: AmwaHandle | undefined;
  addEventListener<K extends keyof AmwaElementEventMap>(type: K, listener: ElementListener<K>, options?: boolean | AddEventListenerOptions): void;
  addEventListener<T extends string>(type: OtherEventName<T>, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof AmwaElementEventMap>(type: K, listener: ElementListener<K>, options?: boolean | EventListenerOptions): void;
  removeEventListener<T extends string>(type: OtherEventName<T>, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'amwa-portal': AmwaPortalElement;
  }
}

/**
 * Registers `<amwa-portal settings='{…}'>`: settings are read from the attribute, the widget
 * mounts when the element connects, follows attribute changes in place (the attribute holds the
 * whole settings) and unmounts when it disconnects. Safe to call twice and in Node (no DOM: it
 * does nothing).
 */
export function defineAmwaElement(tagName: string = AMWA_TAG): void {
  if (typeof customElements === 'undefined' || customElements.get(tagName)) return;
  customElements.define(
    tagName,
    class extends HTMLElement implements Pick<AmwaPortalElement, 'handle'> {
      static observedAttributes = ['settings'];
      #handle: WidgetHandle | undefined;

      get handle() {
        return this.#handle;
      }

      connectedCallback() {
        this.#handle ??= createWidget(this, this.getAttribute('settings') ?? '');
      }

      disconnectedCallback() {
        this.#handle?.unmount();
        this.#handle = undefined;
      }

      attributeChangedCallback(_name: string, previous: string | null, next: string | null) {
        if (previous !== next) this.#handle?.replace(next ?? '');
      }
    },
  );
}
