#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startSandbox } from './index';

const USAGE = 'usage: amwa-sandbox [--port 4400] [--host 127.0.0.1]';

function options() {
  try {
    const { values } = parseArgs({ options: { port: { type: 'string', default: '4400' }, host: { type: 'string', default: '127.0.0.1' } } });
    const port = Number(values.port);
    if (Number.isInteger(port) && port >= 0 && port < 65536) return { port, host: values.host };
  } catch {
    // Unknown or malformed options fall through to the usage line.
  }
  return undefined;
}

const chosen = options();
if (!chosen) {
  console.error(USAGE);
  process.exit(2);
}
startSandbox(chosen).then(
  (running) => {
    console.log(`amwa sandbox: ${running.url}/`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
  (error: Error) => {
    console.error(`amwa sandbox: ${error.message}`);
    process.exit(1);
  },
);
