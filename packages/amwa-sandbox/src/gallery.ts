// The screen gallery (docs/gallery.md): every screen state of every flow side by side, each in a
// frame of its own. These are shells: the gallery bundle (dist-examples/gallery.js, from
// examples/gallery/) builds the toolbar, mounts the built widget in each frame and walks it to
// its state through this sandbox's API and control calls.
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { layout } from './html';
import { publicOrigin } from './http';

/** Where the gallery page is. */
export const GALLERY_PATH = '/__sandbox/gallery';

/** A gallery state's id: lowercase words joined by hyphens, at most 63 characters (it doubles as a host name label). */
export const STATE_ID = /^(?=.{1,63}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LOOPBACK_ADDRESS = /^(?:127(?:\.\d{1,3}){3}|\[::1\])$/;

const SCRIPT = html`<script type="module" src="/dist-examples/gallery.js"></script>`;

const galleryPage = () =>
  layout({
    title: 'Screen gallery',
    head: SCRIPT,
    body: html`<main class="gallery-page" id="main">
<h1>Screen gallery</h1>
<p class="gallery-intro">Every screen state of every flow, each the real widget in memory routing, walked to its state against this sandbox when the page opens (which resets the sandbox). Pick a language, channel, width or forced colours and every state follows, keeping its place. <code>npm run gallery</code> writes them all as screenshots.</p>
<div id="gallery"><p>Loading the gallery…</p></div>
</main>`,
  });

const tilePage = (id: string) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Screen gallery tile · amwa sandbox</title>
${SCRIPT}
</head>
<body data-gallery-tile="${id}"><main id="tile"></main></body>
</html>`;

/** The gallery page and the frame page of each state. */
export function gallery(app: Hono) {
  app.get(GALLERY_PATH, (c) => {
    const requested = new URL(c.req.url);
    const url = new URL(requested.pathname + requested.search, publicOrigin(c));
    // Each state's frame calls the API under a `*.localhost` name of its own (its own cookies),
    // which the sandbox lets across origins only from a localhost page, not a loopback address.
    if (LOOPBACK_ADDRESS.test(url.hostname)) {
      url.hostname = 'localhost';
      return c.redirect(url.href, 302);
    }
    return c.html(galleryPage(), 200, { 'Cache-Control': 'no-store' });
  });
  app.get(`${GALLERY_PATH}/tile/:id`, (c) => {
    const id = c.req.param('id');
    return STATE_ID.test(id) ? c.html(tilePage(id), 200, { 'Cache-Control': 'no-store' }) : c.notFound();
  });
}
