#!/usr/bin/env node
// Builds the two bundled hosts the bench measures from the packed package, as a host's web team
// would: test/hosts/bench-vanilla (`mount`) and test/hosts/bench-react (React 19 and <AmwaPortal>
// under StrictMode), into .tmp/hosts/{vanilla,react}/dist, served by test/bench/first-screen.mjs
// under /hosts/{vanilla,react}/. `npm run test:hosts` also builds the vanilla one (with every
// example); this builds only these two:
//   npm run build && node test/bench/build-hosts.mjs && npm run bench
import { cpSync, existsSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { installPacked, pack } from '../hosts/build.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tarball = pack();
for (const name of ['vanilla', 'react']) {
  const dir = join(root, '.tmp', 'hosts', name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, 'test', 'hosts', `bench-${name}`), dir, { recursive: true });
  installPacked(tarball, dir);
  // The host's own framework, as its package.json would bring it.
  for (const dependency of name === 'react' ? ['react', 'react-dom', 'scheduler'] : []) {
    const link = join(dir, 'node_modules', dependency);
    if (!existsSync(link)) symlinkSync(join(root, 'node_modules', dependency), link, 'dir');
  }
  await build({
    configFile: false,
    root: dir,
    base: `/hosts/${name}/`,
    logLevel: 'warn',
    esbuild: { jsx: 'automatic' },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, reportCompressedSize: false },
  });
  console.log(`bench hosts: ${name} built into .tmp/hosts/${name}/dist`);
}
