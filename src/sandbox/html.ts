import { html } from 'hono/html';
import { EXAMPLES } from './catalog';

/** Escaped HTML as `hono/html` builds it; interpolated strings are escaped, fragments are not. */
export type Html = ReturnType<typeof html>;

const ariaCurrent = (isCurrent: boolean) => (isCurrent ? html` aria-current="page"` : '');

/** A sandbox page: shared head, stylesheet, header with the example navigation, then `body`. */
export const layout = ({ title, head = '', body, current }: { title: string; head?: Html | ''; body: Html; current?: string }) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · amwa sandbox</title>
<link rel="stylesheet" href="/examples/demo.css">
${head}
</head>
<body>
<header class="demo-header">
<a class="demo-brand" href="/"${ariaCurrent(current === '/')}>amwa sandbox</a>
<nav aria-label="Examples">
<ul>${EXAMPLES.map(
  ({ name, basePath }) => html`<li><a href="${basePath}/"${ariaCurrent(current === basePath)}>${name}</a></li>`,
)}</ul>
</nav>
</header>
${body}
</body>
</html>`;

/** A plain sandbox end page (logged on, corporate portal): a heading, a message, the query it got, a way back. */
export const endPage = (title: string, message: string, query: URLSearchParams) =>
  layout({
    title,
    body: html`<main class="demo-page" id="main">
<h1>${title}</h1>
<p>${message}</p>
${[...query].length
  ? html`<h2>Received parameters</h2>
<dl class="demo-params">${[...query].map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>`
  : ''}
<p><a href="/">Back to the demo</a></p>
</main>`,
  });
