// `npm run dev`: the amwa sandbox (a development stand-in for the bank's API) on port 4401 and
// Vite beside it, which proxies the API under this app's origin (vite.config.ts). Ctrl+C stops both.
import { spawn } from 'node:child_process';

const windows = process.platform === 'win32';
const run = (command, args) => spawn(command, args, { stdio: 'inherit', shell: windows });
const children = [run('amwa-sandbox', ['--port', '4401']), run('vite', process.argv.slice(2))];
const stop = () => children.forEach((child) => child.kill());
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
process.on('SIGINT', stop).on('SIGTERM', stop);
