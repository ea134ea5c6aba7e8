import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { ENTRY_ROUTES, EXAMPLES, VARIANTS } from './catalog';
import { endPage, layout } from './html';
import { publicOrigin } from './http';
import { formatSerial, type SandboxState } from './state';

// What each control call does, for the demo index (design section 5).
const CONTROL_API: ReadonlyArray<readonly [call: string, does: string]> = [
  ['GET /__sandbox/personas', 'the personas below, with serial numbers'],
  ['GET /__sandbox/outbox?userId=', 'registration e-mails sent: [{to, code, sentAt}]'],
  ['POST /__sandbox/scanner/scan {userId, image}', "what that persona's scanner displays after scanning the image"],
  ['POST /__sandbox/mobile/confirm {mode}', 'the mobile app approves the newest pending QR code'],
  ['GET /__sandbox/app/logon?qr=', "the bank's app opened by the demo's app link: its confirm screen for the QR code the link carries"],
  ['POST /__sandbox/app/approve {qr}', 'the app approves the QR code of that image (base64 as the widget received it)'],
  ['POST /__sandbox/faults {path, status?, body?, headers?, delayMs?, times}', 'the next calls to that path fail or wait first'],
  ['POST /__sandbox/config {…}', 'test knobs, applied from the next call or page load'],
  ['GET /__sandbox/faults, GET /__sandbox/config', 'the faults still pending, the knobs in force'],
  ['POST /__sandbox/reset', 'personas, outbox, attempts, faults and config back to the seed'],
];

const index = (state: SandboxState) =>
  layout({
    title: 'Demo',
    current: '/',
    body: html`<main class="demo-page" id="main">
<h1>amwa sandbox</h1>
<p>Every screen of the widget, embedded three ways, against a stateful sandbox of the bank's API.</p>
<section aria-labelledby="examples-title">
<h2 id="examples-title">Examples</h2>
<table>
<caption>Entry URLs by example</caption>
<thead><tr><th scope="col">Screen</th>${EXAMPLES.map(({ name }) => html`<th scope="col">${name}</th>`)}</tr></thead>
<tbody>${ENTRY_ROUTES.map(
  ([name, route]) => html`<tr><th scope="row">${name}</th>${EXAMPLES.map(
    (example) => html`<td><a href="${example.basePath}${route}">${example.basePath}${route}</a></td>`,
  )}</tr>`,
)}</tbody>
</table>
<h3>Variants</h3>
<ul>${VARIANTS.map(([name, query]) => html`<li><a href="/access/${query}">${name}</a></li>`)}</ul>
<p><a href="/__sandbox/gallery">Screen gallery</a>: every screen state of every flow side by side, in every language.</p>
</section>
<section aria-labelledby="personas-title">
<h2 id="personas-title">Personas</h2>
<table>
<caption>Seeded users and their virtual scanners</caption>
<thead><tr><th scope="col">User ID</th><th scope="col">E-mail</th><th scope="col">Scanner status</th><th scope="col">Serial number</th><th scope="col">Notes</th></tr></thead>
<tbody>${[...state.personas.values()].map(
  (persona) => html`<tr><th scope="row">${persona.userId}</th><td>${persona.email}</td><td>${persona.scannerStatus}</td><td>${formatSerial(persona.serialNumber)}</td><td>${persona.note}</td></tr>`,
)}</tbody>
</table>
</section>
<section aria-labelledby="control-title">
<h2 id="control-title">Control API</h2>
<dl class="demo-params">${CONTROL_API.map(([call, does]) => html`<dt><code>${call}</code></dt><dd>${does}</dd>`)}</dl>
</section>
</main>`,
  });

const END_PAGES: ReadonlyArray<readonly [path: string, title: string, message: string]> = [
  ['/__sandbox/logged-on', 'You are logged on', 'The widget handed you over to online banking.'],
  ['/__sandbox/corporate/precheck', 'Corporate portal precheck', 'Your corporate portal account is linked to the mobile app.'],
  ['/__sandbox/corporate/logout', 'Logged out of the corporate portal', 'The corporate portal ended your session.'],
  ['/__sandbox/privacy', 'Privacy statement', 'The demo bank keeps nothing: this sandbox forgets everything on reset.'],
];

/** An HTML 404 for anything that is neither an example, an asset, nor the API. */
export const notFoundPage = (c: Context) =>
  c.html(
    layout({
      title: 'Not found',
      body: html`<main class="demo-page" id="main">
<h1>Not found</h1>
<p>The sandbox serves nothing at this address.</p>
<p><a href="/">Back to the demo</a></p>
</main>`,
    }),
    404,
  );

/** The demo index and the sandbox's own end pages (where logons and link mode land). */
export function pages(app: Hono, state: SandboxState) {
  app.get('/', (c) => c.html(index(state), 200, { 'Cache-Control': 'no-store' }));
  for (const [path, title, message] of END_PAGES) {
    app.get(path, (c) => {
      const { origin, searchParams } = new URL(c.req.url);
      // Reached through a host's proxy (its origin is not the sandbox's own): links lead back to the sandbox.
      return c.html(endPage(title, message, searchParams, publicOrigin(c) === origin ? '' : origin));
    });
  }
}
