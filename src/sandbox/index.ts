import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { sandboxRoots } from './roots';
import { createState, type SandboxState } from './state';

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
   * The origin the browser sees the sandbox on behind a proxy that sets no `X-Forwarded-Host`:
   * every URL the sandbox hands out is on it, and its host is allowed.
   */
  publicUrl?: string;
}

/** An in-process sandbox: a Web-standard fetch handler over in-memory state. */
export interface Sandbox {
  fetch(request: Request): Promise<Response>;
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
  const { corsOrigins, allowedHosts, publicUrl } = options;
  const app = createApp(state, sandboxRoots(options), { corsOrigins, allowedHosts, publicUrl });
  return { fetch: async (request) => app.fetch(request), state, reset: () => state.reset() };
}

/** Serves a sandbox over HTTP; `port: 0` picks a free port, reported back in `port` and `url`. */
export function startSandbox({ port = 4400, host = '127.0.0.1', ...options }: SandboxOptions & { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: sandbox.fetch, port, hostname: host }, (info) => {
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
