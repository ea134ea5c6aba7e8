// Finding the widget's controls the way a user names them: a button by its text or label, a
// field by its label, a heading by its text. Enough of the accessible-name rules for the
// widget's own markup (text, aria-label, <label for>), not a general implementation.

/** What a control is looked up by: its exact name, or a pattern. */
export type Name = string | RegExp;

/** Text as it reads: whitespace runs collapsed, ends trimmed. */
export const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The name a user would call the element by: aria-label, else its text. */
export const nameOf = (element: Element) => normalise(element.getAttribute('aria-label') ?? element.textContent ?? '');

/** True when `value` is the name asked for (exactly), or matches the pattern. */
export const matches = (value: string, wanted: Name) => (typeof wanted === 'string' ? value === wanted : wanted.test(value));

/** False for a control the user cannot operate now (disabled, or aria-disabled while busy). */
export const isEnabled = (element: Element) => !(element as HTMLButtonElement).disabled && element.getAttribute('aria-disabled') !== 'true';

type Root = Document | ShadowRoot | Element;

/** Every element of `root` matching `selector` whose name is `name`. */
const named = (root: Root, selector: string, name: Name) => [...root.querySelectorAll(selector)].filter((element) => matches(nameOf(element), name));

/** An operable button named `name` (buttons and links styled as buttons alike). */
export const findButton = (root: Root, name: Name) =>
  named(root, 'button, [role="button"], a[href]', name).find(isEnabled) as HTMLElement | undefined;

/** A heading (any level) reading `name`. */
export const findHeading = (root: Root, name: Name) => named(root, 'h1, h2, h3, h4, h5, h6, [role="heading"]', name)[0] as HTMLElement | undefined;

/** An open dialog whose title reads `name`. */
export function findDialog(root: Root, name: Name): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].find((dialog) => {
    const title = dialog.getAttribute('aria-labelledby');
    const label = title ? (dialog.getRootNode() as Document | ShadowRoot).getElementById(title) : null;
    return matches(label ? nameOf(label) : nameOf(dialog), name);
  });
}

/** The input a `<label>` reading `label` names (the label's text may go on: `/^Response code/`). */
export function findField(root: Document | ShadowRoot, label: Name): HTMLInputElement | undefined {
  const element = named(root, 'label[for]', label)[0] as HTMLLabelElement | undefined;
  const input = element ? root.getElementById(element.htmlFor) : null;
  return input instanceof HTMLInputElement ? input : undefined;
}

/** True when `text` appears anywhere in `root`'s text. */
export const hasText = (root: Root, text: Name) => {
  const all = normalise(root.textContent ?? '');
  return typeof text === 'string' ? all.includes(text) : text.test(all);
};

/**
 * Types `value` into `input` as one edit: the value is set through the element's own setter and
 * an `input` event follows, as a keyboard or a paste would deliver it, so the widget's input
 * masks and validation see what they see from a user.
 */
export function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste', data: value }));
}
