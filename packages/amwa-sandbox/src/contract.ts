// The sandbox checks every API request it receives against the contract (src/contract) and keeps
// a log of them: which operation each one was, what it sent, and what it did wrong. The e2e
// harness reads the log after every test and fails on a call the contract does not have. The log
// is bounded: it keeps the newest requests, and the bodies only of small requests the sandbox took.
import type { Context, MiddlewareHandler } from 'hono';
import { checkRequest, findOperation, OPERATIONS, type ApiName } from '../../../src/contract/index';
import { API_BASE, wasRefused } from './http';
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
  /**
   * JSON or form fields as an object; undefined without a body, and for a body that is checked
   * but not kept: one the sandbox refused (the XSRF check), or one over `LOGGED_BODY_LIMIT`.
   */
  body: unknown;
  /** Sent by a browser (it carries Sec-Fetch-Mode), not by a test or a script. */
  fromBrowser: boolean;
  /** The status the sandbox answered. */
  status?: number;
}

/** Most requests the log keeps: the oldest go first. An e2e test makes a few hundred at most. */
export const MAX_LOGGED_REQUESTS = 1000;
/** Longest request body the log keeps, in characters; the widget's bodies are a few hundred. */
export const LOGGED_BODY_LIMIT = 16 * 1024;

const log = defineSlice('contract-log', () => [] as LoggedRequest[]);

/** The newest API requests since the last reset (at most `MAX_LOGGED_REQUESTS`), oldest first. */
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

// Read after the route answered: from the copy the route kept, or (for a refused request, which
// no route read) from the request, to check it; either way it is let go of at the end.
async function readBody(c: Context): Promise<{ value: unknown; length: number }> {
  // The Node server's requests refuse to read a GET's (absent) body.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return { value: undefined, length: 0 };
  const text = await c.req.text().catch(() => '');
  if (text === '') return { value: undefined, length: 0 };
  if ((c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return { value: Object.fromEntries(new URLSearchParams(text)), length: text.length };
  try {
    return { value: JSON.parse(text), length: text.length };
  } catch {
    return { value: text, length: text.length };
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
    const op = findOperation(OPERATIONS, where.api, c.req.method, where.path);
    const entry: LoggedRequest = {
      at: state.now(),
      method: c.req.method,
      path: c.req.path,
      operationId: op?.id,
      issues: op ? [] : ['the contract has no such operation'],
      headers,
      body: undefined,
      fromBrowser: c.req.header('sec-fetch-mode') !== undefined,
    };
    const entries = state.slice(log);
    entries.push(entry);
    if (entries.length > MAX_LOGGED_REQUESTS) entries.splice(0, entries.length - MAX_LOGGED_REQUESTS);
    await next();
    entry.status = c.res.status;
    const body = await readBody(c);
    if (op) entry.issues = checkRequest(op, { headers: Object.fromEntries(c.req.raw.headers), body: body.value });
    if (!wasRefused(c) && body.length <= LOGGED_BODY_LIMIT) entry.body = body.value;
  };
