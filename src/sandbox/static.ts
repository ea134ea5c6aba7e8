import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Context, Hono } from 'hono';
import { EXAMPLES } from './catalog';
import { encodePng } from './png';

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

// Serves `dir/relative` when the path stays inside `dir` and its type is one we hand out.
async function serveFile(c: Context, dir: string, relative: string, type = CONTENT_TYPES[extname(relative)]) {
  try {
    const segments = relative.split('/').map((segment) => decodeURIComponent(segment));
    if (!type || segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\/\0]/.test(segment))) return c.notFound();
    const bytes = new Uint8Array(await readFile(join(dir, ...segments)));
    return c.body(bytes, 200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
  } catch {
    return c.notFound();
  }
}

const mount = (app: Hono, prefix: string, dir: string) =>
  app.get(`${prefix}/*`, (c) => serveFile(c, dir, c.req.path.slice(prefix.length + 1)));

// A generated PNG route; the image is drawn on first request and kept.
function image(app: Hono, path: string, draw: () => Uint8Array<ArrayBuffer>) {
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  app.get(path, (c) => c.body((bytes ??= draw()), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-cache' }));
}


/** Files: the widget build, the React example bundle, example assets, and each example's `{basePath}/static/`. */
export function staticFiles(app: Hono, root: string) {
  mount(app, '/dist', join(root, 'dist'));
  mount(app, '/dist-examples', join(root, 'dist-examples'));
  mount(app, '/examples', join(root, 'examples'));
  // The primary colour of spec section 1: a recognisable tab, and no 404 in the console.
  image(app, '/favicon.ico', () => encodePng(16, 16, () => [155, 0, 76]));
  for (const { basePath } of EXAMPLES) {
    app.get(`${basePath}/static/locales/:file{[a-z]{2}(-[A-Z]{2})?\\.json}`, (c) => serveFile(c, join(root, 'locales'), c.req.param('file')));
    // The expired colour-code placeholder ships in the package (static/image) for hosts to serve.
    app.get(`${basePath}/static/image`, (c) => serveFile(c, join(root, 'static'), 'image', 'image/png'));
    app.get(`${basePath}/static/apk/${APK_FILE}`, (c) =>
      c.body(DUMMY_APK, 200, {
        'Content-Type': 'application/vnd.android.package-archive',
        'Content-Disposition': `attachment; filename="${APK_FILE}"`,
      }),
    );
  }
}
