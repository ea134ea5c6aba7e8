// The command line of `amwa-sandbox`, read into what to do: start with options, print the help,
// or stop with a message. Kept apart from cli.ts, which starts a server on import.
import { parseArgs } from 'node:util';
import { parseOrigin } from './cors';
import { hostPolicy } from './hosts';

/** The usage line printed with every command-line error. */
export const USAGE = 'usage: amwa-sandbox [--port 4400] [--host 127.0.0.1] [--cors-origin <origin>]... [--allowed-host <host>]... [--public-url <origin>] [--trusted-proxy <address>]... [--help]';

/** What `amwa-sandbox --help` prints. */
export const HELP = `amwa-sandbox: the amwa sandbox backend, a development server (never a production one).

${USAGE}

Options:
  --port <number>          port to listen on (default 4400; 0 picks a free one)
  --host <address>         address to listen on (default 127.0.0.1)
  --cors-origin <origin>   another origin whose pages may use the sandbox as their API and
                           call its control API, e.g. http://192.168.1.20:5173 (repeatable;
                           localhost and *.localhost origins always may)
  --allowed-host <host>    a host name the sandbox answers besides loopback addresses,
                           localhost and *.localhost, e.g. dev.bank.example, or .bank.example
                           for it and its subdomains (repeatable); requests for any other Host
                           get 403, against DNS rebinding
  --public-url <origin>    the origin the browser sees the sandbox on behind a proxy, e.g.
                           http://localhost:3000: every URL the sandbox hands out is on it,
                           its host is allowed, and forwarded headers are ignored
  --trusted-proxy <address>
                           the address of a proxy whose X-Forwarded-Host/-Proto and Forwarded
                           headers count, e.g. 10.0.0.2 (repeatable; loopback addresses always
                           do; from any other peer they are ignored)
  -h, --help               print this help and exit

Behind a proxy on this machine (or given with --trusted-proxy) that sets X-Forwarded-Host and
X-Forwarded-Proto, the sandbox hands out URLs on the forwarded origin, when its host is allowed;
of a list it believes only the last entry, the one the nearest proxy added.
Also: amwa-sandbox verify --api <apiBaseUrl> checks an API against the contract, and
amwa-sandbox proxy --to <apiBaseUrl> reports its drift as you click (--help on each;
node_modules/amwa/docs/api-conformance.md).
Docs: node_modules/amwa/docs/sandbox.md (the amwa package; amwa-sandbox's own README says the same).`;

/** What the sandbox starts with. */
export interface CliOptions {
  port: number;
  host: string;
  corsOrigins: string[];
  allowedHosts: string[];
  publicUrl?: string;
  trustedProxies: string[];
}

/** What the command line asks for: a start, the help, or an error to print with the usage line. */
export type CliCommand = { kind: 'start'; options: CliOptions } | { kind: 'help' } | { kind: 'error'; message: string };

const readArgs = (args: readonly string[]) =>
  parseArgs({
    args: [...args],
    options: {
      port: { type: 'string', default: '4400' },
      host: { type: 'string', default: '127.0.0.1' },
      'cors-origin': { type: 'string', multiple: true, default: [] },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      'public-url': { type: 'string' },
      'trusted-proxy': { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;

/** Reads `args` (the arguments after the script, as `process.argv.slice(2)`). */
export function parseCommandLine(args: readonly string[]): CliCommand {
  let values: ReturnType<typeof readArgs>;
  try {
    values = readArgs(args);
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { kind: 'error', message: `--port ${values.port} is not a port number` };
  const corsOrigins = values['cors-origin'];
  const bad = corsOrigins.find((origin) => !parseOrigin(origin));
  if (bad !== undefined) return { kind: 'error', message: `--cors-origin ${bad} is not an origin: give scheme://host[:port], e.g. http://app.localhost:3000` };
  const allowedHosts = values['allowed-host'];
  const publicUrl = values['public-url'];
  const trustedProxies = values['trusted-proxy'];
  try {
    hostPolicy({ allowedHosts, publicUrl, trustedProxies });
  } catch (error) {
    const message = (error as Error).message
      .replace(/^allowed host/, '--allowed-host')
      .replace(/^public URL/, '--public-url')
      .replace(/^trusted proxy/, '--trusted-proxy');
    return { kind: 'error', message };
  }
  return { kind: 'start', options: { port, host: values.host, corsOrigins, allowedHosts, ...(publicUrl === undefined ? {} : { publicUrl }), trustedProxies } };
}
