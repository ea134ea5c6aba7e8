// `npm run dev`: the amwa sandbox (a development stand-in for the bank's API) on port 4401, or
// where AMWA_SANDBOX_URL says, and Vite beside it, which proxies the API there under this app's
// origin (vite.config.ts). Ctrl+C stops both.
import { spawn } from 'node:child_process';

const windows = process.platform === 'win32';
const run = (command, args) => spawn(command, args, { stdio: 'inherit', shell: windows });
const { port } = new URL(process.env.AMWA_SANDBOX_URL ?? 'http://127.0.0.1:4401');
const children = [run('amwa-sandbox', ['--port', port]), run('vite', process.argv.slice(2))];
const stop = () => children.forEach((child) => child.kill());
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
process.on('SIGINT', stop).on('SIGTERM', stop);
