// The gallery's own look, adopted as a constructed stylesheet: the gallery.js bundle is all the
// sandbox serves for it. The page builds on the demo's stylesheet (examples/demo.css).
import { DARK_PAGE, DARK_THEME } from './dark-theme';

const PAGE = `
.gallery-page { padding: 1.5rem; }
.gallery-page h1 { margin-top: 0; font-size: 1.5rem; }
.gallery-intro { max-width: 48rem; }
.gallery-toolbar {
  position: sticky; top: 0; z-index: 1;
  display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0.75rem 2rem;
  margin: 1rem 0; padding: 0.75rem 1rem;
  border: 1px solid var(--demo-line); border-radius: 6px; background: var(--demo-panel);
}
.gallery-choice { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; margin: 0; padding: 0; border: 0; }
.gallery-choice legend { float: left; margin-right: 0.25rem; padding: 0; font-weight: 600; }
.gallery-choice > label:first-child { font-weight: 600; }
.gallery-choice input { margin: 0 0.25rem 0 0; }
.gallery-hint { flex-basis: 100%; max-width: 28rem; color: var(--demo-muted); font-size: 0.875rem; }
.gallery-progress, .gallery-announcer { margin: 0.25rem 0; }
.gallery-warning { color: var(--demo-error); font-weight: 600; }
.gallery-group h2 { margin: 2rem 0 1rem; font-size: 1.25rem; }
.gallery-grid { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 2rem 1.5rem; margin: 0; padding: 0; list-style: none; }
.gallery-tile { width: min-content; margin: 0; }
.gallery-tile iframe { display: block; width: 375px; height: 640px; border: 1px solid var(--demo-line); background: #fff; }
.gallery-tile figcaption { margin-top: 0.5rem; font-size: 0.875rem; }
.gallery-tile code { font-size: 0.8125rem; color: var(--demo-muted); }
.gallery-status::before { content: '· '; }
.gallery-status[data-status="ready"] { color: #1a7f37; }
.gallery-status[data-status="failed"] { color: var(--demo-error); font-weight: 600; }
`;

// In a frame the widget is the page: no margins, no scrollbars (the page sizes the frame to fit).
// Forced colours here is a preview: the widget's theme properties set to the system colours a
// light contrast theme uses; Chromium's real forced-colours mode is for the screenshots. The dark
// host and dark theme views put the widget on a dark page, the second with the documented dark theme.
const TILE = `
html, body { margin: 0; overflow: hidden; background: #fff; }
html:is(.gallery-dark-host, .gallery-dark-theme), html:is(.gallery-dark-host, .gallery-dark-theme) body { background: ${DARK_PAGE}; }
html.gallery-dark-theme .gallery-widget {${DARK_THEME}}
html.gallery-forced, html.gallery-forced body { background: Canvas; color: CanvasText; }
html.gallery-forced .gallery-widget {
  --amwa-primary: LinkText; --amwa-on-primary: Canvas; --amwa-accent: Highlight;
  --amwa-text: CanvasText; --amwa-text-muted: CanvasText; --amwa-border: CanvasText; --amwa-divider: GrayText;
  --amwa-surface: Canvas; --amwa-error: CanvasText; --amwa-warning: CanvasText; --amwa-success: CanvasText; --amwa-focus: Highlight;
}
`;

/** Adopts the styles of the gallery page, or of a state's frame, into `document`. */
export function adoptGalleryStyles(document: Document, part: 'page' | 'tile') {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(part === 'page' ? PAGE : TILE);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
