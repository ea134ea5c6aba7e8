#!/usr/bin/env node
// Builds the hosts the bench measures beside its own pages, from the packed packages, as a host's
// web team would:
// - test/hosts/bench-vanilla (`mount`) and test/hosts/bench-react (React 19 and <AmwaPortal>
//   under StrictMode), into .tmp/hosts/{vanilla,react}/dist, served by test/bench/first-screen.mjs
//   under /hosts/{vanilla,react}/, each with amwa's Vite plugin (`amwa/vite`) and V8's compile hint
//   on its entry chunk, as a bank following docs/vite.md would; `--no-compile-hint` leaves the hint
//   out (to measure what it does: docs/vite.md);
// - the two server-rendered examples, examples/node-server and examples/nextjs (`next build`), in
//   the copies `npm run test:hosts` makes of them (test/hosts/copies.mjs), which the bench starts
//   as their READMEs say (`node server.mjs`, `next start`) against its own sandbox; `--no-next`
//   leaves the Next.js build out (it takes minutes).
// `npm run test:hosts` builds the vanilla one and both examples too (with every other example);
// this builds only these four:
//   npm run build && node test/bench/build-hosts.mjs [--no-compile-hint] [--no-next] && npm run bench
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildBenchHost, buildExample, pack } from '../hosts/build.mjs';
import { copiesDir, exampleCopy } from '../hosts/copies.mjs';
import EXAMPLES from '../hosts/examples.json' with { type: 'json' };

const compileHint = !process.argv.includes('--no-compile-hint');
const next = !process.argv.includes('--no-next');
// As test:hosts installs them: from both packages' tarballs, outside the repository.
const tarballDir = join(copiesDir, 'tarballs');
rmSync(tarballDir, { recursive: true, force: true });
const tarballs = { amwa: pack(tarballDir), 'amwa-sandbox': pack(tarballDir, 'amwa-sandbox') };
for (const name of ['node-server', ...(next ? ['nextjs'] : [])]) {
  await buildExample(name, EXAMPLES[name], tarballs, { next });
  console.log(`bench hosts: examples/${name} installed${name === 'nextjs' ? ' and built' : ''} in ${exampleCopy(name)}`);
}
// After the examples: Vite's build sets NODE_ENV=production in this process, and an npm install
// under it would leave out their devDependencies (the sandbox).
const tarball = pack();
for (const name of ['vanilla', 'react']) {
  await buildBenchHost(name, tarball, { compileHint });
  console.log(`bench hosts: ${name} built into .tmp/hosts/${name}/dist${compileHint ? '' : ' (without the compile hint)'}`);
}
