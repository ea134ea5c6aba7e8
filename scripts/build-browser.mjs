#!/usr/bin/env node
// The browser builds, with Rollup (through Vite) rather than esbuild's splitter: Rollup keeps
// every module the entry needs inside the entry file and lets lazy chunks import back from it,
// so the first screen is one module request, never a chain of shared chunks.
//
//   dist/amwa.standalone.js + dist/chunks/   one minified ES module for a <script type=module>
//   dist/index.js + dist/lib/                `amwa`: Preact inside, no React for the host
//   dist/react.js + dist/lib-react/          `amwa/react`: renders through the host's React
//   dist-examples/react.js                   the React example, built from `amwa/react`
//   dist-examples/gallery.js                 the sandbox's screen gallery, on the served `amwa`
//
// Runs after tsup (tsup.config.ts: CommonJS builds, type declarations, the sandbox), whose
// sandbox metafile it reads for the third-party notices.
import { brotliCompressSync, constants } from 'node:zlib';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { build } from 'vite';
import { browserTargets } from './browser-target.mjs';
import { retryImports } from './retry-imports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The supported browsers (.browserslistrc, docs/browsers.md) as esbuild targets.
const target = browserTargets();

/** React imports resolved to Preact: the framework-free entries carry their own renderer. */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const reactExternal = /^(react|react-dom)(\/.*)?$/;

/** Packages whose code ends up in a bundle, for the third-party notices. */
const bundledPackages = new Set();
const collectPackages = {
  name: 'amwa:collect-packages',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      for (const id of Object.keys(chunk.modules)) {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll('\\', '/'));
        if (match) bundledPackages.add(match[1]);
      }
    }
  },
};

// Vite's library mode keeps whitespace in ES output; the standalone file is served as is, so it
// is minified in full after bundling, with V8's compile hint for the entry.
const minifyFully = {
  name: 'amwa:minify',
  async generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const { code } = await transform(chunk.code, { minify: true, target, format: 'esm', legalComments: 'none' });
      // Nearly every function of the entry runs for the first screen: V8 compiles them all while
      // the file streams in, off the main thread, instead of one by one during the first render.
      chunk.code = chunk.isEntry ? `//# allFunctionsCalledOnLoad\n${code}` : code;
    }
  },
};

/**
 * Every screen but Home in one more file. What the entry loads lazily (the pages, the session
 * layer, the API client, with their shared UI, and the English table they need in English) forms
 * one chunk, so a page opened directly (the scanner and QR logons a returning user lands on) is two
 * requests, and Home's warm-up at idle one. Scanner activation, the QR encoder and the other
 * languages' tables, and what only they use, stay chunks of their own.
 */
function pagesChunk() {
  let chunkOf;
  const ownChunk = (id) => /\/src\/pages\/activation\/|\/locales\/(?!en\.json)[\w-]+\.json$/.test(id.replaceAll('\\', '/'));
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

/** One Vite library build of `entry` to `dist/{fileName}`, its lazy chunks under `chunkDir`. */
const bundle = ({ entry, fileName, outDir = 'dist', chunkDir, aliases = [], external, paths, minify = false, banner, plugins = [] }) =>
  build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: aliases },
    esbuild: { jsx: 'automatic', legalComments: 'none' },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [collectPackages, ...plugins, ...(minify ? [minifyFully] : [])],
    // Locale tables become `JSON.parse` chunks: faster to start than object literals.
    json: { stringify: true },
    build: {
      outDir,
      emptyOutDir: false,
      target,
      minify: false,
      sourcemap: !minify,
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
        output: { chunkFileNames: `${chunkDir}/[name]-[hash].js`, manualChunks: pagesChunk(), banner: (chunk) => (chunk.isEntry && banner) || '', paths },
      },
    },
  });

// The standalone file for a plain <script type="module">: Preact inside, minified.
// Its chunks' imports retry with a fresh address after a failure (a host's bundler loads the others).
await bundle({ entry: 'src/standalone.ts', fileName: 'amwa.standalone.js', chunkDir: 'chunks', aliases: preactAliases, minify: true, plugins: [retryImports] });
// `amwa`: the framework-free entry, Preact inside; the host's bundler minifies it.
await bundle({ entry: 'src/index.ts', fileName: 'index.js', chunkDir: 'lib', aliases: preactAliases });
// `amwa/react`: the host's React renders it; a client component for React Server Components.
await bundle({ entry: 'src/react.tsx', fileName: 'react.js', chunkDir: 'lib-react', external: reactExternal, banner: "'use client';" });
// The React example, bundled with real React from the built `amwa/react`, as a host's build would.
await bundle({
  entry: 'examples/react/main.tsx',
  fileName: 'react.js',
  outDir: 'dist-examples',
  chunkDir: 'chunks',
  aliases: [{ find: /^amwa\/react$/, replacement: join(root, 'dist/react.js') }],
  minify: true,
});
// The sandbox's screen gallery: imports `amwa` at run time from the build the sandbox serves
// (/dist/index.js), so the gallery shows exactly what a host gets and ships no copy of it.
await bundle({
  entry: 'examples/gallery/main.ts',
  fileName: 'gallery.js',
  outDir: 'dist-examples',
  chunkDir: 'chunks',
  external: ['amwa'],
  paths: { amwa: '/dist/index.js' },
  minify: true,
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

/** The packages tsup bundled into the sandbox, read from its metafile (which is then removed). */
function sandboxPackages() {
  for (const format of ['esm', 'cjs']) {
    const metafile = join(root, 'dist', `metafile-${format}.json`);
    for (const input of Object.keys(JSON.parse(readFileSync(metafile, 'utf8')).inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) bundledPackages.add(match[1]);
    }
    rmSync(metafile);
  }
}

/** The licence texts of every package bundled into a build the package ships. */
function writeNotices() {
  sandboxPackages();
  const sections = [...bundledPackages].sort().map((name) => {
    const dir = join(root, 'node_modules', name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(dir).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file));
    const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
    if (!licenceFile && !(pkg.license === 'MIT' && author)) throw new Error(`build: ${name} ships no licence file; add its notice by hand`);
    // A package that ships no licence file is covered by its package.json: the MIT text with its author.
    const text = licenceFile ? readFileSync(join(dir, licenceFile), 'utf8').trim() : `MIT License\n\nCopyright (c) ${author}\n\n${MIT_TERMS}`;
    return `## ${name} ${pkg.version} (${pkg.license})\n\n${text}\n`;
  });
  const header = '# Third-party notices\n\nThe bundles in this package (the browser entries, the standalone file, the sandbox and the examples) include code of these packages, under these licences.\n';
  writeFileSync(join(root, 'dist', 'THIRD-PARTY-NOTICES.md'), [header, ...sections].join('\n'));
  return bundledPackages.size;
}

precompress(join(root, 'dist', 'chunks'));
for (const file of ['amwa.standalone.js']) precompress(join(root, 'dist'), file);
console.log(`browser builds written; ${writeNotices()} bundled packages listed in dist/THIRD-PARTY-NOTICES.md`);
