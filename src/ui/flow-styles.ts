/**
 * The styles of the flow components (buttons, dialogs, fields, stepper, colour and QR codes,
 * profile selector). They load with the lazy pages that use them, through `useStyles`, so Home's first
 * load carries only the base sheet of styles.ts.
 */
export const flowCss = `
/* Buttons */
.amwa-button {
  position: relative; overflow: hidden; display: inline-flex; align-items: center; justify-content: center; gap: var(--_amwa-space-2);
  min-height: var(--_amwa-control-height); padding: var(--_amwa-space-1) var(--_amwa-space-5); border: 2px solid transparent; border-radius: var(--_amwa-radius);
  font: inherit; font-weight: 700; line-height: 1.2; text-align: center; text-decoration: none; cursor: pointer;
}
.amwa-button::after {
  content: ""; position: absolute; inset: 0; margin: auto; width: 100%; aspect-ratio: 1; border-radius: 50%;
  background: currentColor; opacity: 0; transform: scale(0); pointer-events: none;
  transition: transform 500ms ease-out, opacity 500ms ease-out;
}
.amwa-button:active::after { opacity: 0.2; transform: scale(1.5); transition-duration: 350ms; }
.amwa-button--primary { background: var(--_amwa-primary); color: var(--_amwa-on-primary); }
.amwa-button--secondary { background: var(--_amwa-surface); color: var(--_amwa-primary); border-color: var(--_amwa-primary); }
/* A text link in a button's clothes: it lines up with the text around it */
.amwa-button--link {
  justify-content: flex-start; min-height: 2.75rem; padding-inline: 0; border-inline-width: 0; background: transparent; color: var(--_amwa-primary);
  font-weight: 400; text-align: start; text-decoration: underline; text-underline-offset: 2px;
}
/* Help and the like: a quiet text action with its icon, in the footer line */
.amwa-button--text { padding-inline: 0; border-width: 0; background: transparent; color: var(--_amwa-primary); font-weight: 700; }
.amwa-button--text:hover:not(:disabled) { text-decoration: underline; }
.amwa-button:hover:not(:disabled, [aria-disabled="true"]) { filter: brightness(0.92); }
.amwa-button:disabled, .amwa-button[aria-disabled="true"] { cursor: not-allowed; opacity: 0.5; }
.amwa-button .amwa-icon { width: 20px; height: 20px; }
.amwa-card__body > .amwa-button { align-self: flex-start; }
@media (prefers-reduced-motion: reduce) { .amwa-button::after { content: none; } }

/* Dialog: a transparent border is the edge forced colours draw */
.amwa-dialog__overlay { z-index: 1880; display: grid; place-items: center; padding: var(--_amwa-space-4); background: var(--_amwa-backdrop); }
.amwa-dialog {
  display: flex; flex-direction: column; width: 400px; max-width: calc(100vw - 32px); max-height: calc(100vh - 32px);
  border: 1px solid transparent; border-radius: var(--_amwa-radius-l); background: var(--_amwa-surface); color: var(--_amwa-text);
  box-shadow: 0 8px 32px var(--_amwa-shadow);
}
.amwa-dialog__header { display: flex; align-items: center; gap: var(--_amwa-space-2); padding: var(--_amwa-space-4) var(--_amwa-space-4) var(--_amwa-space-2) var(--_amwa-space-5); }
.amwa-dialog__back { order: -1; margin-left: -12px; }
.amwa-dialog__close { margin-right: -8px; }
.amwa-dialog__title { flex: 1; margin: 0; font-size: var(--_amwa-font-size-xl); line-height: 1.3; }
.amwa-dialog__body { padding: var(--_amwa-space-2) var(--_amwa-space-5) var(--_amwa-space-5); overflow: auto; }
/* Short viewports (400% zoom, a phone held sideways): the whole dialog scrolls, header included */
@media (max-height: 480px) {
  .amwa-dialog { overflow: auto; }
  .amwa-dialog__body { overflow: visible; }
}
.amwa-dialog__body > p { margin: 0; }
.amwa-dialog__footer { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: var(--_amwa-space-3); padding: 0 var(--_amwa-space-5) var(--_amwa-space-5); }
.amwa-inactivity__countdown { font-size: var(--_amwa-font-size-xl); font-weight: 700; font-variant-numeric: tabular-nums; }

/* Field */
.amwa-field { display: flex; flex-direction: column; width: 100%; }
.amwa-field__label { font-weight: 700; }
.amwa-field__hint, .amwa-checkbox__hint, .amwa-group__hint { font-size: var(--_amwa-font-size-s); color: var(--_amwa-text-muted); }
.amwa-field__input {
  width: 100%; min-height: var(--_amwa-control-height); margin-top: var(--_amwa-space-1); padding: var(--_amwa-space-1) var(--_amwa-space-3); border: 1px solid var(--_amwa-border);
  border-radius: var(--_amwa-radius); background: var(--_amwa-surface); color: var(--_amwa-text); font: inherit;
}
.amwa-field__input:focus { border-color: var(--_amwa-primary); }
.amwa-field[data-invalid] .amwa-field__input { border: 2px solid var(--_amwa-error); padding: calc(var(--_amwa-space-1) - 1px) calc(var(--_amwa-space-3) - 1px); }
.amwa-field__input:disabled { background: color-mix(in srgb, var(--_amwa-text) 6%, var(--_amwa-surface)); cursor: not-allowed; }
.amwa-field__error, .amwa-checkbox__error, .amwa-group__error {
  display: flex; align-items: flex-start; gap: var(--_amwa-space-2); font-size: var(--_amwa-font-size-s); color: var(--_amwa-error);
}
.amwa-field__error:not(:empty), .amwa-checkbox__error:not(:empty), .amwa-group__error:not(:empty) { margin-top: var(--_amwa-space-1); }
.amwa-field__error-icon, .amwa-checkbox__error-icon, .amwa-group__error-icon { width: 18px; height: 18px; margin-top: 1px; }

/* Checkbox and group */
.amwa-checkbox { display: grid; grid-template-columns: auto 1fr; column-gap: var(--_amwa-space-2); align-items: start; }
.amwa-checkbox__input { width: 24px; height: 24px; margin: 0; accent-color: var(--_amwa-primary); cursor: pointer; }
.amwa-checkbox__label { cursor: pointer; }
.amwa-checkbox__hint, .amwa-checkbox__error { grid-column: 2; }
.amwa-checkbox[data-invalid] .amwa-checkbox__input { outline: 2px solid var(--_amwa-error); outline-offset: 1px; }
.amwa-group { display: flex; flex-direction: column; gap: var(--_amwa-space-2); min-width: 0; margin: 0; padding: 0; border: 0; }
.amwa-group__legend { margin-bottom: var(--_amwa-space-1); padding: 0; font-weight: 700; }

/* Stepper: the markers, then the current step in words */
.amwa-stepper-block { display: flex; flex-direction: column; gap: var(--_amwa-space-2); width: 100%; }
.amwa-stepper__caption { margin: 0; font-size: var(--_amwa-font-size-s); font-weight: 700; color: var(--_amwa-text-muted); }
/* Stepper: done, current and upcoming differ in shape (tick, thick ring, thin ring), not only colour */
.amwa-stepper { display: flex; align-items: center; width: 100%; margin: 0; padding: 0; list-style: none; }
.amwa-stepper__step { display: flex; flex: 1; align-items: center; }
.amwa-stepper__step:first-child { flex: none; }
.amwa-stepper__step + .amwa-stepper__step::before { content: ""; flex: 1; margin: 0 var(--_amwa-space-1); border-top: 2px solid var(--_amwa-divider); }
.amwa-stepper__step:not([data-state="upcoming"])::before { border-top-color: var(--_amwa-primary); }
.amwa-stepper__marker {
  display: grid; place-items: center; width: 32px; height: 32px; border: 1px solid var(--_amwa-border); border-radius: 50%;
  background: var(--_amwa-surface); color: var(--_amwa-text-muted); font-size: var(--_amwa-font-size-s); font-weight: 700;
}
.amwa-stepper__marker .amwa-icon { width: 18px; height: 18px; stroke-width: 3; }
.amwa-stepper__step[data-state="complete"] .amwa-stepper__marker { border-color: var(--_amwa-primary); background: var(--_amwa-primary); color: var(--_amwa-on-primary); }
.amwa-stepper__step[data-state="current"] .amwa-stepper__marker { border: 3px solid var(--_amwa-primary); color: var(--_amwa-primary); }
@media (forced-colors: active) {
  .amwa-stepper__step[data-state="current"] .amwa-stepper__marker { forced-color-adjust: none; border-color: Highlight; background: Highlight; color: HighlightText; }
  .amwa-success__tick { stroke: Canvas; }
}

/* Help dialog */
.amwa-help__list { margin: 0; padding: 0; list-style: none; }
.amwa-help__list > li + li { border-top: 1px solid var(--_amwa-divider); }
.amwa-help__topic {
  display: flex; align-items: center; justify-content: space-between; gap: var(--_amwa-space-3); width: 100%; min-height: 2.75rem;
  padding: var(--_amwa-space-2) 0; border: 0; background: none; color: inherit; font: inherit; text-align: left; cursor: pointer;
}
.amwa-help__topic:hover > span { text-decoration: underline; }
.amwa-help__topic .amwa-icon { color: var(--_amwa-primary); }
.amwa-help__detail > * + * { margin-top: var(--_amwa-space-4); }

/*
 * Status block (QR code, colour code): one 240px frame for loading, shown, expired and failed,
 * so nothing below it moves. Codes are shown pixel for pixel, as the scanner and the app read them.
 * Expired or failed, the placeholder fades behind a panel with a clock, why, and Refresh.
 */
.amwa-status { display: flex; justify-content: center; }
.amwa-status__frame {
  position: relative; display: grid; place-items: center; width: 240px; min-height: 240px;
  border: 1px solid var(--_amwa-divider); border-radius: var(--_amwa-radius-l); background: var(--_amwa-surface); overflow: hidden;
}
.amwa-status__frame > img { grid-area: 1 / 1; max-width: none; image-rendering: pixelated; }
.amwa-qr__image { width: 220px; height: 220px; }
.amwa-status__spinner { position: absolute; inset: 0; margin: auto; }
.amwa-status__panel {
  position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: var(--_amwa-space-2); padding: var(--_amwa-space-3); text-align: center; pointer-events: none;
}
.amwa-status__message { margin: 0; font-size: var(--_amwa-font-size-s); line-height: 1.4; }
.amwa-status__message:empty { display: none; }
.amwa-status[data-status="expired"] .amwa-status__panel, .amwa-status[data-status="failed"] .amwa-status__panel {
  position: relative; grid-area: 1 / 1; align-self: stretch; justify-self: stretch; background: color-mix(in srgb, var(--_amwa-surface) 92%, transparent); cursor: pointer; pointer-events: auto;
}
.amwa-status:is([data-status="expired"], [data-status="failed"]) img { opacity: 0.25; filter: grayscale(1) blur(2px); }
.amwa-status__icon { width: 28px; height: 28px; color: var(--_amwa-text-muted); }
.amwa-status__panel .amwa-button { min-width: 120px; }
.amwa-app-links { display: flex; flex-wrap: wrap; gap: var(--_amwa-space-1) var(--_amwa-space-5); margin: 0; padding: 0; list-style: none; }
.amwa-store { display: flex; flex-direction: column; align-items: center; gap: var(--_amwa-space-2); }
.amwa-store-qr { width: 160px; height: 160px; }
.amwa-qr__lead { margin: 0; text-align: center; }
.amwa-open-app { width: 100%; }
.amwa-taken-over .amwa-button { margin-top: var(--_amwa-space-3); }
.amwa-qr__hint { margin: 0; text-align: center; font-size: var(--_amwa-font-size-s); color: var(--_amwa-text-muted); }

/* Scanner pages */
.amwa-scanner-logon__icon { display: block; margin: 0 auto; color: var(--_amwa-primary); }
.amwa-scanner-logon__steps { padding-left: 1.25em; }
/* An end's reference for the service team: the time, and the trace id in plain sight with Copy beside it */
.amwa-technical-error .amwa-reference { margin-top: var(--_amwa-space-2); }
.amwa-reference__trace { font-size: var(--_amwa-font-size-s); overflow-wrap: anywhere; }
.amwa-reference__copy { display: flex; flex-wrap: wrap; align-items: center; gap: var(--_amwa-space-3); margin-top: var(--_amwa-space-2); }

/* Profile selector */
.amwa-profile-selector__title { margin: 0 0 var(--_amwa-space-4); font-size: var(--_amwa-font-size-xl); line-height: 1.3; }
.amwa-profile-selector__list { display: flex; flex-direction: column; gap: var(--_amwa-space-2); margin: 0; padding: 0; list-style: none; }
.amwa-profile-selector__option {
  display: flex; flex-direction: column; align-items: flex-start; gap: var(--_amwa-space-1); width: 100%; min-height: 2.75rem; padding: var(--_amwa-space-2) var(--_amwa-space-4);
  border: 1px solid var(--_amwa-divider); border-radius: var(--_amwa-radius-l); background: var(--_amwa-surface); color: var(--_amwa-text);
  font: inherit; text-align: left; cursor: pointer;
}
.amwa-profile-selector__option:not([aria-disabled="true"]):hover { border-color: var(--_amwa-primary); }
/* A profile that needs a stronger logon is not broken: it keeps the full look, and its note says why it waits */
.amwa-profile-selector__option[aria-disabled="true"] { cursor: default; }
.amwa-profile-selector__option[aria-disabled="true"] .amwa-profile-selector__reason { color: var(--_amwa-text); }
.amwa-profile-selector__heading { display: flex; flex-wrap: wrap; align-items: baseline; gap: var(--_amwa-space-1) var(--_amwa-space-3); }
.amwa-profile-selector__name { font-weight: 700; }
.amwa-profile-selector__badge { font-size: var(--_amwa-font-size-s); color: var(--_amwa-primary); }
.amwa-profile-selector__reason { font-size: var(--_amwa-font-size-s); color: var(--_amwa-text-muted); }

/* Flow-only parts of the base components: forms, card actions, loading buttons, warning and success alerts */
.amwa-form { display: flex; flex-direction: column; gap: var(--_amwa-space-4); }
/*
 * The action row: Back (a secondary button) on the left, the primary rightmost, one row; in a
 * narrow card every button is full width and the primary comes first. Help lives in the footer line.
 */
.amwa-card__actions { display: flex; align-items: center; gap: var(--_amwa-space-3); margin-top: var(--_amwa-space-5); }
.amwa-card__actions > .amwa-button { min-width: 0; }
.amwa-card__actions > .amwa-button--primary { margin-inline-start: auto; }
@container (max-width: 400px) {
  .amwa-card__actions { flex-direction: column; align-items: stretch; }
  .amwa-card__actions > .amwa-button--primary { order: -1; margin-inline-start: 0; }
}
.amwa-button[data-loading] { opacity: 0.8; }
.amwa-button__spinner {
  width: 1em; height: 1em; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%;
  animation: amwa-spin 0.8s linear infinite;
}
.amwa-alert--warning { --_amwa-tone: var(--_amwa-warning); }
.amwa-alert--success { --_amwa-tone: var(--_amwa-success); }
@media (prefers-reduced-motion: reduce) { .amwa-button__spinner { animation: none; } }
/* Activation: overview list, the done-yes-next drawings side by side where they fit, the closing picture */
.amwa-activation__subtitle { margin: 0; font-size: var(--_amwa-font-size-l); font-weight: 700; }
.amwa-activation__overview { margin: 0; padding-left: 1.5em; display: grid; gap: var(--_amwa-space-2); }
.amwa-illustrations { display: flex; flex-wrap: wrap; justify-content: center; gap: var(--_amwa-space-4); }
.amwa-illustration { margin: 0; display: flex; flex-direction: column; align-items: center; gap: var(--_amwa-space-2); max-width: 200px; }
.amwa-illustration__drawing { max-width: 100%; height: auto; fill: var(--_amwa-surface); stroke: var(--_amwa-text); }
.amwa-illustration__drawing text { fill: var(--_amwa-text); stroke: none; }
.amwa-illustration__body { fill: color-mix(in srgb, var(--_amwa-text) 5%, var(--_amwa-surface)); }
.amwa-illustration__screen { fill: color-mix(in srgb, var(--_amwa-success) 15%, var(--_amwa-surface)); }
.amwa-illustration__button { fill: var(--_amwa-divider); stroke: var(--_amwa-border); stroke-width: 1; }
.amwa-illustration__key--chosen > rect { fill: var(--_amwa-primary); stroke: var(--_amwa-primary); }
.amwa-illustration__key--chosen > text { fill: var(--_amwa-on-primary); }
.amwa-illustration__caption { font-size: var(--_amwa-font-size-s); text-align: center; }
.amwa-card__media { display: flex; justify-content: center; margin-bottom: var(--_amwa-space-4); }
.amwa-success { color: var(--_amwa-primary); }
.amwa-success__badge { stroke: var(--_amwa-surface); }
.amwa-success__tick { stroke: var(--_amwa-surface); }
`;
