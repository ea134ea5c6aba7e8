// `amwa-sandbox verify` and `amwa-sandbox proxy`: their command lines and what they print.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseOrigin } from '../cors';
import { startProxy } from '../proxy';
import { verifyApi, type VerifyConfig } from './index';
import { formatJson, formatJunit, formatTable } from './report';

/** The subcommands the CLI hands to this module. */
export const SUBCOMMANDS: ReadonlySet<string> = new Set(['verify', 'proxy']);

/** What `amwa-sandbox verify --help` prints. */
export const VERIFY_HELP = `amwa-sandbox verify: runs the widget's flows against an API and checks every answer against the contract.

usage: amwa-sandbox verify --api <apiBaseUrl> [--security-api <url>] [--origin <host page origin>] [--config <file>] [--junit <file>] [--json <file>]

Options:
  --api <url>            the widget's apiBaseUrl, e.g. https://test.bank.example/access
  --security-api <url>   the widget's securityApiBaseUrl (default: the origin of --api)
  --origin <origin>      the host page's origin: CORS and cross-site cookies are checked for it
  --config <file>        a JS module whose default export gives hooks and personas (docs/api-conformance.md);
                         against an amwa sandbox none is needed
  --junit <file>         also write JUnit XML
  --json <file>          also write the report as JSON
  -h, --help             print this help and exit

Exit status: 0 when every case that ran conforms, 1 when one does not, 2 for a usage error.`;

/** What `amwa-sandbox proxy --help` prints. */
export const PROXY_HELP = `amwa-sandbox proxy: a reverse proxy that checks every call and answer against the contract as it passes.

usage: amwa-sandbox proxy --to <apiBaseUrl> [--security-api <url>] [--port 4410] [--host 127.0.0.1]

Point the widget's apiBaseUrl at the proxy (same path, e.g. http://localhost:4410/access) and its
securityApiBaseUrl at the proxy's origin. Drift is printed as it happens and listed at
http://localhost:4410/__proxy/report (HTML, or JSON with Accept: application/json).`;

/** The arguments after `verify`, read; or the message of a usage error. */
export function parseVerifyArgs(args: readonly string[]):
  | { kind: 'run'; api: string; securityApi?: string; origin?: string; config?: string; junit?: string; json?: string }
  | { kind: 'help' }
  | { kind: 'error'; message: string } {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      options: {
        api: { type: 'string' },
        'security-api': { type: 'string' },
        origin: { type: 'string' },
        config: { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (!values.api) return { kind: 'error', message: '--api <apiBaseUrl> is required' };
  for (const [name, url] of [['--api', values.api], ['--security-api', values['security-api']]] as const) {
    if (url !== undefined && !/^https?:\/\//.test(url)) return { kind: 'error', message: `${name} ${url} is not an http(s) URL` };
  }
  if (values.origin !== undefined && !parseOrigin(values.origin)) return { kind: 'error', message: `--origin ${values.origin} is not an origin: give scheme://host[:port]` };
  const { api, origin, config, junit, json } = values;
  const securityApi = values['security-api'];
  return { kind: 'run', api, ...(securityApi ? { securityApi } : {}), ...(origin ? { origin } : {}), ...(config ? { config } : {}), ...(junit ? { junit } : {}), ...(json ? { json } : {}) };
}

/** The arguments after `proxy`, read. */
export function parseProxyArgs(args: readonly string[]): { kind: 'run'; to: string; securityApi?: string; port: number; host: string } | { kind: 'help' } | { kind: 'error'; message: string } {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      options: {
        to: { type: 'string' },
        'security-api': { type: 'string' },
        port: { type: 'string', default: '4410' },
        host: { type: 'string', default: '127.0.0.1' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (!values.to || !/^https?:\/\//.test(values.to)) return { kind: 'error', message: '--to <apiBaseUrl> is required, an http(s) URL' };
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { kind: 'error', message: `--port ${values.port} is not a port number` };
  const securityApi = values['security-api'];
  return { kind: 'run', to: values.to, ...(securityApi ? { securityApi } : {}), port, host: values.host };
}

async function loadConfig(file: string): Promise<VerifyConfig> {
  const loaded = (await import(pathToFileURL(resolve(file)).href)) as { default?: VerifyConfig };
  if (!loaded.default || typeof loaded.default !== 'object') throw new Error(`${file} has no default export (the config object)`);
  return loaded.default;
}

async function verify(args: readonly string[]): Promise<number> {
  const command = parseVerifyArgs(args);
  if (command.kind === 'help') return console.log(VERIFY_HELP), 0;
  if (command.kind === 'error') return console.error(`amwa-sandbox verify: ${command.message}\n${VERIFY_HELP.split('\n')[2]}`), 2;
  const config = command.config ? await loadConfig(command.config) : {};
  const report = await verifyApi({ ...config, api: command.api, ...(command.securityApi ? { securityApi: command.securityApi } : {}), ...(command.origin ? { origin: command.origin } : {}) });
  console.log(formatTable(report));
  if (command.junit) await writeFile(command.junit, formatJunit(report));
  if (command.json) await writeFile(command.json, formatJson(report));
  return report.ok ? 0 : 1;
}

async function proxy(args: readonly string[]): Promise<number | undefined> {
  const command = parseProxyArgs(args);
  if (command.kind === 'help') return console.log(PROXY_HELP), 0;
  if (command.kind === 'error') return console.error(`amwa-sandbox proxy: ${command.message}\n${PROXY_HELP.split('\n')[2]}`), 2;
  const running = await startProxy({ to: command.to, ...(command.securityApi ? { securityApi: command.securityApi } : {}), port: command.port, host: command.host, onDrift: (drift) => console.log(`drift: ${drift.operationId} ${drift.status ?? ''}: ${drift.problems.join('; ')}`) });
  const stop = () => void running.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`amwa-sandbox proxy: ${running.url}/ forwards to ${command.to}; report at ${running.url}/__proxy/report`);
  return undefined;
}

/** Runs `verify` or `proxy` with the arguments after it: the exit status, or undefined while a proxy serves. */
export async function runSubcommand([name, ...args]: readonly string[]): Promise<number | undefined> {
  try {
    return name === 'verify' ? await verify(args) : await proxy(args);
  } catch (error) {
    console.error(`amwa-sandbox ${name}: ${(error as Error).message}`);
    return 2;
  }
}
