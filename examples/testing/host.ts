// The bank's host page the example tests drive: its own tiny server on app.localhost, the
// widget's standalone bundle served from its own origin, the API on the sandbox's origin.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** A running host page. */
export interface HostPage {
  /** The page's origin, e.g. `http://app.localhost:41234`. */
  origin: string;
  close(): Promise<void>;
}

/** Serves the bank's page at `/access/…` (every route: the widget routes inside), with the API at `apiOrigin`. */
export async function startHostPage(apiOrigin: string): Promise<HostPage> {
  const settings = JSON.stringify({
    basePath: '/access',
    apiBaseUrl: `${apiOrigin}/access`,
    securityApiBaseUrl: apiOrigin,
    staticPath: `${apiOrigin}/access/static`,
    language: 'en',
    brandPrefix: 'demobank',
    // Link mode ends on the corporate portal's precheck page: here the sandbox's stand-in.
    corporatePortal: { precheckUrl: `${apiOrigin}/__sandbox/corporate/precheck`, logoutUrl: `${apiOrigin}/__sandbox/corporate/logout` },
  }).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bank logon</title><script type="module" src="/amwa/amwa.standalone.js"></script></head>
<body><main><h1>Welcome to the bank</h1><amwa-portal settings='${settings}'></amwa-portal></main></body>
</html>`;
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (path.startsWith('/amwa/') && !path.includes('..')) {
      const body = await readFile(join(DIST, path.slice('/amwa/'.length))).catch(() => undefined);
      response.writeHead(body ? 200 : 404, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://app.localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The sandbox at `sandboxUrl` as the page's browser reaches it: api.localhost, another origin on loopback. */
export const apiOrigin = (sandboxUrl: string) => `http://api.localhost:${new URL(sandboxUrl).port}`;
