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
.amwa-app > .amwa-alert { width: calc(100% - 32px); margin: 16px 16px 0; }
.amwa-page { display: flex; flex-direction: column; align-items: center; gap: 16px; width: 100%; padding: 24px 16px; }
.amwa-page-title { margin: 0; font-size: 28px; line-height: 1.3; text-align: center; }
.amwa-form { display: flex; flex-direction: column; gap: 16px; }
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
.amwa-card__body > .amwa-button { align-self: flex-start; }
.amwa-card__actions { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 12px; margin-top: 24px; }
@media (max-width: 480px) { .amwa-card { padding: 16px; border-radius: 0; } }

/* Buttons */
.amwa-button {
  position: relative; overflow: hidden; display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: 36px; padding: 6px 16px; border: 2px solid transparent; border-radius: var(--_amwa-radius);
  font: inherit; font-weight: 700; line-height: 1.2; text-align: center; text-decoration: none; cursor: pointer;
}
.amwa-button::after {
  content: ""; position: absolute; inset: 0; margin: auto; width: 100%; aspect-ratio: 1; border-radius: 50%;
  background: currentColor; opacity: 0; transform: scale(0); pointer-events: none;
  transition: transform 500ms ease-out, opacity 500ms ease-out;
}
.amwa-button:active::after { opacity: 0.2; transform: scale(1.5); transition-duration: 350ms; }
.amwa-button--primary { background: var(--_amwa-primary); color: #ffffff; }
.amwa-button--secondary { background: var(--_amwa-surface); color: var(--_amwa-primary); border-color: var(--_amwa-primary); }
.amwa-button--link { padding: 6px 4px; background: transparent; color: var(--_amwa-accent-strong); text-decoration: underline; text-underline-offset: 2px; }
.amwa-button:hover:not(:disabled, [aria-disabled="true"]) { filter: brightness(0.92); }
.amwa-button:disabled, .amwa-button[aria-disabled="true"] { cursor: not-allowed; opacity: 0.5; }
.amwa-button[data-loading] { opacity: 0.8; }
.amwa-button__spinner {
  width: 1em; height: 1em; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%;
  animation: amwa-spin 0.8s linear infinite;
}
.amwa-button .amwa-icon { width: 20px; height: 20px; }
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
.amwa-alert--warning { border-color: #b25000; background: #fff4e8; }
.amwa-alert--warning .amwa-alert__icon { color: #a04800; }
.amwa-alert--success { border-color: #2c7a33; background: #edf7ee; }
.amwa-alert--success .amwa-alert__icon { color: #2c7a33; }

/* Dialog */
.amwa-dialog__overlay { z-index: 1880; display: grid; place-items: center; padding: 16px; background: rgba(0, 0, 0, 0.5); }
.amwa-dialog {
  display: flex; flex-direction: column; width: 400px; max-width: calc(100vw - 32px); max-height: calc(100vh - 32px);
  border-radius: 8px; background: var(--_amwa-surface); color: var(--_amwa-text); box-shadow: 0 8px 32px rgba(0, 0, 0, 0.3);
}
.amwa-dialog__header { display: flex; align-items: center; gap: 8px; padding: 16px 16px 8px 24px; }
.amwa-dialog__back { margin-left: -12px; }
.amwa-dialog__close { margin-right: -8px; }
.amwa-dialog__title { flex: 1; margin: 0; font-size: 20px; line-height: 1.3; }
.amwa-dialog__body { padding: 8px 24px 24px; overflow: auto; }
.amwa-dialog__footer { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 12px; padding: 0 24px 24px; }

/* Field */
.amwa-field { display: flex; flex-direction: column; width: 100%; }
.amwa-field__label { font-weight: 700; }
.amwa-field__hint, .amwa-checkbox__hint, .amwa-group__hint { font-size: 14px; color: var(--_amwa-text-muted); }
.amwa-field__input {
  width: 100%; min-height: 44px; margin-top: 4px; padding: 8px 12px; border: 1px solid var(--_amwa-border);
  border-radius: var(--_amwa-radius); background: var(--_amwa-surface); color: var(--_amwa-text); font: inherit;
}
.amwa-field__input:focus { border-color: var(--_amwa-accent); }
.amwa-field[data-invalid] .amwa-field__input { border: 2px solid var(--_amwa-error); padding: 7px 11px; }
.amwa-field__input:disabled { background: #f2f2f2; cursor: not-allowed; }
.amwa-field__error, .amwa-checkbox__error, .amwa-group__error {
  display: flex; align-items: flex-start; gap: 6px; font-size: 14px; color: var(--_amwa-error);
}
.amwa-field__error:not(:empty), .amwa-checkbox__error:not(:empty), .amwa-group__error:not(:empty) { margin-top: 4px; }
.amwa-field__error-icon, .amwa-checkbox__error-icon, .amwa-group__error-icon { width: 18px; height: 18px; margin-top: 1px; }

/* Checkbox and group */
.amwa-checkbox { display: grid; grid-template-columns: auto 1fr; column-gap: 8px; align-items: start; }
.amwa-checkbox__input { width: 20px; height: 20px; margin: 2px 0 0; accent-color: var(--_amwa-accent-strong); cursor: pointer; }
.amwa-checkbox__label { cursor: pointer; }
.amwa-checkbox__hint, .amwa-checkbox__error { grid-column: 2; }
.amwa-checkbox[data-invalid] .amwa-checkbox__input { outline: 2px solid var(--_amwa-error); outline-offset: 1px; }
.amwa-group { display: flex; flex-direction: column; gap: 8px; min-width: 0; margin: 0; padding: 0; border: 0; }
.amwa-group__legend { margin-bottom: 4px; padding: 0; font-weight: 700; }

/* Spinner */
.amwa-spinner { display: flex; align-items: center; justify-content: center; width: 100px; height: 100px; margin: 24px auto; }
.amwa-spinner__ring { width: 100%; height: 100%; animation: amwa-spin 1.4s linear infinite; }
.amwa-spinner__track, .amwa-spinner__arc { fill: none; stroke-width: 8; }
.amwa-spinner__track { stroke: var(--_amwa-divider); }
.amwa-spinner__arc { stroke: var(--_amwa-accent); stroke-linecap: round; stroke-dasharray: 70 207; }

/* Stepper */
.amwa-stepper { display: flex; align-items: center; margin: 0; padding: 0; list-style: none; }
.amwa-stepper__step { display: flex; flex: 1; align-items: center; }
.amwa-stepper__step:first-child { flex: none; }
.amwa-stepper__step + .amwa-stepper__step::before { content: ""; flex: 1; height: 2px; margin: 0 4px; background: var(--_amwa-divider); }
.amwa-stepper__marker {
  display: grid; place-items: center; width: 28px; height: 28px; border: 2px solid var(--_amwa-border); border-radius: 50%;
  background: var(--_amwa-surface); color: var(--_amwa-text-muted); font-size: 14px; font-weight: 700;
}
.amwa-stepper__step[data-state="complete"] .amwa-stepper__marker { border-color: var(--_amwa-accent-strong); background: var(--_amwa-accent-strong); color: #ffffff; }
.amwa-stepper__step[data-state="current"] .amwa-stepper__marker { border-color: var(--_amwa-accent-strong); color: var(--_amwa-accent-strong); }
.amwa-stepper__step:not([data-state="upcoming"])::before { background: var(--_amwa-accent); }

/* Rich text */
.amwa-rich-text > * { margin: 0 0 12px; }
.amwa-rich-text > :last-child { margin-bottom: 0; }
.amwa-rich-text ul { padding-left: 1.25em; }

/* Help dialog */
.amwa-help__list { margin: 0; padding: 0; list-style: none; }
.amwa-help__list > li + li { border-top: 1px solid var(--_amwa-divider); }
.amwa-help__topic {
  display: flex; align-items: center; justify-content: space-between; gap: 12px; width: 100%; min-height: 44px;
  padding: 10px 0; border: 0; background: none; color: inherit; font: inherit; text-align: left; cursor: pointer;
}
.amwa-help__topic:hover > span { text-decoration: underline; }
.amwa-help__topic .amwa-icon { color: var(--_amwa-accent-strong); }
.amwa-help__detail > * + * { margin-top: 16px; }

/* Colour code and QR code: images shown pixel for pixel, as the scanner and the app read them */
.amwa-colour-code, .amwa-qr { position: relative; display: flex; flex-direction: column; align-items: center; gap: 8px; }
.amwa-colour-code__frame { position: relative; display: grid; place-items: center; min-width: 100px; min-height: 100px; }
.amwa-colour-code__image, .amwa-qr__image { max-width: none; image-rendering: pixelated; }
.amwa-colour-code__spinner { position: absolute; inset: 0; margin: auto; }
.amwa-colour-code__message, .amwa-qr__message { margin: 0; text-align: center; }
.amwa-qr__image { width: 200px; height: 200px; }
.amwa-qr[data-state="invalid"] .amwa-qr__image { filter: blur(6px); }
.amwa-qr__spinner { margin: 50px; }
.amwa-qr__refresh {
  position: absolute; top: 0; left: 50%; display: grid; place-items: center; width: 200px; height: 200px; padding: 0;
  border: 0; background: rgba(255, 255, 255, 0.6); transform: translateX(-50%); cursor: pointer;
}
.amwa-qr__refresh > .amwa-button { pointer-events: none; }
.amwa-app-links { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; padding: 0; list-style: none; }
.amwa-store { display: flex; flex-direction: column; align-items: center; gap: 8px; }
.amwa-store-qr { width: 160px; height: 160px; }

/* Scanner pages */
.amwa-scanner-logon__icon { display: block; margin: 0 auto; color: var(--_amwa-accent-strong); }
.amwa-scanner-logon__steps { padding-left: 1.25em; }
.amwa-technical-error .amwa-facts { margin: 8px 0 0; }

/* Profile selector */
.amwa-profile-selector__title { margin: 0 0 16px; font-size: 22px; line-height: 1.3; }
.amwa-profile-selector__list { display: flex; flex-direction: column; gap: 8px; margin: 0; padding: 0; list-style: none; }
.amwa-profile-selector__option {
  display: flex; flex-direction: column; align-items: flex-start; gap: 2px; width: 100%; min-height: 44px; padding: 10px 16px;
  border: 2px solid var(--_amwa-divider); border-radius: 8px; background: var(--_amwa-surface); color: var(--_amwa-text);
  font: inherit; text-align: left; cursor: pointer;
}
.amwa-profile-selector__option:not([aria-disabled="true"]):hover { border-color: var(--_amwa-accent); }
.amwa-profile-selector__option[aria-disabled="true"] { background: #f5f5f5; cursor: not-allowed; }
.amwa-profile-selector__heading { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; }
.amwa-profile-selector__name { font-weight: 700; }
.amwa-profile-selector__badge { font-size: 14px; color: var(--_amwa-accent-strong); }
.amwa-profile-selector__reason { font-size: 14px; color: var(--_amwa-text-muted); }

@keyframes amwa-spin { to { transform: rotate(360deg); } }
@keyframes amwa-pulse { 50% { opacity: 0.35; } }
@media (prefers-reduced-motion: reduce) {
  .amwa-spinner__ring { animation: none; }
  .amwa-spinner__arc { animation: amwa-pulse 2s ease-in-out infinite; }
  .amwa-button__spinner { animation: none; }
  .amwa-button::after { transition: none; }
}
`;

/** Where the stylesheet can go: a shadow root (default isolation) or the document (`isolation: "none"`). */
export type StyleRoot = ShadowRoot | Document;

// Constructed sheets can only be adopted within the document that made them.
const sheets = new WeakMap<Document, CSSStyleSheet>();
// Several widgets may share one root (light-DOM mode); the sheet leaves with the last.
const users = new WeakMap<StyleRoot, number>();

function injectStyle(root: StyleRoot, doc: Document, nonce?: string): () => void {
  const style = doc.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  (root === doc ? doc.head : root).append(style);
  return () => style.remove();
}

/**
 * Applies the stylesheet to `root` and returns the function that takes it away.
 * Uses a constructable stylesheet (`adoptedStyleSheets`, which a strict CSP
 * allows without a nonce); where unsupported, falls back to a `<style nonce>`.
 */
export function adoptStyles(root: StyleRoot, nonce?: string): () => void {
  const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root.ownerDocument as Document);
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (!Sheet || !('replaceSync' in Sheet.prototype) || !Array.isArray(root.adoptedStyleSheets)) {
    return injectStyle(root, doc, nonce);
  }
  let sheet = sheets.get(doc);
  if (!sheet) {
    sheet = new Sheet();
    sheet.replaceSync(css);
    sheets.set(doc, sheet);
  }
  const adopted = sheet;
  const count = users.get(root) ?? 0;
  if (count === 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, adopted];
  users.set(root, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (users.get(root) ?? 1) - 1;
    users.set(root, left);
    if (left === 0) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== adopted);
  };
}
