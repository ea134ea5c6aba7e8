import { useEffect, type RefObject } from 'react';

/** Marks an element (with `tabIndex={-1}`) as the place focus goes when the focused control is disabled. */
export const FOCUS_RESCUE = { 'data-focus-rescue': '' } as const;

// The focused element through every open shadow root; null when nothing is focused.
function deepActiveElement(doc: Document): Element | null {
  let element = doc.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element === doc.body ? null : element;
}

/**
 * Keeps focus from falling to the page when the focused control inside `container` becomes
 * disabled (a colour code expires under the user's typing, a technical error disables Log on):
 * focus goes to the first element marked with {@link FOCUS_RESCUE}, the message saying why
 * (WCAG 2.4.3). Focus the user moved elsewhere, in the widget or on the host page, stays there.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let last: Element | null = null;
    const remember = (event: FocusEvent) => {
      last = event.target as Element;
    };
    const observer = new MutationObserver(() => {
      if (!last?.matches(':disabled')) return;
      const active = deepActiveElement(element.ownerDocument);
      if (active && active !== last) return;
      const target = element.querySelector<HTMLElement>('[data-focus-rescue]');
      target?.focus();
      last = target;
    });
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    element.addEventListener('focusin', remember);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', remember);
    };
  }, [container]);
}
