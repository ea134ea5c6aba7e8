// Type declarations, the Vite plugin, the stylesheet and the sandbox package (its options from
// packages/amwa-sandbox/tsup.config.ts). The ES module builds of the browser
// entries come from scripts/build-browser.mjs (Rollup keeps each first screen in one file, which
// esbuild's splitter cannot). There is no CommonJS build: Node 20.19 and later load the ES modules
// through require() (see docs/embedding.md, "CommonJS").
import { mkdirSync, writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
import { sandboxBuild } from './packages/amwa-sandbox/tsup.config';

const reactPackages = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];

/** Type declarations of `amwa`, `amwa/react` and `amwa/server` (its code: scripts/build-server.mjs). */
const declarations: Options = {
  entry: { index: 'src/index.ts', react: 'src/react.tsx', server: 'src/server.tsx' },
  format: ['esm'],
  dts: { only: true },
  external: reactPackages,
};

/** `amwa/vite`: the Vite plugin, for Node (the host's build and dev server); Vite's types only, never its code. */
const vitePlugin: Options = {
  entry: { vite: 'src/vite.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: true,
  external: ['vite'],
};

/** The light-DOM stylesheet, from the same source the shadow root adopts, and its (empty) types. */
async function writeStylesheet() {
  const [{ css }, { flowCss }] = await Promise.all([import('./src/ui/styles'), import('./src/ui/flow-styles')]);
  mkdirSync('dist', { recursive: true });
  writeFileSync('dist/amwa.css', css + flowCss);
  writeFileSync('dist/amwa.css.d.ts', "// The stylesheet for light-DOM hosts: imported for its effect (`import 'amwa/amwa.css'`), it exports nothing to script.\nexport {};\n");
}

/** The `amwa-sandbox` package, from its own build config; the stylesheet is written once the build is done. */
const sandbox: Options = { ...sandboxBuild, onSuccess: writeStylesheet };

export default defineConfig([declarations, vitePlugin, sandbox]);
