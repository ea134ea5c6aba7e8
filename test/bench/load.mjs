#!/usr/bin/env node
// Load run (not a test): simulated users waiting on the QR logon page, each polling
// `GET …/qr/confirmed` over its own kept-alive connection, against a sandbox of its own on
// 127.0.0.1. Stops by itself; reports poll latency, failures and memory. The unit suite runs a
// short version (packages/amwa-sandbox/src/load.test.ts).
//
//   npm run bench:load [-- --users 200 --interval 500 --seconds 30]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from 'vite';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '200' }, interval: { type: 'string', default: '500' }, seconds: { type: 'string', default: '30' } },
});
const options = { users: Number(values.users), intervalMs: Number(values.interval), durationMs: Number(values.seconds) * 1000 };

const root = fileURLToPath(new URL('../..', import.meta.url));
const vite = await createServer({ root, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, watch: null, hmr: false } });
const { runLoad } = await vite.ssrLoadModule('/packages/amwa-sandbox/src/load.ts');
await vite.close();

console.log(`${options.users} users polling every ${options.intervalMs} ms for ${options.durationMs / 1000} s against the sandbox on 127.0.0.1 …\n`);
const report = await runLoad(options);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const row = (label, { heapUsed, rss }) => ({ when: label, heap: mb(heapUsed), rss: mb(rss) });
console.log(`requests ${report.requests}, answered ${report.answered}, failures ${JSON.stringify(report.failures)}`);
console.log(`polls answered per second ${report.pollsPerSecond}; latency p50 ${report.p50Ms} ms, p99 ${report.p99Ms} ms, max ${report.maxMs} ms`);
console.log(`QR codes held at the end ${report.pendingQrs.atEnd}, once expired ${report.pendingQrs.afterExpiry}\n`);
console.table([row('before', report.memory.before), row('end of run', report.memory.atEnd), row('codes expired', report.memory.afterExpiry)]);
process.exitCode = report.answered === report.requests && Object.keys(report.failures).length === 0 ? 0 : 1;
