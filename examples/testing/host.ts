// The bank's host page the example tests drive: its own tiny server on app.localhost, the
// widget's standalone bundle served from its own origin, the API on the sandbox's origin.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';

/** The folder of the installed amwa; in the repository, whose examples install nothing, the repository itself (its own name, from its root). */
function amwaFolder(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('amwa/package.json'));
  } catch {
    return dirname(createRequire(join(process.cwd(), 'package.json')).resolve('amwa/package.json'));
  }
}

// The widget's build as installed (in the repository: what `npm run build` makes).
const DIST = join(amwaFolder(), 'dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** A running host page. */
export interface HostPage {
  /** The page's origin, e.g. `http://app.localhost:41234`. */
  origin: string;
  close(): Promise<void>;
}

/** Options of `startHostPage`. */
export interface HostPageOptions {
  /**
   * A page that lies to the kit: it logs malformed and huge marked console lines, and holds an
   * iframe of another origin (`forge.localhost`) that logs and dispatches `amwa-logon-redirect`
   * events sending the browser where the page already is.
   */
  forged?: boolean;
  /** The page's language, the widget's `language` setting; default `en`. */
  language?: string;
}

/**
 * The iframe of a lying page: every 200 ms it forges the redirect event to `?url=` as a console
 * line in the kit's earlier format, as a DOM event and as a call of Playwright's binding, and logs
 * lines no JSON parser takes.
 */
const FORGER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ads</title></head><body><p>An advert</p><script>
const detail = { url: new URLSearchParams(location.search).get('url'), logonType: 'scanner' };
console.debug('[amwa-testing]' + JSON.stringify(['amwa-logon-redirect', detail]) + 'x'.repeat(300 * 1024));
setInterval(() => {
  console.debug('[amwa-testing]' + JSON.stringify(['amwa-logon-redirect', detail]));
  document.dispatchEvent(new CustomEvent('amwa-logon-redirect', { detail, bubbles: true }));
  console.debug('[amwa-testing]{"not json');
  console.debug({ not: 'text' }, 42);
  // Playwright's binding is in every frame: called as the kit's earlier listener called it.
  for (let hearing = 1; hearing < 50; hearing++) globalThis['__amwaTestingHeard' + hearing]?.('amwa-logon-redirect', detail)?.catch?.(() => {});
}, 200);
</script></body></html>`;

/** A page of the bank's site without the widget: a link takes the customer to the logon page. */
const NEWS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bank news</title></head><body><main><h1>News</h1><p><a href="/access/pages/logon/scanner">Log on to online banking</a></p></main></body></html>`;

/** Serves the bank's page at `/access/…` (every route: the widget routes inside) with the API at `apiOrigin`, and a page without the widget at `/news`. */
export async function startHostPage(apiOrigin: string, { forged = false, language = 'en' }: HostPageOptions = {}): Promise<HostPage> {
  const settings = JSON.stringify({
    basePath: '/access',
    apiBaseUrl: `${apiOrigin}/access`,
    securityApiBaseUrl: apiOrigin,
    staticPath: `${apiOrigin}/access/static`,
    language,
    brandPrefix: 'demobank',
    // Link mode ends on the corporate portal's precheck page: here the sandbox's stand-in.
    corporatePortal: { precheckUrl: `${apiOrigin}/__sandbox/corporate/precheck`, logoutUrl: `${apiOrigin}/__sandbox/corporate/logout` },
  }).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  // The lying page's own lines, from the top frame, and its iframe of another origin, told where the page is.
  const lies = `<iframe title="Advert" width="300" height="60"></iframe><script>
setInterval(() => { console.debug('[amwa-testing]{"not json'); console.debug('[amwa-testing]' + JSON.stringify([1, 2])); console.debug(null); }, 200);
document.querySelector('iframe').src = location.protocol + '//forge.localhost:' + location.port + '/forge?url=' + encodeURIComponent(location.href);
</script>`;
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bank logon</title><script type="module" src="/amwa/amwa.standalone.js"></script></head>
<body><main><h1>Welcome to the bank</h1><amwa-portal settings='${settings}'></amwa-portal></main>${forged ? lies : ''}</body>
</html>`;
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (forged && path === '/forge') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(FORGER);
      return;
    }
    if (path === '/news') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(NEWS);
      return;
    }
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
    // The lying page's iframe keeps its connection alive while a test's page is still open: close them too.
    close: () => new Promise((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

/** The sandbox at `sandboxUrl` as the page's browser reaches it: api.localhost, another origin on loopback. */
export const apiOrigin = (sandboxUrl: string) => `http://api.localhost:${new URL(sandboxUrl).port}`;
