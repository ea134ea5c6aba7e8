// The sandbox checks every API request it receives against the contract (src/contract) and keeps
// a log of them: which operation each one was, what it sent, and what it did wrong. The e2e
// harness reads the log after every test and fails on a call the contract does not have.
import type { Context, MiddlewareHandler } from 'hono';
import { checkRequest, findOperation, OPERATIONS, type ApiName } from '../contract/index';
import { API_BASE } from './http';
import { defineSlice, type SandboxState } from './state';

/** One API request as the sandbox received it. */
export interface LoggedRequest {
  /** Epoch milliseconds. */
  at: number;
  method: string;
  /** As requested, e.g. `/access/v1/api/public/qr`. */
  path: string;
  /** The operation it is; undefined when the contract has none for it. */
  operationId?: string;
  /** What it does against the operation's contract; empty when it keeps it. */
  issues: string[];
  /** Lower-case names; the cookie header is reduced to the cookie names. */
  headers: Record<string, string>;
  /** JSON or form fields as an object; undefined without a body. */
  body: unknown;
  /** Sent by a browser (it carries Sec-Fetch-Mode), not by a test or a script. */
  fromBrowser: boolean;
  /** The status the sandbox answered. */
  status?: number;
}

const log = defineSlice('contract-log', () => [] as LoggedRequest[]);

/** Every API request since the last reset, oldest first. */
export const contractLog = (state: SandboxState): readonly LoggedRequest[] => state.slice(log);

const SECURITY = /^\/(security-means|security|oauth2)\//;

/** Which server and contract path a sandbox path is; undefined for the sandbox's own pages and files. */
function locate(c: Context): { api: ApiName; path: string } | undefined {
  const { path, method } = c.req;
  if (SECURITY.test(path)) return { api: 'security', path };
  if (path.startsWith(`${API_BASE}/v1/`)) return { api: 'access', path: path.slice(API_BASE.length) };
  // The XSRF probe fetches the API base, which is also the example page: a navigation asks for HTML.
  if (method === 'GET' && path === `${API_BASE}/` && !(c.req.header('accept') ?? '').includes('text/html')) return { api: 'access', path: '/' };
  return undefined;
}

async function readBody(c: Context): Promise<unknown> {
  // The Node server's requests refuse to read a GET's (absent) body.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return undefined;
  const text = await c.req.text();
  if (text === '') return undefined;
  if ((c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Logs and checks every API request; the answer is left to the route modules (and the fault knobs). */
export const contractCheck =
  (state: SandboxState): MiddlewareHandler =>
  async (c, next) => {
    const where = locate(c);
    if (!where) return next();
    const headers = Object.fromEntries(c.req.raw.headers);
    if (headers.cookie) headers.cookie = headers.cookie.split(';').map((pair) => pair.split('=')[0]!.trim()).join('; ');
    const body = await readBody(c);
    const op = findOperation(OPERATIONS, where.api, c.req.method, where.path);
    const entry: LoggedRequest = {
      at: state.now(),
      method: c.req.method,
      path: c.req.path,
      operationId: op?.id,
      issues: op ? checkRequest(op, { headers: Object.fromEntries(c.req.raw.headers), body }) : ['the contract has no such operation'],
      headers,
      body,
      fromBrowser: c.req.header('sec-fetch-mode') !== undefined,
    };
    state.slice(log).push(entry);
    await next();
    entry.status = c.res.status;
  };
