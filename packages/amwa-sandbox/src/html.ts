import { html } from 'hono/html';
import { EXAMPLES } from './catalog';

/** Escaped HTML as `hono/html` builds it; interpolated strings are escaped, fragments are not. */
export type Html = ReturnType<typeof html>;

const ariaCurrent = (isCurrent: boolean) => (isCurrent ? html` aria-current="page"` : '');

/**
 * A sandbox page: shared head, stylesheet, header with the example navigation, then `body`.
 * `home` is the origin its links lead to ('' for this one): an end page reached through a host's
 * proxy links back to the sandbox itself, never into the host app under the same paths.
 */
export const layout = ({ title, head = '', body, current, stylesheet = '/examples/demo.css', home = '' }: { title: string; head?: Html | ''; body: Html; current?: string; stylesheet?: string; home?: string }) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · amwa sandbox</title>
<link rel="stylesheet" href="${stylesheet}">
${head}
</head>
<body>
<header class="demo-header">
<a class="demo-brand" href="${home}/"${ariaCurrent(current === '/')}>amwa sandbox</a>
<nav aria-label="Examples">
<ul>${EXAMPLES.map(
  ({ name, basePath }) => html`<li><a href="${home}${basePath}/"${ariaCurrent(current === basePath)}>${name}</a></li>`,
)}</ul>
</nav>
</header>
${body}
</body>
</html>`;

/** The stylesheet of the end pages, under `/__sandbox/` like them: a proxy that passes the end pages on passes it too. */
export const END_PAGE_STYLESHEET = '/__sandbox/demo.css';

/** The end pages' icon, under `/__sandbox/` too: without it a browser asks the host app behind the proxy for its /favicon.ico (a 404 in the console where it has none). */
export const END_PAGE_ICON = '/__sandbox/favicon.ico';

/**
 * A plain sandbox end page (logged on, corporate portal): a heading, a message, the query it got, a
 * way back; its links lead to `home` (see layout).
 */
export const endPage = (title: string, message: string, query: URLSearchParams, home = '') =>
  layout({
    title,
    stylesheet: END_PAGE_STYLESHEET,
    head: html`<link rel="icon" href="${END_PAGE_ICON}">`,
    home,
    body: html`<main class="demo-page" id="main">
<h1>${title}</h1>
<p>${message}</p>
${[...query].length
  ? html`<h2>Received parameters</h2>
<dl class="demo-params">${[...query].map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>`
  : ''}
<p><a href="${home}/">Back to the demo</a></p>
</main>`,
  });
