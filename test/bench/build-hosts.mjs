#!/usr/bin/env node
// Builds only the two bundled hosts the bench measures (vanilla `mount` and React `<AmwaPortal>`)
// from the packed package, as `npm run test:hosts` does, without the examples and Next.js it
// also builds: `npm run build && node test/bench/build-hosts.mjs && npm run bench`.
import { buildHost, pack } from '../hosts/build.mjs';

const tarball = pack();
for (const name of ['vanilla', 'react']) {
  const { files, bytes } = await buildHost(name, tarball);
  console.log(`bench hosts: ${name} built, first load ${(bytes / 1000).toFixed(2)} kB brotli in ${files} file(s)`);
}
