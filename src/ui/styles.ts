/**
 * The widget's base stylesheet: what Home needs (flow screens add flow-styles.ts). Comments live
 * here, not in the CSS, because the CSS string ships in the first load:
 * - Hosts theme through the public `--amwa-*` properties; `.amwa-root` resolves them into
 *   `--_amwa-*` against its defaults (the one token table: no colour is written anywhere else,
 *   styles.test.ts holds that) and the widget reads only those, so a host value always wins, in
 *   shadow and light DOM alike. `data-channel="orange"` swaps the default accent.
 * - The root paints the surface at every width, so the widget reads on any host colour.
 * - One accent: the primary colour marks actions, links, Help, progress (stepper, spinner) and
 *   the drawings; the channel's accent marks only info alerts (spec section 1). Alert and
 *   disabled backgrounds are tints of a tone and the surface (color-mix), so a dark theme needs
 *   no more tokens.
 * - Sizes of text, spacing and controls are in rem: they follow the user's default font size.
 *   One spacing scale (`--_amwa-space-1` … `-6`: 4 to 32px at 16px), one type scale
 *   (`--_amwa-font-size-s` … `-xxl`: 14 to 28px) and one control height (36px, the spec's button
 *   height, for buttons and fields alike) for every screen (docs/theming.md).
 * - One shell for every screen, Home included: a card with the title (h1), the body, the action
 *   row and a footer line for the quieter ways on (Help, activation, contact). Below 480px the
 *   card drops its chrome (edge, shadow, side padding): on a phone the screen is the card.
 * - Icons and chevrons are drawn in the text colour, nothing competes with the accent.
 * - Screens are one column at most a card (470px) wide. Pages, cards and alerts are size
 *   containers, so narrow layouts follow the width the host gives the widget, not the viewport.
 * - Cards, options and dialogs keep a visible edge under forced colours (a border, never only
 *   a shadow); a narrow card, whose edge is transparent otherwise, keeps its side padding there.
 *   Reduced motion stops every transition.
 * - A host's `<img slot="logo">` shows above the column on the card's left edge; without one
 *   the slot takes no room.
 * - Headings and regions focused by script (tabindex -1) only announce a new view; they are not
 *   controls and draw no focus ring.
 * - On the tinted alert backgrounds links take the text colour.
 */
// While the first screen or its texts load, `.amwa-app[aria-busy]` holds the space of English Home
// in its shell, measured (428px; 412px below 480px, where the shell drops its chrome; 453px
// below 408px and 495px below 371px, where the hints wrap), so the host page does not shift;
// the spinner only shows if loading takes a while.
export const css = `
.amwa-root {
  --_amwa-primary: var(--amwa-primary, #9b004c);
  --_amwa-on-primary: var(--amwa-on-primary, #ffffff);
  --_amwa-accent: var(--amwa-accent, #107ac1);
  --_amwa-text: var(--amwa-text, #333333);
  --_amwa-text-muted: var(--amwa-text-muted, #696969);
  --_amwa-border: var(--amwa-border, #767676);
  --_amwa-divider: var(--amwa-divider, #d9d9d9);
  --_amwa-surface: var(--amwa-surface, #ffffff);
  --_amwa-error: var(--amwa-error, #c8001e);
  --_amwa-warning: var(--amwa-warning, #a04800);
  --_amwa-success: var(--amwa-success, #2c7a33);
  --_amwa-focus: var(--amwa-focus, #1a1a1a);
  --_amwa-shadow: #00000026;
  --_amwa-backdrop: #00000080;
  --_amwa-radius: var(--amwa-radius, 4px);
  --_amwa-radius-l: var(--amwa-radius-large, 8px);
  --_amwa-font-family: var(--amwa-font-family, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  --_amwa-space-1: var(--amwa-space-1, 0.25rem);
  --_amwa-space-2: var(--amwa-space-2, 0.5rem);
  --_amwa-space-3: var(--amwa-space-3, 0.75rem);
  --_amwa-space-4: var(--amwa-space-4, 1rem);
  --_amwa-space-5: var(--amwa-space-5, 1.5rem);
  --_amwa-space-6: var(--amwa-space-6, 2rem);
  --_amwa-font-size-s: var(--amwa-font-size-s, 0.875rem);
  --_amwa-font-size-m: var(--amwa-font-size-m, 1rem);
  --_amwa-font-size-l: var(--amwa-font-size-l, 1.125rem);
  --_amwa-font-size-xl: var(--amwa-font-size-xl, 1.375rem);
  --_amwa-font-size-xxl: var(--amwa-font-size-xxl, 1.75rem);
  --_amwa-control-height: var(--amwa-control-height, 2.25rem);
}
.amwa-root[data-channel="orange"] { --_amwa-accent: var(--amwa-accent, #ff6200); }
:host { display: block; }
.amwa-root {
  font-family: var(--_amwa-font-family);
  font-size: var(--_amwa-font-size-m);
  line-height: 1.5;
  color: var(--_amwa-text);
  background: var(--_amwa-surface);
  overflow-wrap: break-word;
  -webkit-text-size-adjust: 100%;
}
.amwa-root, .amwa-root *, .amwa-root *::before, .amwa-root *::after { box-sizing: border-box; }
:where(.amwa-root) a { color: var(--_amwa-primary); text-decoration: underline; text-underline-offset: 2px; }
:where(.amwa-root) a:hover { text-decoration-thickness: 2px; }
.amwa-root :focus-visible { outline: 3px solid var(--_amwa-focus); outline-offset: 2px; }
.amwa-root [tabindex="-1"]:focus { outline: none; }
.amwa-visually-hidden {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.amwa-icon { flex: none; vertical-align: middle; }
.amwa-warm-up { position: absolute; width: 0; height: 0; overflow: hidden; visibility: hidden; }
.amwa-warm-up > :first-child { font-size: var(--_amwa-font-size-xl); font-weight: 700; }

.amwa-app { display: flex; flex-direction: column; align-items: center; }
.amwa-app[aria-busy="true"] { min-height: 428px; }
@media (max-width: 479px) { .amwa-app[aria-busy="true"] { min-height: 412px; } }
@media (max-width: 407px) { .amwa-app[aria-busy="true"] { min-height: 453px; } }
@media (max-width: 370px) { .amwa-app[aria-busy="true"] { min-height: 495px; } }
.amwa-loading { animation: amwa-appear 0s linear 0.4s both; }
@keyframes amwa-appear { from { visibility: hidden; } }
.amwa-app > .amwa-alert { width: calc(100% - 2 * var(--_amwa-space-4)); margin: var(--_amwa-space-4) var(--_amwa-space-4) 0; }
.amwa-logo { width: 100%; max-width: calc(470px + 2 * var(--_amwa-space-4)); padding: 0 var(--_amwa-space-4); }
::slotted([slot="logo"]), :has(> .amwa-root) > [slot="logo"] { display: block; width: auto; max-width: 100%; height: 40px; margin-top: 24px; }
:has(> .amwa-root) > [slot="logo"] { margin-inline: max(16px, 50% - 235px); }
.amwa-page {
  container-type: inline-size; display: flex; flex-direction: column; align-items: center; gap: var(--_amwa-space-4);
  width: 100%; padding: var(--_amwa-space-5) var(--_amwa-space-4);
}
.amwa-page > * { max-width: 470px; }
.amwa-facts { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: var(--_amwa-space-1) var(--_amwa-space-3); margin: 0; }
.amwa-facts dt { font-weight: 700; }
.amwa-facts dd { margin: 0; }
.amwa-options { display: grid; grid-auto-rows: 1fr; gap: var(--_amwa-space-3); width: 100%; margin: 0; padding: 0; list-style: none; }
.amwa-option {
  display: flex; align-items: center; height: 100%; gap: var(--_amwa-space-4); min-height: 5.5rem; padding: var(--_amwa-space-4);
  color: var(--_amwa-text); text-decoration: none; cursor: pointer;
}
.amwa-option:hover { border-color: var(--_amwa-primary); box-shadow: 0 2px 8px var(--_amwa-shadow); }
.amwa-option > .amwa-icon { width: 40px; height: 40px; stroke-width: 1.5; }
.amwa-option__text { display: flex; flex: 1; flex-direction: column; min-width: 0; }
.amwa-option-label { font-size: var(--_amwa-font-size-l); font-weight: 700; line-height: 1.3; text-wrap: balance; }
.amwa-option-hint { font-size: var(--_amwa-font-size-s); color: var(--_amwa-text-muted); }
.amwa-option > .amwa-icon--chevron-right { width: 24px; height: 24px; stroke-width: 2; }
@container (max-width: 360px) {
  .amwa-option { gap: var(--_amwa-space-3); padding-inline: var(--_amwa-space-4); }
  .amwa-option > .amwa-icon { width: 32px; height: 32px; }
  .amwa-option-label { font-size: var(--_amwa-font-size-m); }
  .amwa-option > .amwa-icon--chevron-right { display: none; }
}

.amwa-card, .amwa-option, .amwa-tile {
  width: 100%; border: 1px solid var(--_amwa-divider); border-radius: var(--_amwa-radius-l);
  background: var(--_amwa-surface); box-shadow: 0 1px 2px var(--_amwa-shadow);
}
.amwa-card { container-type: inline-size; max-width: 470px; padding: var(--_amwa-space-5); }
.amwa-tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(10em, 1fr)); gap: var(--_amwa-space-3); }
.amwa-tile { padding: var(--_amwa-space-3) var(--_amwa-space-4); }
.amwa-tile > h2 { margin: 0; font-size: inherit; }
.amwa-card__title { margin: 0 0 var(--_amwa-space-4); font-size: var(--_amwa-font-size-xl); line-height: 1.3; }
.amwa-card__body { display: flex; flex-direction: column; gap: var(--_amwa-space-4); }
:where(.amwa-card__body) > * { margin-block: 0; }
.amwa-card__footer {
  display: flex; flex-direction: column; align-items: flex-start; gap: var(--_amwa-space-2); margin-top: var(--_amwa-space-5);
  padding-top: var(--_amwa-space-4); border-top: 1px solid var(--_amwa-divider); color: var(--_amwa-text-muted);
}
:where(.amwa-card__footer) > * { margin: 0; }
@container (max-width: 420px) { .amwa-card { padding: var(--_amwa-space-4); } }
@container (max-width: 447px) {
  .amwa-card { padding-inline: 0; border-color: transparent; box-shadow: none; }
  @media (forced-colors: active) { .amwa-card { padding-inline: var(--_amwa-space-4); } }
}

.amwa-icon-button {
  display: inline-flex; align-items: center; justify-content: center; flex: none; width: 44px; height: 44px; padding: 0;
  border: 0; border-radius: 50%; background: transparent; color: inherit; cursor: pointer;
}
.amwa-icon-button:hover { background: color-mix(in srgb, currentColor 8%, transparent); }

.amwa-alert {
  container-type: inline-size; display: flex; align-items: flex-start; gap: var(--_amwa-space-3); width: 100%; max-width: 470px;
  padding: var(--_amwa-space-3) var(--_amwa-space-4); border: 1px solid var(--_amwa-tone); border-left-width: 4px; border-radius: var(--_amwa-radius);
  background: color-mix(in srgb, var(--_amwa-tone) 8%, var(--_amwa-surface));
}
.amwa-alert__icon { margin-top: 1px; color: var(--_amwa-tone); }
.amwa-alert__content { flex: 1; min-width: 0; }
.amwa-alert__content > p { margin: var(--_amwa-space-1) 0 0; }
.amwa-alert__title { font-weight: 700; }
:where(.amwa-alert) a { color: inherit; }
.amwa-alert__close { margin: -10px -12px -10px 0; }
.amwa-alert--info { --_amwa-tone: var(--_amwa-accent); }
.amwa-alert--error { --_amwa-tone: var(--_amwa-error); }
@container (max-width: 400px) {
  .amwa-facts { grid-template-columns: minmax(0, 1fr); }
  .amwa-facts dd + dt { margin-top: var(--_amwa-space-2); }
}

.amwa-spinner { display: flex; align-items: center; justify-content: center; width: 100px; height: 100px; margin: var(--_amwa-space-5) auto; }
.amwa-spinner__ring { width: 100%; height: 100%; animation: amwa-spin 1.4s linear infinite; }
.amwa-spinner__track, .amwa-spinner__arc { fill: none; stroke-width: 8; }
.amwa-spinner__track { stroke: var(--_amwa-divider); }
.amwa-spinner__arc { stroke: var(--_amwa-primary); stroke-linecap: round; stroke-dasharray: 70 207; }

.amwa-rich-text > * { margin: 0 0 var(--_amwa-space-3); }
.amwa-rich-text > :last-child { margin-bottom: 0; }
.amwa-rich-text ul { padding-left: 1.25em; }
@keyframes amwa-spin { to { transform: rotate(360deg); } }
@keyframes amwa-pulse { 50% { opacity: 0.35; } }
@media (prefers-reduced-motion: reduce) {
  .amwa-root *, .amwa-root *::before, .amwa-root *::after { transition: none !important; }
  .amwa-spinner__ring { animation: none; }
  .amwa-spinner__arc { animation: amwa-pulse 2s ease-in-out infinite; }
}
`;

/**
 * A hidden element with text in the faces and sizes of Home's title, options and hints. Put in
 * the widget's root while its first render waits (for the cookies, a language's table), the
 * frames in between load those fonts, whose first use was about a third of the style and layout
 * of the frame that shows Home; the first render removes it.
 */
export function fontWarmUp(doc: Document): HTMLElement {
  const warmUp = doc.createElement('div');
  warmUp.className = 'amwa-warm-up';
  warmUp.setAttribute('aria-hidden', 'true');
  for (const className of ['', 'amwa-option-label', 'amwa-option-hint']) {
    const text = doc.createElement('span');
    if (className) text.className = className;
    text.textContent = 'Aa';
    warmUp.append(text);
  }
  return warmUp;
}

/** Where the stylesheet can go: a shadow root (default isolation) or the document (`isolation: "none"`). */
export type StyleRoot = ShadowRoot | Document;

// Constructed sheets can only be adopted within the document that made them.
const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();
// Several widgets may share one root (light-DOM mode); a sheet leaves with its last user.
const users = new WeakMap<StyleRoot, Map<CSSStyleSheet, number>>();

function injectStyle(root: StyleRoot, doc: Document, text: string, nonce?: string): () => void {
  const style = doc.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = text;
  (root === doc ? doc.head : root).append(style);
  return () => style.remove();
}

/** The document's constructed sheet of `text`, parsed on first use. */
function sheetOf(doc: Document, Sheet: typeof CSSStyleSheet, text: string): CSSStyleSheet {
  const ofDoc = sheets.get(doc) ?? new Map<string, CSSStyleSheet>();
  sheets.set(doc, ofDoc);
  let sheet = ofDoc.get(text);
  if (!sheet) {
    sheet = new Sheet();
    sheet.replaceSync(text);
    ofDoc.set(text, sheet);
  }
  return sheet;
}

/**
 * Parses a stylesheet for `doc` ahead of its first `adoptStyles`, so a task that has time for it
 * (a chunk's evaluation) does it instead of the render that adopts it. Does nothing where
 * constructable stylesheets are unsupported (the `<style>` fallback parses on insertion).
 */
export function prepareStyles(doc: Document, text: string): void {
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (Sheet && 'replaceSync' in Sheet.prototype) sheetOf(doc, Sheet, text);
}

/**
 * Applies a stylesheet (the base sheet unless told otherwise) to `root` and returns the function
 * that takes it away. Uses a constructable stylesheet (`adoptedStyleSheets`, which a strict CSP
 * allows without a nonce); where unsupported, falls back to a `<style nonce>`.
 */
export function adoptStyles(root: StyleRoot, nonce?: string, text: string = css): () => void {
  const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root.ownerDocument as Document);
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (!Sheet || !('replaceSync' in Sheet.prototype) || !Array.isArray(root.adoptedStyleSheets)) {
    return injectStyle(root, doc, text, nonce);
  }
  const adopted = sheetOf(doc, Sheet, text);
  const counts = users.get(root) ?? new Map<CSSStyleSheet, number>();
  users.set(root, counts);
  const count = counts.get(adopted) ?? 0;
  if (count === 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, adopted];
  counts.set(adopted, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(adopted) ?? 1) - 1;
    counts.set(adopted, left);
    if (left === 0) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== adopted);
  };
}
