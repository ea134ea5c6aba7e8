#!/usr/bin/env node
// Builds the two bundled hosts the bench measures from the packed package, as a host's web team
// would: test/hosts/bench-vanilla (`mount`) and test/hosts/bench-react (React 19 and <AmwaPortal>
// under StrictMode), into .tmp/hosts/{vanilla,react}/dist, served by test/bench/first-screen.mjs
// under /hosts/{vanilla,react}/, each with amwa's Vite plugin (`amwa/vite`) and V8's compile hint
// on its entry chunk, as a bank following docs/vite.md would; `--no-compile-hint` leaves the hint
// out (to measure what it does: docs/vite.md). `npm run test:hosts` also builds the vanilla one
// (with every example); this builds only these two:
//   npm run build && node test/bench/build-hosts.mjs [--no-compile-hint] && npm run bench
import { buildBenchHost, pack } from '../hosts/build.mjs';

const compileHint = !process.argv.includes('--no-compile-hint');
const tarball = pack();
for (const name of ['vanilla', 'react']) {
  await buildBenchHost(name, tarball, { compileHint });
  console.log(`bench hosts: ${name} built into .tmp/hosts/${name}/dist${compileHint ? '' : ' (without the compile hint)'}`);
}
