// The bank's web server with amwa's first screen in its HTML, in plain Node (node:http):
//   /…                   the page: the widget's first screen from renderToString (amwa/server) for
//                        the path and the request's cookies, a fresh nonce per response in the page's
//                        <script nonce>, the shadow root's <style nonce> and a strict Content-Security-Policy
//   /amwa/<version>/…    amwa's standalone module and its chunks, which take the screen over
//                        (brotli where the browser accepts it, cached for good: the path is versioned)
//   /static/…            amwa's static assets (the expired colour-code image)
//   /api/…, /__sandbox/… the bank's API, here the amwa sandbox, proxied with X-Forwarded-Host/-Proto
//                        (and /examples/demo.css, the stylesheet of the sandbox's own pages)
// Without AMWA_SANDBOX_URL it starts the sandbox itself on port 4401. PORT (default 8080) is its own.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'amwa/server';

const here = dirname(fileURLToPath(import.meta.url));
const amwa = dirname(createRequire(import.meta.url).resolve('amwa/package.json'));
const { version } = JSON.parse(readFileSync(join(amwa, 'package.json'), 'utf8'));
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.ico': 'image/x-icon', '': 'image/png' };

/** The widget's settings: the same object the browser reads from the element's attribute. */
const settings = { apiBaseUrl: '/api/access', securityApiBaseUrl: '/api', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example' };

let api = process.env.AMWA_SANDBOX_URL;
if (!api) {
  const { startSandbox } = await import('amwa-sandbox');
  api = (await startSandbox({ port: 4401 })).url;
  console.log(`amwa sandbox (the API, for development) on ${api}`);
}
const target = new URL(api);

/**
 * The policy of one response: scripts and the server-rendered shadow root's <style> only with its
 * nonce (the widget's own styles are constructed stylesheets, which need none), no HTML sinks
 * without Trusted Types.
 */
const policy = (nonce) =>
  [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ');

/** The page around the widget's markup. */
const page = ({ nonce, widget }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Demo bank: log on</title>
    <link rel="icon" href="/favicon.ico" />
    <link rel="stylesheet" href="/page.css" />
    <script type="module" nonce="${nonce}" src="/amwa/${version}/amwa.standalone.js"></script>
  </head>
  <body>
    <header><h1>Demo bank</h1></header>
    <main>${widget}</main>
  </body>
</html>`;

/** A file under `root` for the URL path `rest`, or undefined for anything outside it. */
function fileIn(root, rest) {
  const file = normalize(join(root, decodeURIComponent(rest)));
  return file.startsWith(root + '/') && existsSync(file) ? file : undefined;
}

function sendFile(req, res, file, cache) {
  const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache, Vary: 'Accept-Encoding' };
  const brotli = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') && existsSync(`${file}.br`);
  if (brotli) headers['Content-Encoding'] = 'br';
  res.writeHead(200, headers).end(readFileSync(brotli ? `${file}.br` : file));
}

/**
 * Forwards to the API as `path`, saying which host and scheme the browser used: set here, never
 * passed on from the client, whose own X-Forwarded-* or Forwarded could name any host.
 */
function proxy(req, res, path) {
  const { forwarded: _clients, ...headers } = req.headers;
  const forwarded = request(
    { host: target.hostname, port: target.port, method: req.method, path, headers: { ...headers, host: target.host, 'x-forwarded-host': req.headers.host, 'x-forwarded-proto': 'http' } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on('error', () => res.writeHead(502).end());
  req.pipe(forwarded);
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://page');
  const { pathname } = url;
  if (pathname.startsWith('/api/')) return proxy(req, res, req.url.slice('/api'.length));
  // The sandbox's own pages, and the stylesheet they load from its root.
  if (pathname.startsWith('/__sandbox/') || pathname === '/examples/demo.css') return proxy(req, res, req.url);
  const assets = `/amwa/${version}/`;
  const asset = pathname.startsWith(assets) ? fileIn(join(amwa, 'dist'), pathname.slice(assets.length)) : undefined;
  if (asset) return sendFile(req, res, asset, 'public, max-age=31536000, immutable');
  const fixed = pathname.startsWith('/static/') ? fileIn(join(amwa, 'static'), pathname.slice('/static/'.length)) : fileIn(join(here, 'public'), pathname.slice(1));
  if (fixed) return sendFile(req, res, fixed, 'no-cache');
  if (pathname.startsWith('/amwa/') || extname(pathname)) return res.writeHead(404).end();
  // Every other path is the page: the widget routes under it (history routing), and the server
  // renders the screen that path and the cookies open (Home, or the remembered logon).
  const nonce = randomBytes(16).toString('base64');
  const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
  const { html } = await renderToString(settings, { path: req.url, cookies: req.headers.cookie, nonce, origin });
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy(nonce), 'Cache-Control': 'no-store' });
  res.end(page({ nonce, widget: html }));
});

const port = Number(process.env.PORT ?? 8080);
server.listen(port, '127.0.0.1', () => console.log(`demo bank page, server-rendered, on http://127.0.0.1:${port}/`));
