import type { Server } from 'node:http';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { createApp } from './app';
import type { BenchRenderer } from './bench';
import type { Connection } from './hosts';
import { sandboxRoots } from './roots';
import { createState, type SandboxState } from './state';

export type { BenchRenderer } from './bench';
export type { Connection } from './hosts';
export type { Fault, OutboxMail, PendingQr, Persona, SandboxConfig, SandboxState, ScannerStatus } from './state';

/** Options of `createSandbox`. */
export interface SandboxOptions {
  /** Folder of the `amwa` package whose `dist/`, `locales/` and `static/` it serves (default: the `amwa` installed beside the sandbox). */
  root?: string;
  /** Folder holding the examples' `dist-examples/` and `examples/` (default: this package). */
  examplesRoot?: string;
  /** Clock for expiries, `sentAt` and the `Date` header (default `Date.now`). */
  now?: () => number;
  /**
   * Origins (`scheme://host[:port]`) whose pages may use the sandbox as their API, with
   * credentials, and call its control API; `localhost` and `*.localhost` origins always may.
   */
  corsOrigins?: readonly string[];
  /**
   * Host names the sandbox answers besides loopback addresses, `localhost` and `*.localhost`
   * (a leading dot: the name and its subdomains); every other `Host` gets 403, against DNS rebinding.
   */
  allowedHosts?: readonly string[];
  /**
   * The origin the browser sees the sandbox on behind a proxy: every URL the sandbox hands out is
   * on it, its host is allowed, and forwarded headers are ignored.
   */
  publicUrl?: string;
  /**
   * Addresses of proxies (`10.0.0.2`, `::1`) whose `X-Forwarded-Host`/`-Proto` and `Forwarded`
   * headers count, besides loopback addresses; from any other peer, and from a request without
   * one, they are ignored.
   */
  trustedProxies?: readonly string[];
  /**
   * amwa/server's `renderToString` (or another renderer of the element with its first screen):
   * adds the bench's server-rendered page, `/__sandbox/bench/server/` (`npm run bench` passes the built one).
   */
  benchRenderer?: BenchRenderer;
}

/** An in-process sandbox: a Web-standard fetch handler over in-memory state. */
export interface Sandbox {
  /** Answers `request`; `connection.peer` is the address it came from, without which its forwarded headers are ignored. */
  fetch(request: Request, connection?: Connection): Promise<Response>;
  state: SandboxState;
  /** Personas, outbox, attempts, faults and config back to the seed. */
  reset(): void;
}

/** A sandbox listening on a port. */
export interface RunningSandbox {
  /** Origin, e.g. `http://127.0.0.1:4400`. */
  url: string;
  port: number;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** Creates the sandbox backend of design section 5, for in-process use (`sandbox.fetch(request)`). */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const state = createState(options.now);
  const { corsOrigins, allowedHosts, publicUrl, trustedProxies, benchRenderer } = options;
  const app = createApp(state, sandboxRoots(options), { corsOrigins, allowedHosts, publicUrl, trustedProxies, benchRenderer });
  return { fetch: async (request, connection = {}) => app.fetch(request, connection), state, reset: () => state.reset() };
}

/** Serves a sandbox over HTTP; `port: 0` picks a free port, reported back in `port` and `url`. */
export function startSandbox({ port = 4400, host = '127.0.0.1', ...options }: SandboxOptions & { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  return new Promise((resolve, reject) => {
    // The socket's remote address says whether the request came from a proxy the sandbox trusts.
    const fetch = (request: Request, { incoming }: HttpBindings | Http2Bindings) => sandbox.fetch(request, { peer: incoming.socket.remoteAddress });
    const server = serve({ fetch, port, hostname: host }, (info) => {
      server.off('error', reject);
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`,
        port: info.port,
        sandbox,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            (server as Server).closeAllConnections?.();
          }),
      });
    });
    server.once('error', reject);
  });
}
