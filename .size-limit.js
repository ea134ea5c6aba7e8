// Size budgets (brotli), checked by `npm run test:size` after the build. Runs offline.
//
// The standalone bundle is measured as shipped, not re-bundled: its first load is the file plus
// every chunk it reaches through static imports, found by following them with es-module-lexer
// (there must be none: Home is one module request). What a browser really fetches before the
// first screen is checked by test/e2e/first-screen.e2e.ts, a vanilla host built from the packed
// package by test/hosts.
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

const standaloneFirstLoad = staticGraph('dist/amwa.standalone.js');
if (standaloneFirstLoad.length !== 1) {
  throw new Error(`size-limit: the standalone bundle reaches ${standaloneFirstLoad.join(', ')} before its first screen; it must be one file`);
}

// A host's bundler splits the lazy chunks out too, so `amwa` is measured up to its dynamic imports.
const lazyChunksExternal = {
  name: 'lazy-chunks-external',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

export default [
  {
    name: 'standalone: first load, one file (everything to show Home)',
    path: standaloneFirstLoad,
    disablePlugins: ['@size-limit/esbuild'],
    limit: '30 kB',
  },
  {
    name: 'amwa entry, all exports, Preact inside (first load, as a host bundles it)',
    path: 'dist/index.js',
    import: '*',
    modifyEsbuildConfig: (config) => ({ ...config, plugins: [...(config.plugins ?? []), lazyChunksExternal] }),
    limit: '30 kB',
  },
  {
    // No budget: shows what a host pays once every lazy page has loaded (locale tables excluded).
    name: 'amwa entry, all exports, every lazy page included',
    path: 'dist/index.js',
    import: '*',
    modifyEsbuildConfig: (config) => ({
      ...config,
      plugins: [
        ...(config.plugins ?? []),
        { name: 'no-locales', setup: (build) => build.onResolve({ filter: /\/lib\/[a-z]{2}(-[A-Z]{2})?-[\w-]+\.js$/ }, (args) => ({ path: args.path, external: true })) },
      ],
    }),
  },
];
