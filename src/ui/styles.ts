/**
 * The widget's base stylesheet: what Home needs (flow screens add flow-styles.ts). Comments live
 * here, not in the CSS, because the CSS string ships in the first load:
 * - Hosts theme through the public `--amwa-*` properties; `.amwa-root` resolves them into
 *   `--_amwa-*` against its defaults and the widget reads only those, so a host value always
 *   wins, in shadow and light DOM alike. `data-channel="orange"` swaps the default accent.
 * - `--_amwa-accent-strong` (small text and marks) is the accent darkened where needed to
 *   4.5:1 on white: OKLCH lightness at most 0.52. The orange accent is 3:1 on white, so it only
 *   colours borders and large marks. `--_amwa-info-bg` is the accent at 8% on white. Browsers
 *   without relative colours (Safari before 18) keep the fixed shades of the two channels.
 * - One spacing scale (`--_amwa-space-1` … `-6`: 4, 8, 12, 16, 24, 32px), one type scale
 *   (`--_amwa-font-size-s` … `-xxl`: 14, 16, 18, 22, 28px) and one control height (48px for
 *   buttons and fields alike) for every screen (docs/theming.md).
 * - One shell for every screen, Home included: a card with the title (h1), the body, the action
 *   row and a footer line for the quieter ways on (Help, activation, contact). Below 480px the
 *   card drops its chrome (edge, shadow, side padding): on a phone the screen is the card.
 * - Icons and chevrons are drawn in the text colour: the primary colour marks actions, the
 *   accent marks links and progress, nothing else competes.
 * - Screens are one column at most a card (470px) wide. Pages, cards and alerts are size
 *   containers, so narrow layouts follow the width the host gives the widget, not the viewport.
 * - Cards, options and dialogs keep a visible edge under forced colours (a border, never only
 *   a shadow); reduced motion stops every transition.
 * - A host's `<img slot="logo">` shows above the column on the card's left edge; without one
 *   the slot takes no room.
 * - Headings and regions focused by script (tabindex -1) only announce a new view; they are not
 *   controls and draw no focus ring.
 * - The accent is only 4.6:1 on pure white; on the tinted alert backgrounds links take the text
 *   colour.
 */
// While the first screen or its texts load, `.amwa-app[aria-busy]` holds the space of English Home
// in its shell, measured (428px; 412px below 480px, where the shell drops its chrome; 453px
// below 408px and 495px below 371px, where the hints wrap), so the host page does not shift;
// the spinner only shows if loading takes a while.
export const css = `
.amwa-root {
  --_amwa-accent: var(--amwa-accent, rgba(16, 122, 193, 1));
  --_amwa-accent-strong: var(--amwa-accent-strong, var(--_amwa-accent));
  --_amwa-primary: var(--amwa-primary, rgba(155, 0, 76, 1));
  --_amwa-text: var(--amwa-text, #333333);
  --_amwa-text-muted: var(--amwa-text-muted, #696969);
  --_amwa-border: var(--amwa-border, #767676);
  --_amwa-divider: var(--amwa-divider, #d9d9d9);
  --_amwa-surface: var(--amwa-surface, #ffffff);
  --_amwa-error: var(--amwa-error, #c8001e);
  --_amwa-info-bg: var(--amwa-info-bg, #eef6fc);
  --_amwa-focus: var(--amwa-focus, #1a1a1a);
  --_amwa-radius: var(--amwa-radius, 4px);
  --_amwa-radius-l: var(--amwa-radius-large, 8px);
  --_amwa-font-family: var(--amwa-font-family, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  --_amwa-space-1: var(--amwa-space-1, 4px);
  --_amwa-space-2: var(--amwa-space-2, 8px);
  --_amwa-space-3: var(--amwa-space-3, 12px);
  --_amwa-space-4: var(--amwa-space-4, 16px);
  --_amwa-space-5: var(--amwa-space-5, 24px);
  --_amwa-space-6: var(--amwa-space-6, 32px);
  --_amwa-font-size-s: var(--amwa-font-size-s, 14px);
  --_amwa-font-size-m: var(--amwa-font-size-m, 16px);
  --_amwa-font-size-l: var(--amwa-font-size-l, 18px);
  --_amwa-font-size-xl: var(--amwa-font-size-xl, 22px);
  --_amwa-font-size-xxl: var(--amwa-font-size-xxl, 28px);
  --_amwa-control-height: var(--amwa-control-height, 48px);
}
.amwa-root[data-channel="orange"] {
  --_amwa-accent: var(--amwa-accent, rgba(255, 98, 0, 1));
  --_amwa-accent-strong: var(--amwa-accent-strong, rgb(180, 62, 0));
  --_amwa-info-bg: var(--amwa-info-bg, #fff3eb);
}
@supports (color: oklch(from red l c h)) {
  .amwa-root.amwa-root {
    --_amwa-accent-strong: var(--amwa-accent-strong, oklch(from var(--_amwa-accent) min(l, 0.52) c h));
    --_amwa-info-bg: var(--amwa-info-bg, color-mix(in srgb, var(--_amwa-accent) 8%, #ffffff));
  }
}
:host { display: block; }
.amwa-root {
  font-family: var(--_amwa-font-family);
  font-size: var(--_amwa-font-size-m);
  line-height: 1.5;
  color: var(--_amwa-text);
  overflow-wrap: break-word;
  -webkit-text-size-adjust: 100%;
}
.amwa-root, .amwa-root *, .amwa-root *::before, .amwa-root *::after { box-sizing: border-box; }
:where(.amwa-root) a { color: var(--_amwa-accent-strong); text-decoration: underline; text-underline-offset: 2px; }
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
  display: flex; align-items: center; height: 100%; gap: var(--_amwa-space-4); min-height: 88px; padding: var(--_amwa-space-4);
  color: var(--_amwa-text); text-decoration: none; cursor: pointer;
}
.amwa-option:hover { border-color: var(--_amwa-accent); box-shadow: 0 2px 8px rgba(0, 0, 0, 0.12); }
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
  background: var(--_amwa-surface); box-shadow: 0 1px 2px rgba(0, 0, 0, 0.06);
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
  .amwa-card { padding-inline: 0; border-color: transparent; background: transparent; box-shadow: none; }
}

.amwa-icon-button {
  display: inline-flex; align-items: center; justify-content: center; flex: none; width: 44px; height: 44px; padding: 0;
  border: 0; border-radius: 50%; background: transparent; color: inherit; cursor: pointer;
}
.amwa-icon-button:hover { background: rgba(0, 0, 0, 0.06); }

.amwa-alert {
  container-type: inline-size; display: flex; align-items: flex-start; gap: var(--_amwa-space-3); width: 100%; max-width: 470px;
  padding: var(--_amwa-space-3) var(--_amwa-space-4); border: 1px solid; border-left-width: 4px; border-radius: var(--_amwa-radius); color: var(--_amwa-text);
}
.amwa-alert__icon { margin-top: 1px; }
.amwa-alert__content { flex: 1; min-width: 0; }
.amwa-alert__content > p { margin: var(--_amwa-space-1) 0 0; }
.amwa-alert__title { font-weight: 700; }
:where(.amwa-alert) a { color: inherit; }
.amwa-alert__close { margin: -10px -12px -10px 0; }
.amwa-alert--info { border-color: var(--_amwa-accent); background: var(--_amwa-info-bg); }
.amwa-alert--info .amwa-alert__icon { color: var(--_amwa-accent-strong); }
.amwa-alert--error { border-color: var(--_amwa-error); background: #fdeef0; }
.amwa-alert--error .amwa-alert__icon { color: var(--_amwa-error); }
@container (max-width: 400px) {
  .amwa-facts { grid-template-columns: minmax(0, 1fr); }
  .amwa-facts dd + dt { margin-top: var(--_amwa-space-2); }
}

.amwa-spinner { display: flex; align-items: center; justify-content: center; width: 100px; height: 100px; margin: var(--_amwa-space-5) auto; }
.amwa-spinner__ring { width: 100%; height: 100%; animation: amwa-spin 1.4s linear infinite; }
.amwa-spinner__track, .amwa-spinner__arc { fill: none; stroke-width: 8; }
.amwa-spinner__track { stroke: var(--_amwa-divider); }
.amwa-spinner__arc { stroke: var(--_amwa-accent); stroke-linecap: round; stroke-dasharray: 70 207; }

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
