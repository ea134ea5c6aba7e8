/**
 * The whole widget's stylesheet. Hosts set the `--amwa-*` theme properties;
 * `.amwa-root` resolves them against its defaults, and `data-channel="orange"`
 * swaps the default accent. The orange accent is 3:1 on white, so it only colours borders and
 * large marks; small text and marks use `--amwa-accent-strong`.
 */
export const css = `
/* Host pages theme through --amwa-*; the widget reads the resolved --_amwa-* so a host value
   always wins over the defaults below, in shadow and light DOM alike. */
.amwa-root {
  --_amwa-accent: var(--amwa-accent, rgba(16, 122, 193, 1));
  --_amwa-accent-strong: var(--amwa-accent-strong, rgba(16, 122, 193, 1));
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
  --_amwa-font-family: var(--amwa-font-family, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
}
.amwa-root[data-channel="orange"] {
  --_amwa-accent: var(--amwa-accent, rgba(255, 98, 0, 1));
  --_amwa-accent-strong: var(--amwa-accent-strong, rgb(180, 62, 0));
  --_amwa-info-bg: var(--amwa-info-bg, #fff3eb);
}
:host { display: block; }
.amwa-root {
  font-family: var(--_amwa-font-family);
  font-size: 16px;
  line-height: 1.5;
  color: var(--_amwa-text);
  -webkit-text-size-adjust: 100%;
}
.amwa-root, .amwa-root *, .amwa-root *::before, .amwa-root *::after { box-sizing: border-box; }
:where(.amwa-root) a { color: var(--_amwa-accent-strong); text-decoration: underline; text-underline-offset: 2px; }
:where(.amwa-root) a:hover { text-decoration-thickness: 2px; }
.amwa-root :focus-visible { outline: 3px solid var(--_amwa-focus); outline-offset: 2px; }
/* Headings and regions focused by script (tabindex -1) only announce a new view; they are not controls. */
.amwa-root [tabindex="-1"]:focus { outline: none; }
.amwa-visually-hidden {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.amwa-icon { flex: none; vertical-align: middle; }

/* Layout */
.amwa-app { display: flex; flex-direction: column; align-items: center; }
/* While the first screen or its texts load, the widget holds the space of English Home (two
   option columns from 408 px, one below), so the host page does not shift when it appears; the
   spinner only shows if loading takes a while. */
.amwa-app[aria-busy="true"] { min-height: 672px; }
@media (max-width: 407px) { .amwa-app[aria-busy="true"] { min-height: 788px; } }
.amwa-loading { animation: amwa-appear 0s linear 0.4s both; }
@keyframes amwa-appear { from { visibility: hidden; } }
.amwa-app > .amwa-alert { width: calc(100% - 32px); margin: 16px 16px 0; }
.amwa-page { display: flex; flex-direction: column; align-items: center; gap: 16px; width: 100%; padding: 24px 16px; }
.amwa-page-title { margin: 0; font-size: 28px; line-height: 1.3; text-align: center; }
.amwa-facts { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; }
.amwa-facts dt { font-weight: 700; }
.amwa-facts dd { margin: 0; overflow-wrap: anywhere; }
.amwa-options {
  display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 16px;
  width: 100%; max-width: 470px; margin: 0; padding: 0; list-style: none;
}
.amwa-option {
  display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 8px; height: 100%;
  padding: 24px 16px; border: 2px solid var(--_amwa-divider); border-radius: 8px;
  background: var(--_amwa-surface); color: var(--_amwa-text); text-align: center; text-decoration: none; cursor: pointer;
}
.amwa-option:hover { border-color: var(--_amwa-accent); }
.amwa-option .amwa-icon { color: var(--_amwa-accent-strong); }
.amwa-option .amwa-icon--mobile { width: 64px; height: 64px; stroke-width: 1.5; }
.amwa-option-label { font-size: 18px; font-weight: 700; }
.amwa-option-hint { font-size: 14px; color: var(--_amwa-text-muted); }

/* Card */
.amwa-card {
  width: 100%; max-width: 470px; padding: 24px; border-radius: 8px;
  background: var(--_amwa-surface); box-shadow: 0 1px 4px rgba(0, 0, 0, 0.16);
}
.amwa-card__title { margin: 0 0 16px; font-size: 22px; line-height: 1.3; }
.amwa-card__body { display: flex; flex-direction: column; gap: 16px; }
:where(.amwa-card__body) > * { margin-block: 0; }
@media (max-width: 480px) { .amwa-card { padding: 16px; border-radius: 0; } }

.amwa-icon-button {
  display: inline-flex; align-items: center; justify-content: center; flex: none; width: 36px; height: 36px; padding: 0;
  border: 0; border-radius: 50%; background: transparent; color: inherit; cursor: pointer;
}
.amwa-icon-button:hover { background: rgba(0, 0, 0, 0.06); }

/* Alert */
.amwa-alert {
  display: flex; align-items: flex-start; gap: 12px; width: 100%; max-width: 470px; padding: 12px 16px;
  border: 1px solid; border-left-width: 4px; border-radius: var(--_amwa-radius); color: var(--_amwa-text);
}
.amwa-alert__icon { margin-top: 1px; }
.amwa-alert__content { flex: 1; min-width: 0; }
.amwa-alert__content > p { margin: 4px 0 0; }
.amwa-alert__title { font-weight: 700; }
/* The accent is only 4.6:1 on pure white; on the tinted alert backgrounds links take the text colour. */
:where(.amwa-alert) a { color: inherit; }
.amwa-alert__close { margin: -6px -8px -6px 0; }
.amwa-alert--info { border-color: var(--_amwa-accent); background: var(--_amwa-info-bg); }
.amwa-alert--info .amwa-alert__icon { color: var(--_amwa-accent-strong); }
.amwa-alert--error { border-color: var(--_amwa-error); background: #fdeef0; }
.amwa-alert--error .amwa-alert__icon { color: var(--_amwa-error); }

/* Spinner */
.amwa-spinner { display: flex; align-items: center; justify-content: center; width: 100px; height: 100px; margin: 24px auto; }
.amwa-spinner__ring { width: 100%; height: 100%; animation: amwa-spin 1.4s linear infinite; }
.amwa-spinner__track, .amwa-spinner__arc { fill: none; stroke-width: 8; }
.amwa-spinner__track { stroke: var(--_amwa-divider); }
.amwa-spinner__arc { stroke: var(--_amwa-accent); stroke-linecap: round; stroke-dasharray: 70 207; }

/* Rich text */
.amwa-rich-text > * { margin: 0 0 12px; }
.amwa-rich-text > :last-child { margin-bottom: 0; }
.amwa-rich-text ul { padding-left: 1.25em; }
@keyframes amwa-spin { to { transform: rotate(360deg); } }
@keyframes amwa-pulse { 50% { opacity: 0.35; } }
@media (prefers-reduced-motion: reduce) {
  .amwa-spinner__ring { animation: none; }
  .amwa-spinner__arc { animation: amwa-pulse 2s ease-in-out infinite; }
  .amwa-button::after { transition: none; }
}
`;

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
  const ofDoc = sheets.get(doc) ?? new Map<string, CSSStyleSheet>();
  sheets.set(doc, ofDoc);
  let sheet = ofDoc.get(text);
  if (!sheet) {
    sheet = new Sheet();
    sheet.replaceSync(text);
    ofDoc.set(text, sheet);
  }
  const adopted = sheet;
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
