#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { parseOrigin } from './cors';
import { startSandbox, type RunningSandbox } from './index';

const USAGE = 'usage: amwa-sandbox [--port 4400] [--host 127.0.0.1] [--cors-origin <origin>]...';

type Options = { port: number; host: string; corsOrigins: string[] };

const readArgs = () =>
  parseArgs({
    options: {
      port: { type: 'string', default: '4400' },
      host: { type: 'string', default: '127.0.0.1' },
      'cors-origin': { type: 'string', multiple: true, default: [] },
    },
  }).values;

function options(): Options | string {
  let values: ReturnType<typeof readArgs>;
  try {
    values = readArgs();
  } catch (error) {
    return (error as Error).message;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return `--port ${values.port} is not a port number`;
  const corsOrigins = values['cors-origin'];
  const bad = corsOrigins.find((origin) => !parseOrigin(origin));
  if (bad !== undefined) return `--cors-origin ${bad} is not an origin: give scheme://host[:port], e.g. http://app.localhost:3000`;
  return { port, host: values.host, corsOrigins };
}

const chosen = options();
if (typeof chosen === 'string') {
  console.error(`amwa-sandbox: ${chosen}\n${USAGE}`);
  process.exit(2);
}

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
  },
  (error: Error) => {
    console.error(`amwa sandbox: ${error.message}`);
    process.exit(1);
  },
);
