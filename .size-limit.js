// Size budgets (brotli), checked by `npm run test:size` after the build. Runs offline.
//
// The standalone bundle is measured as shipped, not re-bundled: esbuild would inline the lazily
// imported chunks and count pages Home never loads. Its initial load is the file plus every
// chunk it reaches through static imports, found by following them with es-module-lexer.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';

const root = fileURLToPath(new URL('.', import.meta.url));

await init;

/** The file and every file it statically imports (transitively); dynamic import() is not followed. */
function staticGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    if (!existsSync(file)) throw new Error(`size-limit: ${relative(root, file)} is missing; run \`npm run build\` first`);
    seen.add(file);
    const [imports] = parse(readFileSync(file, 'utf8'), file);
    for (const { n: specifier, d: dynamic } of imports) {
      if (dynamic !== -1 || specifier === undefined) continue;
      if (!specifier.startsWith('.')) throw new Error(`size-limit: ${file} imports "${specifier}"; the standalone bundle must be self-contained`);
      visit(join(dirname(file), specifier));
    }
  };
  visit(join(root, entry));
  return [...seen].map((file) => relative(root, file));
}

// Bundler consumers split lazy chunks out too, so `amwa` is also measured up to its dynamic imports.
const lazyChunksExternal = {
  name: 'lazy-chunks-external',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

// tsup's entries import their shared chunks bare; the package's `sideEffects` list lets esbuild
// drop the unused ones, as a host's bundler would, and esbuild warns about each. The dist
// suite runs the chunks unbundled, so a chunk with a real side effect is caught there.
const quiet = (config) => ({ ...config, logOverride: { ...config.logOverride, 'ignored-bare-import': 'silent' } });

export default [
  {
    name: 'standalone: initial load (everything to show Home)',
    path: staticGraph('dist/amwa.standalone.js'),
    disablePlugins: ['@size-limit/esbuild'],
    limit: '30 kB',
  },
  {
    name: 'amwa entry, all exports, without react (initial load)',
    path: 'dist/index.js',
    import: '*',
    ignore: ['react', 'react-dom'],
    modifyEsbuildConfig: (config) => quiet({ ...config, plugins: [...(config.plugins ?? []), lazyChunksExternal] }),
    limit: '25 kB',
  },
  {
    // No budget: shows what a host pays once every lazy page has loaded.
    name: 'amwa entry, all exports, without react, every lazy chunk included',
    path: 'dist/index.js',
    import: '*',
    ignore: ['react', 'react-dom'],
    modifyEsbuildConfig: quiet,
  },
];
