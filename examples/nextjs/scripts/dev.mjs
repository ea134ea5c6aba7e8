// `npm run dev`: the amwa sandbox (a development stand-in for the bank's API) on the port
// AMWA_API_ORIGIN names (default 4401), and `next dev` beside it, whose rewrites proxy the API
// there under this app's origin (next.config.mjs reads the same variable). An AMWA_API_ORIGIN
// that is not on this machine is a real test backend: no sandbox is started. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const windows = process.platform === 'win32';
const run = (command, args) => spawn(command, args, { stdio: 'inherit', shell: windows });
const api = new URL(process.env.AMWA_API_ORIGIN ?? 'http://127.0.0.1:4401');
const local = ['127.0.0.1', 'localhost', '[::1]'].includes(api.hostname);
const children = [
  ...(local ? [run('amwa-sandbox', ['--port', api.port || '80'])] : []),
  run('next', ['dev', ...process.argv.slice(2)]),
];
const stop = () => children.forEach((child) => child.kill());
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
process.on('SIGINT', stop).on('SIGTERM', stop);
