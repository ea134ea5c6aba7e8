import { writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const browserTarget = ['es2022'];
const preactAliases = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

/** The npm entries: React stays a peer dependency. */
const library: Options = {
  entry: { index: 'src/index.ts', react: 'src/react.tsx', register: 'src/register.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: browserTarget,
  platform: 'browser',
  external: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'],
  treeshake: true,
};

/** The sandbox backend and its CLI run in Node. */
const sandbox: Options = {
  entry: { sandbox: 'src/sandbox/index.ts', 'sandbox-cli': 'src/sandbox/cli.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { sandbox: 'src/sandbox/index.ts' } },
  target: 'node20',
  platform: 'node',
};

/** One ES module for a plain script tag: Preact instead of React, pages in lazily loaded chunks. */
const standalone: Options = {
  entry: { 'amwa.standalone': 'src/standalone.ts' },
  format: ['esm'],
  splitting: true,
  minify: true,
  target: browserTarget,
  platform: 'browser',
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"' },
  esbuildOptions(options) {
    options.alias = preactAliases;
    options.chunkNames = 'chunks/[name]-[hash]';
  },
  async onSuccess() {
    const [{ css }, { flowCss }] = await Promise.all([import('./src/ui/styles'), import('./src/ui/flow-styles')]);
    writeFileSync('dist/amwa.css', css + flowCss);
  },
};

/** The React host example, bundled with real React. */
const reactExample: Options = {
  entry: { react: 'examples/react/main.tsx' },
  outDir: 'dist-examples',
  format: ['esm'],
  minify: true,
  target: browserTarget,
  platform: 'browser',
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"' },
};

export default defineConfig([library, sandbox, standalone, reactExample]);
