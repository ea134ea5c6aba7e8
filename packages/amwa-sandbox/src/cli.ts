#!/usr/bin/env node
import { HELP, parseCommandLine, USAGE } from './cli-args';
import { parseOrigin } from './cors';
import { startSandbox, type RunningSandbox } from './index';
import { runSubcommand, SUBCOMMANDS } from './verify/cli';

// `amwa-sandbox verify …` and `amwa-sandbox proxy …` (docs/api-conformance.md) run instead of the
// sandbox; a proxy serves until a signal ends the process.
if (SUBCOMMANDS.has(process.argv[2] ?? '')) {
  const status = await runSubcommand(process.argv.slice(2));
  if (status !== undefined) process.exit(status);
  await new Promise<never>(() => undefined);
}

const command = parseCommandLine(process.argv.slice(2));
if (command.kind === 'help') {
  console.log(HELP);
  process.exit(0);
}
if (command.kind === 'error') {
  console.error(`amwa-sandbox: ${command.message}\n${USAGE}`);
  process.exit(2);
}
const chosen = command.options;

// Installed before the server listens, so that a signal during start-up ends it too. The sandbox
// keeps nothing worth waiting for: it stops listening, drops every connection (kept-alive ones
// included) and exits at once, without waiting for calls still running.
let running: RunningSandbox | undefined;
const stop = () => {
  void running?.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

startSandbox(chosen).then(
  (started) => {
    running = started;
    console.log(`amwa sandbox: ${started.url}/`);
    const listed = chosen.corsOrigins.map((origin) => parseOrigin(origin)).join(', ');
    console.log(`amwa sandbox: pages on ${listed ? `${listed} and ` : ''}localhost and *.localhost origins may use it across origins`);
    const hosts = [...chosen.allowedHosts, ...(chosen.publicUrl ? [new URL(chosen.publicUrl).hostname] : [])].join(', ');
    console.log(`amwa sandbox: answers requests for loopback addresses, localhost, *.localhost${hosts ? ` and ${hosts}` : ''}; 403 for any other host`);
    if (chosen.publicUrl) console.log(`amwa sandbox: hands out URLs on ${parseOrigin(chosen.publicUrl)} (--public-url), whatever forwarded headers say`);
    else {
      const proxies = chosen.trustedProxies.join(', ');
      console.log(`amwa sandbox: takes X-Forwarded-Host/-Proto and Forwarded from loopback addresses${proxies ? ` and ${proxies}` : ''} only`);
    }
  },
  (error: Error) => {
    console.error(`amwa sandbox: ${error.message}`);
    process.exit(1);
  },
);
