// The little the kit needs from a browser automation tool, so that its flows run unchanged in
// Playwright, WebdriverIO, Cypress or an in-process DOM: find a control by its accessible role
// and name (through open shadow roots), click it, type into it, read an attribute, read the URL,
// and hear the widget's DOM events and the answers to the page's calls.
import * as z from 'zod/mini';

/** The roles the kit looks the widget's controls up by. */
export type Role = 'button' | 'link' | 'textbox' | 'heading' | 'img';

/** A control by its role and accessible name: the whole name, or a pattern. */
export interface Target {
  role: Role;
  name: string | RegExp;
}

/** One widget event the driver heard: its DOM event name and `detail`. */
export interface HeardEvent {
  type: string;
  detail: unknown;
}

/** One answer to a call of the widget's frame, as the tool saw it on the network. */
export interface HeardAnswer {
  method: string;
  url: string;
  status: number;
}

/** The widget events a driver hears. */
export interface EventLog {
  /** What was heard so far, in order. */
  read(): HeardEvent[];
  /**
   * The answers to the calls of the widget's frame seen on the network so far, in order, where the
   * tool can see them: the logon flows then require their logon call's answer to be 2xx, whatever
   * events arrive.
   */
  answers?(): HeardAnswer[];
  /** Stops hearing (removes what `hear` added where the tool allows). */
  stop(): void;
  /**
   * Fetches what the tool cannot push to the test (WebDriver classic has no events: the page
   * keeps them, and this reads them); the flows await it before every `read()` while they wait.
   */
  refresh?(): Promise<void>;
}

/** A browser automation tool as the kit's flows use it; the adapters make one from a Playwright page, a WebdriverIO browser or a DOM. */
export interface Driver {
  /** True when a visible control matching `target` is on the page now (through open shadow roots). */
  isVisible(target: Target): Promise<boolean>;
  /** Clicks the first visible control matching `target`. */
  click(target: Target): Promise<void>;
  /** Replaces the text of the first visible text field matching `target` with `value`, as typing would. */
  fill(target: Target, value: string): Promise<void>;
  /** An attribute of the first visible control matching `target`, or null. */
  attribute(target: Target, name: string): Promise<string | null>;
  /** The page's URL; undefined where the driver cannot leave the page (an in-process DOM). */
  url(): Promise<string | undefined>;
  /** Starts hearing widget events of `types` on the current page, and on the pages it goes on to where the tool can. */
  hear(types: readonly string[]): Promise<EventLog>;
  /**
   * The language the widget on the page speaks (the `lang` it sets on its root, e.g. `de` or
   * `en-US`), or null while none is mounted. The flows name controls in that language; a driver
   * without it is taken to drive an English page.
   */
  language?(): Promise<string | null>;
}

/**
 * Runs `install` (an idempotent page script) in the page's current document. A page load under
 * way may take that document, and the evaluation, with it ("Execution context was destroyed"):
 * then it runs once more, in the document the tab lands on. Any second failure is the caller's.
 */
export async function installInCurrentDocument(install: () => Promise<unknown>): Promise<void> {
  try {
    await install();
  } catch {
    await install();
  }
}

/** Marks the console lines that carry widget events to the test. */
const HEARD_MARK = '[amwa-testing]';

/** Longest console line taken for a widget event; a widget event is a few hundred characters. */
export const MAX_HEARD_LINE = 256 * 1024;

/** A fresh secret for one hearing: only the listener the kit put into the widget's frame knows it. */
export const hearingSecret = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Page-side statement that adds `handler` (the source of a function of the event) to the
 * document for each widget event of `types`, and keeps its remover in `globalThis[off]`. Run
 * twice in one document (as the tool's script for new documents, and once more by hand), it
 * listens once. In an iframe (the browser runs a tool's script in every frame) it listens not at
 * all: the iframe's code must never learn what `handler` carries.
 */
export const listenInTopFrame = (types: readonly string[], off: string, handler: string) => `globalThis[${JSON.stringify(off)}] ??= ((types, listener) => {
  if (window.top !== window) return () => {};
  for (const type of types) document.addEventListener(type, listener);
  return () => types.forEach((type) => document.removeEventListener(type, listener));
})(${JSON.stringify(types)}, ${handler});`;

/**
 * Page-side source that logs each widget event of `types` as a marked console line carrying
 * `secret` and the frame's origin (`listenInTopFrame`, its remover in `globalThis[off]`). A
 * console line leaves the page at once, with its text: unlike a call back into the test, it
 * survives the page load a logon redirect starts right after. `console.debug` is taken as the
 * page has it when the listener is added.
 */
export const logHeardEvents = (types: readonly string[], off: string, secret: string) =>
  listenInTopFrame(types, off, `((log) => (event) => log(${JSON.stringify(HEARD_MARK + secret)} + JSON.stringify([location.origin, event.type, event.detail])))(console.debug.bind(console))`);

const heardLine = z.tuple([z.string(), z.string(), z.unknown()]);

/**
 * The widget event a console line carries, or undefined for any other line: one without the
 * hearing's `secret` (another frame's, a forged one), from another origin than `origin` (when
 * given), of a type not asked for, malformed, huge, or not text at all. Never throws: a console
 * line is the page's to write.
 */
export function heardEvent(text: unknown, secret: string, types: readonly string[], origin?: string): HeardEvent | undefined {
  const mark = HEARD_MARK + secret;
  if (typeof text !== 'string' || text.length > MAX_HEARD_LINE || !text.startsWith(mark)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(mark.length));
  } catch {
    return undefined;
  }
  const parsed = heardLine.safeParse(value);
  if (!parsed.success) return undefined;
  const [from, type, detail] = parsed.data;
  if ((origin !== undefined && from !== origin) || !types.includes(type)) return undefined;
  return { type, detail };
}

/** The origin of `url` when it is a page's own (http, https), else undefined: then any origin of the widget's frame counts. */
export function pageOrigin(url: string | undefined): string | undefined {
  try {
    const origin = new URL(url ?? '').origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Scrolls `element` into view and answers its centre in the viewport, or null until it can take a
 * click there, as Playwright's actionability checks have it: enabled, and on top at that point
 * (through open shadow roots). Self-contained, so it can be sent into a page as it is.
 */
export function clickPoint(element: Element | null): { x: number; y: number } | null {
  if (!element || (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') return null;
  element.scrollIntoView({ block: 'center', inline: 'center' });
  // A link that wraps has a box per line, and the centre of the box around them all may fall
  // between the lines, on its parent: each line's centre is tried first.
  for (const box of [...element.getClientRects(), element.getBoundingClientRect()]) {
    const x = Math.round(box.left + box.width / 2);
    const y = Math.round(box.top + box.height / 2);
    let hit: Element | null = element.ownerDocument.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    if (hit && (hit === element || element.contains(hit))) return { x, y };
  }
  return null;
}

/** Page-side source that selects the text of the focused field (through open shadow roots), so typing replaces it. */
export const SELECT_FOCUSED = `(() => {
  let element = document.activeElement;
  while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
  element?.select?.();
})()`;

/**
 * Page-side expression for a tool without events (WebDriver classic): adds a listener that keeps
 * each widget event of `types` in the tab's sessionStorage under `key` (it outlives a page load to
 * the same origin) unless this document has one, and answers the events kept so far.
 */
export const keptHeardEvents = (types: readonly string[], key: string) => `((key) => {
  ${listenInTopFrame(types, `${key}Off`, '(event) => sessionStorage.setItem(key, JSON.stringify([...JSON.parse(sessionStorage.getItem(key) || \'[]\'), { type: event.type, detail: event.detail }]))')}
  return JSON.parse(sessionStorage.getItem(key) || '[]');
})(${JSON.stringify(key)})`;

/** A target's name in a form that crosses into a page script: a string, or a pattern's source and flags. */
export type SerialName = { text: string } | { source: string; flags: string };

/** `target.name` ready for `findByRole` in a page. */
export const serialName = ({ name }: Target): SerialName => (typeof name === 'string' ? { text: name } : { source: name.source, flags: name.flags });

/**
 * The first visible element under `root` (open shadow roots included) with ARIA role `role`
 * and accessible name `name`, or null. Self-contained (no outer names), so adapters can send it
 * into a page as it is; the name follows the parts of the accessible-name rules the widget's
 * controls use: aria-labelledby, aria-label, a label, alt, then text.
 */
export function findByRole(root: Document | Element | ShadowRoot, role: string, name: SerialName): Element | null {
  const selectors: Record<string, string> = {
    button: 'button, [role=button], input[type=button], input[type=submit]',
    link: 'a[href], [role=link]',
    textbox: 'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=search], input[type=url], textarea, [role=textbox]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    img: 'img[alt]:not([alt=""]), [role=img]',
  };
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const scopeOf = (element: Element) => element.getRootNode() as Document | ShadowRoot;
  const byIds = (element: Element, ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => squash(scopeOf(element).querySelector(`[id="${id.replace(/"/g, '\\"')}"]`)?.textContent))
      .join(' ');
  const accessibleName = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return squash(byIds(element, labelledBy));
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    if (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA') {
      const id = element.getAttribute('id');
      const forLabel = id ? scopeOf(element).querySelector(`label[for="${id.replace(/"/g, '\\"')}"]`) : null;
      return squash((forLabel ?? element.closest('label'))?.textContent);
    }
    if (element.tagName === 'IMG') return squash(element.getAttribute('alt'));
    return squash(element.textContent);
  };
  const matches = (text: string) => ('text' in name ? text === name.text : new RegExp(name.source, name.flags).test(text));
  // A DOM without layout (happy-dom, jsdom) draws no boxes at all: there, only hidden and inert count.
  const hasLayout = (element: Element) => element.ownerDocument.documentElement.getClientRects().length > 0;
  const visible = (element: Element) =>
    !element.closest('[hidden], [inert]') && (!hasLayout(element) || (element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'));
  const search = (scope: Document | Element | ShadowRoot): Element | null => {
    for (const element of Array.from(scope.querySelectorAll(selectors[role] ?? role))) {
      if (visible(element) && matches(accessibleName(element))) return element;
    }
    for (const host of Array.from(scope.querySelectorAll('*'))) {
      const found = host.shadowRoot ? search(host.shadowRoot) : null;
      if (found) return found;
    }
    return null;
  };
  return search(root);
}

/**
 * The `lang` of the first widget root under `root` (open shadow roots included), or null while
 * there is none. Self-contained, so adapters can send it into a page as it is.
 */
export function widgetLanguage(root: Document | Element | ShadowRoot): string | null {
  const search = (scope: Document | Element | ShadowRoot): string | null => {
    const box = scope.querySelector('.amwa-root[lang]');
    if (box) return box.getAttribute('lang') || null;
    for (const host of Array.from(scope.querySelectorAll('*'))) {
      const found = host.shadowRoot ? search(host.shadowRoot) : null;
      if (found) return found;
    }
    return null;
  };
  return search(root);
}
