// Which operation a request is, and what it does wrong against it: the sandbox checks every
// request it receives with these, and the e2e harness fails a test that made a bad one.
import { needsXsrf, XSRF_HEADER, type ApiName, type Operation } from './operation';

/** What a check needs to know about one request. */
export interface RequestFacts {
  /** Lower-case header names to values. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The body as parsed: JSON, form fields as an object, or undefined when there was none. */
  body: unknown;
}

/** The operation `method path` on `api` is, if any (paths relative to the server's base URL). */
export function findOperation(operations: readonly Operation<unknown, unknown>[], api: ApiName, method: string, path: string) {
  return operations.find((op) => op.api === api && op.method === method && op.path === path);
}

const isJson = (type = '') => /^application\/json\b/i.test(type);
const isForm = (type = '') => /^application\/x-www-form-urlencoded\b/i.test(type);

/** Everything the request does against `op`'s contract, as readable lines; empty when it keeps it. */
export function checkRequest(op: Operation<unknown, unknown>, { headers, body }: RequestFacts): string[] {
  const issues: string[] = [];
  const contentType = headers['content-type'];
  if (op.body) {
    const encoding = op.encoding ?? 'json';
    if (encoding === 'json' ? !isJson(contentType) : !isForm(contentType)) issues.push(`Content-Type must be ${encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded'}`);
    const parsed = op.body().safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) issues.push(`body.${issue.path.join('.') || '(root)'}: ${issue.message}`);
  } else if (body !== undefined) {
    issues.push('no body expected');
  }
  if (op.bearer && !/^Bearer \S+$/.test(headers.authorization ?? '')) issues.push('Authorization: Bearer token missing');
  if (needsXsrf(op) && !headers[XSRF_HEADER]) issues.push('X-XSRF-TOKEN missing');
  if (op.credentials === false && headers.cookie) issues.push('cookies sent on a call without credentials');
  for (const [name, rule] of Object.entries(op.headers ?? {})) {
    if (rule === 'required' && !headers[name]) issues.push(`${name} missing`);
  }
  return issues;
}
