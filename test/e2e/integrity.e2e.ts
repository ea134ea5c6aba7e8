// Integrity on every load (docs/embedding.md, "Subresource Integrity"): every chunk the widget
// imports, a retry included, goes to the exact address the host's import map pins by digest, and
// to the widget's own folder whatever the page's `<base href>` says. Two host sites of the test's
// own (./host-site.ts): a CDN that fails the pages chunk once and then serves it tampered, and a
// page whose `<base>` points at another origin.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkA11y, newPage, useE2E, waitForPortal, widget } from './harness';
import { BASE_PATH, hostHtml, hostSettings, useHostSite } from './host-site';

const e2e = useE2E();

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const PAGES_CHUNK = `chunks/${readdirSync(`${DIST}chunks`).find((name) => /^pages-[\w-]+\.js$/.test(name))}`;
const sha384 = (body: Buffer | string) => `sha384-${createHash('sha384').update(body).digest('base64')}`;

const HOST_ENTRY = '<script type="module" src="/amwa/amwa.standalone.js">';

/** The host page's module script, pinned by `integrity` as docs/embedding.md shows, at `src`. */
function pinnedEntry(html: string, src: string): string {
  if (!html.includes(HOST_ENTRY)) throw new Error('integrity e2e: hostHtml no longer writes the module script this file pins');
  return html.replace(HOST_ENTRY, `<script type="module" src="${src}" integrity="${sha384(readFileSync(`${DIST}amwa.standalone.js`))}" crossorigin="anonymous">`);
}

describe('a CDN that fails the pages chunk once, then serves it tampered, on a page that pins it in an import map', () => {
  /** Every request for the pages chunk, with its query. */
  const chunkRequests: string[] = [];
  const cdn = useHostSite(e2e, {
    page: () => ({
      html: pinnedEntry(
        hostHtml({
          title: 'A host that pins the widget by digest',
          head: `<script type="importmap">${JSON.stringify({ integrity: { [`/amwa/${PAGES_CHUNK}`]: sha384(readFileSync(DIST + PAGES_CHUNK)) } })}</script>\n`,
          settings: hostSettings(cdn.apiOrigin(), { language: 'en', country: 'GB' }),
        }),
        '/amwa/amwa.standalone.js',
      ),
    }),
    extra(url, request, response) {
      if (url.pathname !== `/amwa/${PAGES_CHUNK}`) return false;
      chunkRequests.push(request.url ?? '');
      if (chunkRequests.length === 1) response.writeHead(503, { 'Cache-Control': 'no-store' }).end();
      // The real chunk with a line of the attacker's: it would still render every page.
      else response.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(`${readFileSync(DIST + PAGES_CHUNK, 'utf8')}\nglobalThis.__amwaTampered = true;\n`);
      return true;
    },
  });

  test("the retry asks for the pinned address again, the tampered chunk never runs, and the widget says it could not load", async () => {
    const page = await newPage(e2e.browser, `${cdn.origin()}${BASE_PATH}/pages/logon/mobile`);
    // The widget settles: on the error page, had it run the tampered chunk, or on the shell's
    // message that it could not load it (the page and the error page both live in that chunk).
    await page.locator('.amwa-app:not([aria-busy="true"])').waitFor();
    expect(await page.evaluate(() => '__amwaTampered' in globalThis), 'the tampered chunk ran').toBe(false);
    const alert = widget(page).getByRole('alert');
    await alert.filter({ hasText: 'Something went wrong' }).waitFor();
    expect(await alert.textContent()).toContain('Please try again.');
    expect(chunkRequests.length, 'the widget tried the chunk again after the 503').toBeGreaterThanOrEqual(2);
    expect(new Set(chunkRequests), 'every try at the address the import map pins').toEqual(new Set([`/amwa/${PAGES_CHUNK}`]));
    await checkA11y(page, 'the chunk-load error');
    page.expectNoConsoleErrors({
      allow: [/ChunkLoadError: Loading chunk \/pages\/logon\/mobile failed/, /Failed to load resource: the server responded with a status of 503/, /Failed to find a valid digest in the 'integrity' attribute for resource '.*\/amwa\/chunks\/pages-/],
    });
  });
});

describe("a page whose <base href> is on another origin", () => {
  /** Requests that reached the base's origin (the browser may refuse some before they are sent: the page records those). */
  const reachedBase: string[] = [];
  let baseServer: Server;
  let basePort = 0;
  beforeAll(async () => {
    baseServer = createServer((request, response) => {
      reachedBase.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => baseServer.listen(0, '127.0.0.2', resolve));
    basePort = (baseServer.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => baseServer.close(() => resolve())));

  const site = useHostSite(e2e, {
    // The host loads the module by its full address (its own tags would follow the base too).
    page: () => ({
      html: pinnedEntry(
        hostHtml({ title: 'A host with a base on another origin', head: `<base href="http://127.0.0.2:${basePort}/">\n`, settings: hostSettings(site.apiOrigin(), { language: 'en', country: 'GB' }) }),
        `${site.origin()}/amwa/amwa.standalone.js`,
      ),
    }),
  });

  test('its chunks come from its own folder, and its links and navigation stay on the page\'s origin', async () => {
    const requested: string[] = [];
    const page = await newPage(e2e.browser, `${site.origin()}${BASE_PATH}/`, { setup: async (context) => void context.on('request', (request) => requested.push(request.url())) });
    await waitForPortal(page, 'Log on with');
    // In-widget navigation (pushState): the QR logon and its encoder, both chunks.
    await widget(page).getByRole('link', { name: /^The bank's mobile app/ }).click();
    await waitForPortal(page, "Log on with the bank's mobile app");
    await widget(page).getByRole('img', { name: /^QR code to log on/ }).waitFor();
    expect(page.url()).toBe(`${site.origin()}${BASE_PATH}/pages/logon/mobile`);
    await page.goBack();
    await waitForPortal(page, 'Log on with');
    // A link's own address, for a middle click or "open in new tab", is on this origin too.
    expect(await widget(page).getByRole('link', { name: /^The bank's mobile app/ }).getAttribute('href')).toBe(`${site.origin()}${BASE_PATH}/pages/logon/mobile`);
    // A full page load by the link's own address: the scanner logon, on this origin.
    await widget(page).getByRole('link', { name: /^The bank's scanner/ }).click();
    await page.waitForURL(`${site.origin()}${BASE_PATH}/pages/logon/scanner`);
    await waitForPortal(page, 'Log on with your scanner');
    const chunks = requested.filter((url) => /\/chunks\//.test(url));
    expect(chunks.length, 'the pages chunk and the QR encoder').toBeGreaterThanOrEqual(2);
    expect(chunks.filter((url) => !url.startsWith(`${site.origin()}/amwa/chunks/`)), 'chunks from anywhere but the widget\'s folder').toEqual([]);
    expect(requested.filter((url) => url.startsWith('http://127.0.0.2')), 'requests to the base\'s origin').toEqual([]);
    expect(reachedBase).toEqual([]);
    page.expectNoConsoleErrors();
  });
});
