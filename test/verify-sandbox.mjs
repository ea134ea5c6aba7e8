// `npm run test:verify`: the built sandbox CLI started on a free port, then `amwa-sandbox verify`
// run against it as a bank would run it against its test API (docs/api-conformance.md): every
// flow of the widget, call for call, checked against the contract, with CORS for a host page on
// another origin. Exits with verify's status. Needs `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sandboxListening } from './sandbox-listening.mjs';

const CLI = fileURLToPath(new URL('../packages/amwa-sandbox/dist/cli.js', import.meta.url));
const HOST_PAGE = 'http://app.localhost:5173';

/** Starts the sandbox on a free port; resolves with its origin and the child once it listens. */
function startSandbox() {
  return sandboxListening(spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] }));
}

const { url, child } = await startSandbox();
let status = 1;
try {
  const verify = spawnSync(process.execPath, [CLI, 'verify', '--api', `${url}/access`, '--origin', HOST_PAGE], { stdio: 'inherit' });
  status = verify.status ?? 1;
} finally {
  child.kill('SIGTERM');
}
if (status !== 0) console.error(`\ntest:verify: amwa-sandbox verify exited with ${status} against the demo sandbox`);
process.exit(status);
