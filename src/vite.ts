// `amwa/vite`: a Vite plugin for a host that bundles amwa (docs/vite.md). It runs in Node, in the
// host's build and dev server only; nothing of it reaches the browser. It imports only types from
// Vite (an optional peer dependency), so importing it starts and loads nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';

/** What the plugin does in the host's build and servers (docs/vite.md). */
export interface AmwaPluginOptions {
  /**
   * The widget's `staticPath` setting as a path on this site (default `/static`, the widget's own
   * default `{basePath}/static` with the default base path): the expired colour code's placeholder
   * is served by `vite` and `vite preview` at `{staticPath}/image` as `image/png`, and written to
   * that path in the build's output. `false`: the host serves the image itself.
   */
  staticPath?: string | false;
  /**
   * V8's compile hint (`//# allFunctionsCalledOnLoad`) as the first line of each entry chunk and of
   * amwa's `pages` chunk (as in the standalone build), with its source map moved down one line:
   * the browser compiles the chunk's functions while the file streams in, off the main thread,
   * not one by one on first call. Advised; off unless asked, as it covers the host's own code in
   * the chunk too (default `false`).
   */
  compileHint?: boolean;
}

/** V8's hint, as the standalone bundle's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** This file's directory, `dist/` in the package (from a string: a test DOM may replace the global URL). */
const here = dirname(fileURLToPath(import.meta.url));

/** The image the package ships as `static/image` (no extension: no server can tell its type by name). */
const PLACEHOLDER = join(here, '..', 'static', 'image');

/**
 * amwa's `pages` chunk (every page but Home, the session layer, the API client), which the
 * standalone build hints too: a page opened directly runs most of it at once. Matched in the
 * installed package (`…/amwa/dist/lib/pages-[hash].js`, `lib-react` for `amwa/react`) and beside
 * this file, where a linked install resolves it.
 */
const PAGES_CHUNK = /[\\/]amwa[\\/]dist[\\/]lib(-react)?[\\/]pages-[\w-]+\.js$/;
const isPagesModule = (id: string) => PAGES_CHUNK.test(id) || (id.startsWith(here) && /^[\\/]lib(-react)?[\\/]pages-[\w-]+\.js$/.test(id.slice(here.length)));

/** The source map comment of a chunk whose map is inline: `//# sourceMappingURL=data:…;base64,…`. */
const INLINE_MAP = /(\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,)([A-Za-z0-9+/=]+)\s*$/;

/** A source map with one line more at the top of its file: an empty first line of mappings. */
const shiftedMap = (json: string) => {
  const map = JSON.parse(json) as { mappings: string };
  return JSON.stringify({ ...map, mappings: `;${map.mappings}` });
};

// A path on this site, which the build writes under its output folder as it is: "/" and plain
// segments, nothing a browser or a file system reads as another place (`.`, `..`, `//host`, `C:`,
// `\`, `%2e%2e`), so the image can never land outside that folder.
const SITE_PATH = /^(?:\/[A-Za-z0-9._~!$&'()*+,;=@-]+)*\/?$/;
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

/** The error for a `staticPath` the plugin cannot serve and write inside the build's output. */
const badStaticPath = (staticPath: string, why: string) =>
  new Error(`amwa/vite: staticPath ${JSON.stringify(staticPath)} ${why}: give a path on this site, starting with "/", such as "/static" or "/access/static" (or staticPath: false to serve the image yourself)`);

/** The placeholder at `{staticPath}/image`: served in dev and preview, emitted into the build. */
function placeholder(staticPath: string): Plugin {
  if (!staticPath.startsWith('/') || staticPath.startsWith('//')) throw badStaticPath(staticPath, 'is not a path on this site');
  if (!SITE_PATH.test(staticPath) || DOT_SEGMENT.test(staticPath)) throw badStaticPath(staticPath, 'has a segment that leaves its folder or is no plain name');
  const url = `${staticPath.replace(/\/+$/, '')}/image`;
  let image: Buffer | undefined;
  const read = () => (image ??= readFileSync(PLACEHOLDER));
  let base = '/';
  const serve = ({ middlewares }: Pick<ViteDevServer, 'middlewares'>) => {
    middlewares.use(url, (request, response, next) => {
      // connect matches a prefix: only the image itself, not paths under it.
      if (!['', '/'].includes((request.url ?? '').split('?')[0] ?? '')) return next();
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(read());
    });
  };
  return {
    name: 'amwa:placeholder',
    configResolved(config) {
      base = config.base;
    },
    configureServer: serve,
    configurePreviewServer: serve,
    generateBundle() {
      // The output is served under Vite's `base`: a path under it lands that much less deep.
      const fileName = base.startsWith('/') && url.startsWith(base) ? url.slice(base.length) : url.slice(1);
      this.emitFile({ type: 'asset', fileName, source: read() });
    },
  };
}

/** V8's compile hint on each entry chunk and amwa's `pages` chunk, once written (Vite's minifier would drop a comment earlier). */
function compileHint(): Plugin {
  let outDir = 'dist';
  return {
    name: 'amwa:compile-hint',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.moduleIds.some(isPagesModule))) continue;
        const file = join(dir, chunk.fileName);
        const code = readFileSync(file, 'utf8');
        if (code.startsWith(COMPILE_HINT)) continue;
        // The hint takes the first line: every mapping moves down one line with the code.
        const inline = code.replace(INLINE_MAP, (_, prefix: string, data: string) => prefix + Buffer.from(shiftedMap(Buffer.from(data, 'base64').toString('utf8'))).toString('base64'));
        writeFileSync(file, `${COMPILE_HINT}\n${inline}`);
        if (existsSync(`${file}.map`)) writeFileSync(`${file}.map`, shiftedMap(readFileSync(`${file}.map`, 'utf8')));
      }
    },
  };
}

/** amwa's Vite plugin: the placeholder image in dev, preview and build, and optionally V8's compile hint. */
export function amwa(options: AmwaPluginOptions = {}): Plugin[] {
  const { staticPath = '/static', compileHint: hint = false } = options;
  return [...(staticPath === false ? [] : [placeholder(staticPath)]), ...(hint ? [compileHint()] : [])];
}
