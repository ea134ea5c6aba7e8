// The amwa-sandbox package's build: the backend, its CLI and the testing kit for Node. Its own
// sources and the contract it shares with the widget (src/contract of the repository) are bundled
// in; its dependencies are imported, never bundled, so `npm audit` sees them. Paths are this
// folder's, whatever the working directory: the repository's `npm run build` runs it with the
// widget's build (tsup.config.ts at the root), and `npx tsup` here runs it alone.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const { dependencies } = JSON.parse(readFileSync(here('package.json'), 'utf8')) as { dependencies: Record<string, string> };
const isDependency = new RegExp(`^(${Object.keys(dependencies).join('|')})(/|$)`);

/** The `amwa-sandbox` build options: three entries into dist/, with types for the two that are imported. */
export const sandboxBuild: Options = {
  entry: { index: here('src/index.ts'), cli: here('src/cli.ts'), testing: here('src/testing/index.ts') },
  outDir: here('dist'),
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: { index: here('src/index.ts'), testing: here('src/testing/index.ts') } },
  external: [isDependency],
};

export default defineConfig(sandboxBuild);
