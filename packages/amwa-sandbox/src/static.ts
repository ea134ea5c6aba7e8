import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Context, Hono } from 'hono';
import { BENCH_WIDGET } from './bench';
import { EXAMPLES } from './catalog';
import { END_PAGE_ICON, END_PAGE_STYLESHEET } from './html';
import { encodePng } from './png';
import type { SandboxRoots } from './roots';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

// The APK version the mobile help links to (spec section 7).
const APK_FILE = 'app-1.3.110.apk';

const DUMMY_APK = new TextEncoder().encode('PK\u0003\u0004amwa sandbox: not a real app');

/** Rollup's `[name]-[hash].js` under a chunk folder: the name changes whenever the content does. */
const HASHED = /^(chunks|lib|lib-[\w-]+)\/[\w.-]+-[\w-]{8}\.js$/;

/** Browsers keep hashed chunks for a year without asking again; everything else is revalidated. */
export const cacheControlFor = (relative: string) => (HASHED.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache');

/** True when an `Accept-Encoding` header accepts brotli (`br`, or `*`, with a quality above 0). */
export function acceptsBrotli(header: string | undefined): boolean {
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((token) => token.trim().toLowerCase());
    if (coding !== 'br' && coding !== '*') continue;
    const q = params.find((param) => param.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

async function statFile(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

// Serves `dir/relative` when the path stays inside `dir` and its type is one we hand out; the
// precompressed `.br` beside it when the browser takes brotli, as a production server would.
async function serveFile(c: Context, dir: string, relative: string, type = CONTENT_TYPES[extname(relative)], compressible = false) {
  let segments: string[];
  try {
    segments = relative.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return c.notFound();
  }
  if (!type || segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\/\0]/.test(segment))) return c.notFound();
  const path = join(dir, ...segments);
  const original = await statFile(path);
  if (!original) return c.notFound();
  const brotli = compressible && acceptsBrotli(c.req.header('Accept-Encoding')) ? await statFile(`${path}.br`) : undefined;
  const sent = brotli ?? original;
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControlFor(segments.join('/')) };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (brotli) headers['Content-Encoding'] = 'br';
  // A validator, so the revalidation `no-cache` asks for costs a 304 rather than the file.
  const etag = `W/"${sent.size.toString(36)}-${Math.floor(sent.mtimeMs).toString(36)}${brotli ? '-br' : ''}"`;
  headers.ETag = etag;
  if (c.req.header('If-None-Match')?.split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304, headers);
  try {
    const bytes = new Uint8Array(await readFile(brotli ? `${path}.br` : path));
    return c.body(bytes, 200, headers);
  } catch {
    return c.notFound();
  }
}

/** Files of the builds (`dist/`, `dist-examples/`): brotli where a `.br` lies beside them. */
const mount = (app: Hono, prefix: string, dir: string, compressible = false) =>
  app.get(`${prefix}/*`, (c) => serveFile(c, dir, c.req.path.slice(prefix.length + 1), undefined, compressible));

// A generated PNG route; the image is drawn on first request and kept.
function image(app: Hono, path: string, draw: () => Uint8Array<ArrayBuffer>) {
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  app.get(path, (c) => c.body((bytes ??= draw()), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-cache' }));
}


/**
 * Files: the widget build, the React example bundle, example assets, and each example's
 * `{basePath}/static/`. Without an `amwa` package to serve, the widget's files answer 404 and
 * the API still works.
 */
export function staticFiles(app: Hono, { widget, examples: examplesRoot }: SandboxRoots) {
  if (widget) mount(app, '/dist', join(widget, 'dist'), true);
  mount(app, '/dist-examples', join(examplesRoot, 'dist-examples'), true);
  mount(app, '/examples', join(examplesRoot, 'examples'));
  app.get(END_PAGE_STYLESHEET, (c) => serveFile(c, join(examplesRoot, 'examples'), 'demo.css'));
  // The primary colour of spec section 1: a recognisable tab, and no 404 in the console.
  for (const path of ['/favicon.ico', END_PAGE_ICON]) image(app, path, () => encodePng(16, 16, () => [155, 0, 76]));
  // The bench's host page too: a build that fetches its tables from `{basePath}/static/locales` finds them.
  for (const basePath of [...EXAMPLES.map((example) => example.basePath), BENCH_WIDGET]) {
    if (widget) {
      app.get(`${basePath}/static/locales/:file{[a-z]{2}(-[A-Z]{2})?\\.json}`, (c) => serveFile(c, join(widget, 'locales'), c.req.param('file'), undefined, true));
      // The expired colour-code placeholder ships in the package (static/image) for hosts to serve.
      app.get(`${basePath}/static/image`, (c) => serveFile(c, join(widget, 'static'), 'image', 'image/png'));
    }
    app.get(`${basePath}/static/apk/${APK_FILE}`, (c) =>
      c.body(DUMMY_APK, 200, {
        'Content-Type': 'application/vnd.android.package-archive',
        'Content-Disposition': `attachment; filename="${APK_FILE}"`,
      }),
    );
  }
}
