#!/usr/bin/env node
// The browser builds, with Rollup (through Vite) rather than esbuild's splitter: Rollup keeps
// every module the entry needs inside the entry file and lets lazy chunks import back from it,
// so the first screen is one module request, never a chain of shared chunks.
//
//   dist/amwa.standalone.js + dist/chunks/   one minified ES module for a <script type=module>
//   dist/index.js + dist/lib/                `amwa`: Preact inside, no React for the host
//   dist/react.js + dist/lib-react/          `amwa/react`: renders through the host's React
//   packages/amwa-sandbox/dist-examples/     the sandbox's example bundles:
//     react.js                               the React example, built from `amwa/react`
//     gallery.js                             the screen gallery, on the served `amwa`
//
// Runs after tsup (tsup.config.ts: type declarations, the stylesheet, the sandbox package).
import { brotliCompressSync, constants } from 'node:zlib';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { build } from 'vite';
import { browserTargets } from './browser-target.mjs';
import { retryImports } from './retry-imports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The supported browsers (.browserslistrc, docs/browsers.md) as esbuild targets.
const target = browserTargets();
const examplesOut = join(root, 'packages', 'amwa-sandbox', 'dist-examples');

/** React imports resolved to Preact: the framework-free entries carry their own renderer. */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const reactExternal = /^(react|react-dom)(\/.*)?$/;

/** Packages whose code ends up in the bundles of `amwa` and of the sandbox's examples, for their third-party notices. */
const widgetPackages = new Set();
const examplePackages = new Set();
const collectPackages = (packages) => ({
  name: 'amwa:collect-packages',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      for (const id of Object.keys(chunk.modules)) {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll('\\', '/'));
        if (match) packages.add(match[1]);
      }
    }
  },
});

// Vite's library mode keeps whitespace in ES output (and reprints after every plugin's
// renderChunk); the standalone file is served as is, so it is minified in full once the bundle is
// written out, with V8's compile hint for the entry. Its source map goes through the minifier:
// esbuild reads the map Rollup made from the inline comment and writes one for the minified code.
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\n?$/;
const minifyFully = {
  name: 'amwa:minify',
  async generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const mapAsset = bundle[`${chunk.fileName}.map`];
      const code = chunk.code.replace(SOURCE_MAP_COMMENT, '');
      const input = chunk.map ? `${code}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(chunk.map.toString()).toString('base64')}` : code;
      const minified = await transform(input, {
        minify: true,
        target,
        format: 'esm',
        legalComments: 'none',
        // UTF-8 as it is: modules are always decoded as UTF-8, and escaping every non-ASCII letter
        // of the Cyrillic and Chinese tables would more than double them.
        charset: 'utf8',
        sourcemap: chunk.map ? 'external' : false,
        sourcefile: chunk.fileName,
        // Nearly every function of the entry runs for the first screen, and most of the pages
        // chunk's for a page opened directly: V8 compiles them all while the file streams in, off
        // the main thread, instead of one by one during the first render.
        banner: chunk.isEntry || chunk.name === 'pages' ? '//# allFunctionsCalledOnLoad' : '',
      });
      chunk.code = mapAsset ? `${minified.code}//# sourceMappingURL=${basename(chunk.fileName)}.map\n` : minified.code;
      if (mapAsset) mapAsset.source = withoutSourceText(minified.map);
    }
  },
};

/**
 * The source map without the sources' text: file names, lines, columns and original names are
 * what a stack trace and a debugger need to point into the sources (the repository at the
 * release's tag); the text would more than triple the package. Bundled packages are marked
 * ignored, so debuggers step over them.
 */
function withoutSourceText(json) {
  const map = JSON.parse(json);
  delete map.sourcesContent;
  map.x_google_ignoreList = map.sources.flatMap((source, index) => (/(^|\/)node_modules\//.test(source) ? [index] : []));
  return JSON.stringify(map);
}

/**
 * Every screen but Home in one more file. What the entry loads lazily (the pages, the session
 * layer, the API client, with their shared UI, and the English table they need in English) forms
 * one chunk, so a page opened directly (the scanner and QR logons a returning user lands on) is two
 * requests, and Home's warm-up at idle one. Scanner activation, the QR encoder and the other
 * languages' tables, and what only they use, stay chunks of their own.
 */
function pagesChunk() {
  let chunkOf;
  const ownChunk = (id) => /\/src\/pages\/activation\//.test(id.replaceAll('\\', '/')) || OWN_LOCALE_CHUNK.test(id.replaceAll('\\', '/'));
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!chunkOf) {
      chunkOf = new Map();
      const claim = (moduleId, name) => {
        if (chunkOf.has(moduleId)) return;
        chunkOf.set(moduleId, name);
        for (const imported of getModuleInfo(moduleId)?.importedIds ?? []) claim(imported, name);
      };
      const entries = [...getModuleIds()].filter((moduleId) => getModuleInfo(moduleId)?.isEntry);
      // Named too: Rollup would otherwise pull the entry's modules that the pages share into their chunk.
      for (const entry of entries) claim(entry, 'first-screen');
      const firstScreen = [...chunkOf.keys()];
      for (const moduleId of firstScreen) {
        for (const lazy of getModuleInfo(moduleId)?.dynamicallyImportedIds ?? []) if (!ownChunk(lazy)) claim(lazy, 'pages');
      }
    }
    return chunkOf.get(id);
  };
}

/** The locale tables that are chunks of their own (English is part of the pages chunk). */
const OWN_LOCALE_CHUNK = /\/locales\/(?!en\.json)[\w-]+\.json$/;
/** Modules the standalone build makes chunks of that hold no UI: the locale tables and the QR encoder. */
const SHAREABLE = /\/locales\/(?!en\.json)[\w-]+\.json$|\/src\/pages\/mobile-logon\/qr-path\.ts$/;

/** The shareable chunks of a build, by the absolute path of their module: `{ '/…/locales/de.json': 'chunks/de-Dhhad3fe.js' }`. */
function shareableChunks(output) {
  const chunks = new Map();
  for (const built of [output].flat().flatMap((result) => result.output)) {
    if (built.type === 'chunk' && SHAREABLE.test(built.facadeModuleId?.replaceAll('\\', '/') ?? '')) chunks.set(built.facadeModuleId, built.fileName);
  }
  return chunks;
}

/**
 * Imports the locale tables and the QR encoder from the standalone file's chunks in
 * `dist/chunks/` (no UI inside: the same code for every build) instead of `amwa` and
 * `amwa/react` each carrying a copy. The entries import the tables (`./chunks/…`), the pages
 * chunk the encoder (`../chunks/…`); the bundle is checked to be laid out so.
 */
const SHARED = 'amwa-shared:';
const sharedChunks = (chunks) => ({
  name: 'amwa:shared-chunks',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!/\.json$|qr-path$/.test(source)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    const chunk = resolved && chunks.get(resolved.id);
    if (!chunk) return null;
    return { id: `${SHARED}${OWN_LOCALE_CHUNK.test(resolved.id) ? '.' : '..'}/${chunk}`, external: true };
  },
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      for (const id of chunk.dynamicImports.filter((imported) => imported.startsWith(SHARED))) {
        const target = join(dirname(chunk.fileName), id.slice(SHARED.length));
        if (!target.startsWith('chunks/')) this.error(`${chunk.fileName} would import ${id.slice(SHARED.length)}, outside dist/chunks/`);
      }
    }
  },
});
const sharedPath = (id) => (id.startsWith(SHARED) ? id.slice(SHARED.length) : id);

/** One Vite library build of `entry` to `dist/{fileName}`, its lazy chunks under `chunkDir`. */
const bundle = ({ entry, fileName, outDir = 'dist', chunkDir, aliases = [], external, paths, minify = false, banner, packages = widgetPackages, shared, maps = false, plugins = [] }) =>
  build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: aliases },
    esbuild: { jsx: 'automatic', legalComments: 'none' },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [collectPackages(packages), ...plugins, ...(minify ? [minifyFully] : []), ...(shared ? [sharedChunks(shared)] : [])],
    // Locale tables become `JSON.parse` chunks: faster to start than object literals.
    json: { stringify: true },
    build: {
      outDir,
      emptyOutDir: false,
      target,
      minify: false,
      sourcemap: maps,
      modulePreload: false,
      reportCompressedSize: false,
      lib: { entry: join(root, entry), formats: ['es'], fileName: () => fileName },
      rollupOptions: {
        external,
        // Lazy chunks import shared code from the entry itself instead of from a shared chunk
        // the entry would have to fetch before it can render.
        preserveEntrySignatures: 'allow-extension',
        onwarn(warning, warn) {
          // zod's annotations in positions Rollup ignores, and 'use client' inside dependencies.
          if (warning.code === 'INVALID_ANNOTATION' || warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
        // A banner (the client directive) marks the entry only: a bundler warns about it in chunks.
        output: {
          chunkFileNames: `${chunkDir}/[name]-[hash].js`,
          manualChunks: pagesChunk(),
          banner: (chunk) => (chunk.isEntry && banner) || '',
          paths: paths ?? sharedPath,
        },
      },
    },
  });

// The standalone file for a plain <script type="module">: Preact inside, minified.
// Its chunks' imports retry with a fresh address after a failure (a host's bundler loads the others).
const standalone = await bundle({ entry: 'src/standalone.ts', fileName: 'amwa.standalone.js', chunkDir: 'chunks', aliases: preactAliases, minify: true, maps: true, plugins: [retryImports] });
const shared = shareableChunks(standalone);
if (shared.size < 2) throw new Error('build: the standalone build wrote no locale or QR encoder chunks to share');
// `amwa`: the framework-free entry, Preact inside; the host's bundler minifies it.
await bundle({ entry: 'src/index.ts', fileName: 'index.js', chunkDir: 'lib', aliases: preactAliases, shared });
// `amwa/react`: the host's React renders it; a client component for React Server Components.
await bundle({ entry: 'src/react.tsx', fileName: 'react.js', chunkDir: 'lib-react', external: reactExternal, banner: "'use client';", shared });
// The React example, bundled with real React from the built `amwa/react`, as a host's build would.
await bundle({
  entry: 'examples/sandbox-react/main.tsx',
  fileName: 'react.js',
  outDir: examplesOut,
  chunkDir: 'chunks',
  aliases: [{ find: /^amwa\/react$/, replacement: join(root, 'dist/react.js') }],
  minify: true,
  packages: examplePackages,
});
// The sandbox's screen gallery: imports `amwa` at run time from the build the sandbox serves
// (/dist/index.js), so the gallery shows exactly what a host gets and ships no copy of it.
await bundle({
  entry: 'examples/gallery/main.ts',
  fileName: 'gallery.js',
  outDir: examplesOut,
  chunkDir: 'chunks',
  external: ['amwa'],
  paths: { amwa: '/dist/index.js' },
  minify: true,
  packages: examplePackages,
});

/** Writes `name.br` beside the JavaScript files of `dir` (or just `only`), for servers that send them as they are. */
function precompress(dir, only) {
  for (const name of only ? [only] : readdirSync(dir)) {
    const file = join(dir, name);
    if (/\.(js|css)$/.test(name) && statSync(file).isFile()) {
      writeFileSync(`${file}.br`, brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

const MIT_TERMS = `Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`;

/** Writes `file`: the licence texts of `packages`, bundled into the builds `header` names. */
function writeNotices(packages, file, header) {
  const sections = [...packages].sort().map((name) => {
    const dir = join(root, 'node_modules', name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(dir).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file));
    const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
    if (!licenceFile && !(pkg.license === 'MIT' && author)) throw new Error(`build: ${name} ships no licence file; add its notice by hand`);
    // A package that ships no licence file is covered by its package.json: the MIT text with its author.
    const text = licenceFile ? readFileSync(join(dir, licenceFile), 'utf8').trim() : `MIT License\n\nCopyright (c) ${author}\n\n${MIT_TERMS}`;
    return `## ${name} ${pkg.version} (${pkg.license})\n\n${text}\n`;
  });
  writeFileSync(file, [`# Third-party notices\n\n${header} include code of these packages, under these licences.\n`, ...sections].join('\n'));
  return packages.size;
}

// `amwa/openapi.json`: the committed document (openapi.json, indented for review) without its
// indentation, 44% smaller; tools read it the same.
writeFileSync(join(root, 'dist', 'openapi.json'), JSON.stringify(JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8'))));

precompress(join(root, 'dist', 'chunks'));
for (const file of ['amwa.standalone.js']) precompress(join(root, 'dist'), file);
const widgetNotices = writeNotices(widgetPackages, join(root, 'dist', 'THIRD-PARTY-NOTICES.md'), 'The bundles in this package (the `amwa` and `amwa/react` entries and the standalone file)');
const exampleNotices = writeNotices(examplePackages, join(examplesOut, 'THIRD-PARTY-NOTICES.md'), 'The example bundles in this folder (the React example and the screen gallery)');
console.log(`browser builds written; bundled packages listed in dist/THIRD-PARTY-NOTICES.md (${widgetNotices}) and ${relative(root, examplesOut)}/THIRD-PARTY-NOTICES.md (${exampleNotices})`);
