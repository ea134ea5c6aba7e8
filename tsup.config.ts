// CommonJS builds, type declarations, the stylesheet and the sandbox. The ES module builds of
// the browser entries come from scripts/build-browser.mjs (Rollup keeps each first screen in one
// file, which esbuild's splitter cannot).
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { defineConfig, type Options } from 'tsup';
import { browserTargets } from './scripts/browser-target.mjs';

// The supported browsers (.browserslistrc, docs/browsers.md) as esbuild targets.
const browserTarget = browserTargets();
const preactAliases = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};
const reactPackages = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];

// CommonJS cannot split: the locale tables stay files of the package, required on demand.
const localesOnDisk: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'locales-on-disk',
  setup(build) {
    build.onResolve({ filter: /\/locales\/[\w-]+\.json$/ }, (args) => ({ path: `../locales/${basename(args.path)}`, external: true }));
  },
};

const commonJs: Options = {
  format: ['cjs'],
  target: browserTarget,
  platform: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
  esbuildPlugins: [localesOnDisk],
};

/** `amwa` for require(): Preact inside, like the ES module build. */
const indexCjs: Options = {
  ...commonJs,
  entry: { index: 'src/index.ts' },
  noExternal: [/.*/],
  esbuildOptions(options) {
    options.alias = preactAliases;
  },
  async onSuccess() {
    // The light-DOM stylesheet, from the same source the shadow root adopts.
    const [{ css }, { flowCss }] = await Promise.all([import('./src/ui/styles'), import('./src/ui/flow-styles')]);
    writeFileSync('dist/amwa.css', css + flowCss);
  },
};

/** `amwa/react` for require(): the host's React renders it. */
const reactCjs: Options = {
  ...commonJs,
  entry: { react: 'src/react.tsx' },
  external: reactPackages,
  noExternal: [/^(?!react$|react-dom$|react-dom\/|react\/).*/],
  banner: { js: "'use client';" },
};

/** Type declarations for both module systems; written once, beside the builds. */
const declarations: Options = {
  entry: { index: 'src/index.ts', react: 'src/react.tsx', sandbox: 'src/sandbox/index.ts' },
  format: ['esm', 'cjs'],
  dts: { only: true },
  external: reactPackages,
};

/** The sandbox backend and its CLI run in Node, with their server packages bundled in. */
const sandbox: Options = {
  entry: { sandbox: 'src/sandbox/index.ts', 'sandbox-cli': 'src/sandbox/cli.ts' },
  format: ['esm', 'cjs'],
  target: 'node20',
  platform: 'node',
  noExternal: [/.*/],
  metafile: true,
  // Bundled CommonJS packages call require() for Node's built-ins; an ES module has none.
  banner: ({ format }) => (format === 'esm' ? { js: "import { createRequire as __amwaRequire } from 'node:module'; const require = __amwaRequire(import.meta.url);" } : {}),
};

export default defineConfig([indexCjs, reactCjs, declarations, sandbox]);
