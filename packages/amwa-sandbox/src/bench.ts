import type { Context, Hono } from 'hono';
import { html, raw } from 'hono/html';
import { exampleSettings } from './examples';
import type { SandboxState } from './state';
import { publicOrigin } from './http';

/** Where the bare host pages of `npm run bench` and the first-screen e2e test live. */
export const BENCH_BASE = '/__sandbox/bench';

/** The widget's base path on the bench's host page. */
export const BENCH_WIDGET = `${BENCH_BASE}/widget`;

/** The widget's base path on the same page with the first screen rendered on the server. */
export const BENCH_SERVER = `${BENCH_BASE}/server`;

/**
 * Renders the `<amwa-portal>` element with its first screen for one request: amwa/server's
 * `renderToString`, passed in by whoever starts the sandbox (`npm run bench` loads the built
 * dist/server.js), so the sandbox package never imports amwa itself.
 */
export type BenchRenderer = (settings: object, request: { path: string; cookies: string; origin: string }) => Promise<{ html: string }>;

/**
 * What a host page puts in its own stylesheet so the page does not move when the widget appears:
 * the element takes its place before the module has loaded, at least as tall as Home in every
 * language (Home in its shell; without chrome below 480 px; docs/performance.md).
 */
export const RESERVE_CSS = [
  'amwa-portal { display: block; min-height: 460px; }',
  '@media (max-width: 479px) { amwa-portal { min-height: 520px; } }',
  '@media (max-width: 370px) { amwa-portal { min-height: 540px; } }',
  '@media (max-width: 359px) { amwa-portal { min-height: 590px; } }',
].join('\n');

/** How the bench's host page loads the standalone file, or the floor page's script. */
type Loading = 'tag' | 'injected' | 'injected-preload' | 'floor';

const STANDALONE = '/dist/amwa.standalone.js';

/** The floor page's module: what any script-rendered control costs (a file to fetch, a module to run, a frame). */
const FLOOR_SCRIPT = `${BENCH_BASE}/floor.js`;
const FLOOR_MODULE = `const input = document.createElement('input');
input.name = 'user';
const label = document.createElement('label');
label.append('User ID ', input);
document.querySelector('.amwa-root').append(label);
`;

// How a tag manager adds a script: by the page's own script, once the page has loaded.
const injectAfterLoad = `addEventListener('load', () => { const script = document.createElement('script'); script.type = 'module'; script.src = '${STANDALONE}'; document.head.append(script); });`;

// docs/embedding.md's speculation rules for the scanner logon, with 'immediate' for the docs'
// 'moderate': the bench measures the click on a prerender that is ready, not the pointer's rest.
const PRERENDER_SCANNER = JSON.stringify({ prerender: [{ source: 'document', where: { href_matches: `${BENCH_BASE}/widget/pages/logon/scanner` }, eagerness: 'immediate' }] });

const loadingTags = (loading: Loading | undefined) =>
  loading === undefined ? ''
  : loading === 'tag' ? html`<script type="module" src="${STANDALONE}"></script>`
  : loading === 'floor' ? html`<script type="module" src="${FLOOR_SCRIPT}"></script>`
  : html`${loading === 'injected-preload' ? html`<link rel="modulepreload" href="${STANDALONE}">` : ''}<script>${raw(injectAfterLoad)}</script>`;

// A host page with nothing else on it: a header, the widget (or one plain input), a footer below.
const benchPage = ({ widget, loading, reserve, prerender = false }: { widget: ReturnType<typeof html>; loading?: Loading; reserve: boolean; prerender?: boolean }) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>amwa bench</title>
<style>body { margin: 0; font: 16px/1.5 system-ui, sans-serif; } header, footer { padding: 8px 16px; }${reserve ? `\n${RESERVE_CSS}` : ''}</style>
${loadingTags(loading)}${prerender ? html`<script type="speculationrules">${raw(PRERENDER_SCANNER)}</script>` : ''}
</head>
<body>
<header><p>A bank's page</p></header>
<main>${widget}</main>
<footer id="bench-footer"><p>The host page's footer</p></footer>
</body>
</html>`;

/**
 * The bench's host pages: `/__sandbox/bench/widget/…` loads only the standalone bundle and one
 * `<amwa-portal>` (its base path is `/__sandbox/bench/widget`, so `…/widget/pages/logon/scanner`
 * opens that page directly; `?lang=de`, `?reserve=0` drops the host CSS, `?inject=1` adds the module
 * from a script after the load event and `&preload=1` preloads it, `?prerender=1` adds the host's
 * speculation rules that prerender the scanner logon); `/__sandbox/bench/empty`
 * is the same page with one plain input instead, the baseline; `/__sandbox/bench/floor` adds that
 * input from a module script of its own, the floor of any widget a script renders.
 * `/__sandbox/bench/server/…` is the widget page (the same query) with the first screen that
 * `renderer` renders for the request inside the element, which the standalone module takes over;
 * without a renderer it is not there (404).
 */
export function bench(app: Hono, state: SandboxState, renderer?: BenchRenderer) {
  const widgetPage = async (c: Context, basePath: string) => {
    const url = new URL(c.req.url);
    const settings = exampleSettings(state.config, publicOrigin(c), basePath, url.searchParams);
    // ?inject=1: the page's own script adds the module after the load event, as a tag manager
    // does; with &preload=1 a <link rel="modulepreload"> in the head fetches it from the start.
    const loading: Loading = url.searchParams.get('inject') !== '1' ? 'tag' : url.searchParams.get('preload') === '1' ? 'injected-preload' : 'injected';
    const element =
      basePath === BENCH_SERVER && renderer
        ? // The renderer's markup is the widget's own, its attribute and texts escaped by it.
          raw((await renderer(settings, { path: url.pathname + url.search, cookies: c.req.header('Cookie') ?? '', origin: publicOrigin(c) })).html)
        : html`<amwa-portal settings='${JSON.stringify(settings)}'></amwa-portal>`;
    const page = benchPage({
      widget: element,
      loading,
      reserve: url.searchParams.get('reserve') !== '0',
      prerender: url.searchParams.get('prerender') === '1',
    });
    return c.html(page, 200, { 'Cache-Control': 'no-store' });
  };
  app.get(BENCH_WIDGET, (c) => widgetPage(c, BENCH_WIDGET));
  app.get(`${BENCH_WIDGET}/*`, (c) => widgetPage(c, BENCH_WIDGET));
  if (renderer) {
    app.get(BENCH_SERVER, (c) => widgetPage(c, BENCH_SERVER));
    app.get(`${BENCH_SERVER}/*`, (c) => widgetPage(c, BENCH_SERVER));
  }
  // The same class as the widget's root, so one observer finds the first control on both pages.
  const empty = html`<div class="amwa-root"><label>User ID <input name="user"></label></div>`;
  app.get(`${BENCH_BASE}/empty`, (c) => c.html(benchPage({ widget: empty, reserve: false }), 200, { 'Cache-Control': 'no-store' }));
  app.get(`${BENCH_BASE}/floor`, (c) => c.html(benchPage({ widget: html`<div class="amwa-root"></div>`, loading: 'floor', reserve: false }), 200, { 'Cache-Control': 'no-store' }));
  app.get(FLOOR_SCRIPT, (c) => c.body(FLOOR_MODULE, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }));
}
