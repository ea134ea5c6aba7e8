// A bank's own site for the e2e files that need one apart from the sandbox: its page on
// http://app.localhost:<port> (a tiny server of the test's own, serving the built standalone
// bundle under /amwa/), the API on http://api.localhost:<port> (the sandbox). Chromium resolves
// both names to loopback; two ports on one name would hide what matters, since cookies ignore ports.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { settingsAttribute, type E2E } from './harness';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json' };

/** Where the host page mounts the widget: its pages live under this path. */
export const BASE_PATH = '/shop';

/** The host page for a request under {@link BASE_PATH}: its headers and its HTML. */
export type HostPageHandler = (url: URL) => { headers?: Record<string, string>; html: string };

/** Answers a request of the test's own (a report, a signal); false to let the site answer it. */
export type ExtraRoute = (url: URL, request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

/** The running site, available once the file's `beforeAll` hooks have run. */
export interface HostSite {
  /** The site's port on 127.0.0.1. */
  port(): number;
  /** `http://app.localhost:<port>`: the bank's page. */
  origin(): string;
  /** `http://api.localhost:<port>`: the sandbox as the API, on another site. */
  apiOrigin(): string;
}

/** What a test's site serves beyond the bundle: its page, its own routes, how long the bundle may be cached. */
export interface HostSiteOptions {
  page: HostPageHandler;
  extra?: ExtraRoute;
  /** `Cache-Control: max-age` of the bundle's files (none by default). */
  cacheSeconds?: number;
}

/** Starts the host site before the file's tests and closes it after them. */
export function useHostSite(e2e: E2E, { page, extra = () => false, cacheSeconds }: HostSiteOptions): HostSite {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://host');
      if (await extra(url, request, response)) return;
      if (url.pathname.startsWith('/amwa/') && !url.pathname.includes('..')) {
        try {
          const body = await readFile(join(DIST, url.pathname.slice('/amwa/'.length)));
          const type = TYPES[extname(url.pathname)] ?? 'application/octet-stream';
          response.writeHead(200, { 'Content-Type': type, ...(cacheSeconds ? { 'Cache-Control': `max-age=${cacheSeconds}` } : {}) }).end(body);
        } catch {
          response.writeHead(404).end();
        }
        return;
      }
      if (url.pathname === '/favicon.ico') return void response.writeHead(204).end();
      if (url.pathname !== BASE_PATH && !url.pathname.startsWith(`${BASE_PATH}/`)) return void response.writeHead(404).end();
      const { headers = {}, html } = page(url);
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers }).end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: () => port, origin: () => `http://app.localhost:${port}`, apiOrigin: () => `http://api.localhost:${e2e.server.port}` };
}

/** The settings every host page gives: its base path, and the API and static files on the sandbox's site. */
export const hostSettings = (apiOrigin: string, more: object = {}) => ({
  basePath: BASE_PATH,
  apiBaseUrl: `${apiOrigin}/access`,
  securityApiBaseUrl: apiOrigin,
  staticPath: `${apiOrigin}/access/static`,
  brandPrefix: 'demobank',
  ...more,
});

/**
 * docs/csp.md's nonce-based policy with Trusted Types, the API on `apiOrigin`; 'strict-dynamic'
 * optional; the nonce in style-src too for a page with a server-rendered screen (its `<style nonce>`).
 */
export const noncePolicy = (nonce: string, apiOrigin: string, { strictDynamic = false, styleNonce = false } = {}) =>
  [
    `default-src 'self'`,
    `script-src 'nonce-${nonce}'${strictDynamic ? " 'strict-dynamic'" : ''}`,
    `style-src 'self'${styleNonce ? ` 'nonce-${nonce}'` : ''}`,
    `img-src 'self' data: ${apiOrigin}`,
    `connect-src 'self' ${apiOrigin}`,
    `base-uri 'none'`,
    `object-src 'none'`,
    `require-trusted-types-for 'script'`,
  ].join('; ');

/** The host page: `head` before the standalone module (with `nonce`, if given), one `<amwa-portal>` with `settings`. */
export const hostHtml = ({ title, settings, nonce, head = '' }: { title: string; settings: object; nonce?: string; head?: string }) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title>
${head}<script type="module"${nonce ? ` nonce="${nonce}"` : ''} src="/amwa/amwa.standalone.js"></script></head>
<body><main><h1>Host page</h1><amwa-portal settings='${settingsAttribute(settings)}'></amwa-portal></main></body>
</html>`;
