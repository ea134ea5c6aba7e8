// The dark theme of docs/theming.md, as the gallery's `dark theme` view sets it on the widget's
// host element. gallery.test.ts holds it equal to the block in the docs, so what a bank copies
// is what the gallery's axe and geometry checks ran on.

/** The documented dark theme: custom property declarations for the widget's host element. */
export const DARK_THEME = `
  --amwa-surface: #1b1f24;
  --amwa-text: #e6e8eb;
  --amwa-text-muted: #a9b1bb;
  --amwa-border: #8b949e;
  --amwa-divider: #3a414a;
  --amwa-primary: #ff8cc8;
  --amwa-on-primary: #1b1f24;
  --amwa-error: #ff8a8a;
  --amwa-warning: #f0a04b;
  --amwa-success: #6fcf7a;
  --amwa-focus: #ffffff;
`;

/** The dark host page of the gallery's `dark host` and `dark theme` views (the measurement: 1.44:1 for #333 on it). */
export const DARK_PAGE = '#12161c';
