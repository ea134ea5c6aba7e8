// What the widget needs from one answer of the bank's API, checked against the contract
// (src/contract) and the widget's own limits: the statuses it handles, the anti-hijacking prefix,
// JSON, the body's shape, the headers it reads, CORS for the host page's origin, cookies such a
// page can keep, server durations within the bounds the widget accepts, and its time-outs.
// Shared by `verify` (which drives the flows) and the proxy (which watches a developer's clicks).
import * as z from 'zod/mini';
import { OPERATION_DOCS } from '../../../../src/contract/descriptions';
import { needsXsrf, TRACE_HEADER, XSRF_COOKIE, type Operation } from '../../../../src/contract/operation';
import { errorBodySchema } from '../../../../src/contract/shapes';
import { boundServerDuration, readRetryAfter, SERVER_DURATION_BOUNDS } from '../../../../src/core/server-duration';

/** The prefix the bank's API writes before every JSON body (the widget strips it). */
export const JSON_PREFIX = ")]}'\n";

/** One answer as it came back. */
export interface Answer {
  status: number;
  headers: Headers;
  /** The body as text, prefix and all. */
  text: string;
  /** From sending the request to the end of the body. */
  ms: number;
}

/** What the widget would have done with a call that got no answer. */
export type NoAnswer = { kind: 'timeout'; timeoutMs: number } | { kind: 'network'; message: string };

/** What an answer is checked against besides the operation's contract. */
export interface AnswerExpectation {
  /** The statuses this step of the flow expects (e.g. [200], or [400] in a negative case). */
  statuses: readonly number[];
  /** The host page's origin: its CORS and cookie needs are checked when given. */
  origin?: string;
  /** Where the call went: cookies must cover its path. */
  url: string;
  /** False when the request carried no X-XSRF-TOKEN: a 403 then says nothing about the cookie (default true). */
  xsrfEchoed?: boolean;
  /** A stricter 2xx body than the shared schema and `WIDGET_BODIES`, for what one step of a flow needs. */
  body?: z.ZodMiniType;
}

/** Where a logon sends the browser: the widget treats a missing url as 'Invalid redirection url'. */
const logonAnswer = z.looseObject({ url: z.string().check(z.minLength(1)) });

/**
 * 2xx bodies the widget holds to more than the shared schema does: a value outside these is an
 * error screen, though the client's own check lets it through to the component that raises it.
 */
export const WIDGET_BODIES: Readonly<Record<string, () => z.ZodMiniType>> = {
  scannerLogon: () => logonAnswer,
  mobileLogon: () => logonAnswer,
  /** Level of assurance 1 or 2; anything else is 'invalid-level-of-assurance'. */
  finish: () => z.looseObject({ levelOfAssurance: z.union([z.literal(1), z.literal(2)]) }),
  /** A status the means check knows; anything else is 'Invalid scanner means agreement state'. */
  scannerStatus: () => z.looseObject({ status: z.enum(['REQUESTED', 'POTENTIAL', 'OFFERED', 'COMPLETED', 'EFFECTIVE', 'MISSING']) }),
};

/** The statuses the widget handles for `op`, as documented with the contract. */
export const handledStatuses = (op: Operation<unknown, unknown>): number[] => Object.keys(OPERATION_DOCS[op.id]?.responses ?? { 200: '' }).map(Number);

/** A zod issue in plain words, with the path of the field it concerns (`body.url is missing (required)`). */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = ['body', ...issue.path.map(String)].join('.');
  const given = 'input' in issue ? issue.input : undefined;
  const shown = JSON.stringify(given)?.slice(0, 60) ?? String(given);
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);
  switch (issue.code) {
    case 'invalid_type':
      // JSON has no undefined: an undefined input is a field the body lacks.
      return given === undefined ? `${field} is missing (required)` : `${field} is ${kind(given)} (${shown}), expected ${issue.expected}`;
    case 'invalid_value':
      return `${field} is ${shown}, expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `${field} is ${shown}: too small (minimum ${String(issue.minimum)})`;
    case 'too_big':
      return `${field} is ${shown}: too big (maximum ${String(issue.maximum)})`;
    case 'invalid_format':
      return `${field} is ${shown}: not in the format the widget reads`;
    default:
      return `${field}: ${issue.message === 'Invalid input' ? `${shown} is not valid` : issue.message}`;
  }
}

/** The first few problems of `value` against `schema`, in plain words. */
export function bodyProblems(schema: z.ZodMiniType, value: unknown): string[] {
  const parsed = schema.safeParse(value, { reportInput: true });
  return parsed.success ? [] : parsed.error.issues.slice(0, 5).map(describeIssue);
}

/** The body without its prefix, parsed; `undefined` for an empty body, an error for one that is not JSON. */
export function parseAnswerBody(text: string): { ok: true; value: unknown } | { ok: false } {
  const json = text.startsWith(JSON_PREFIX) ? text.slice(JSON_PREFIX.length) : text.replace(/^\)\]\}',?\n?/, '');
  if (json.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch {
    return { ok: false };
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** Durations the body hands the widget's timers: a colour code's lifetime and tokens' lifetimes. */
function durationProblems(value: unknown): string[] {
  const problems: string[] = [];
  const outside = (field: string, raw: unknown, bounds: { floorMs: number; ceilingMs: number }, unit: 's' | 'ms' = 's') => {
    const ms = typeof raw === 'number' ? raw * (unit === 's' ? 1000 : 1) : Number.NaN;
    if (ms !== boundServerDuration(raw, bounds, unit)) {
      problems.push(`body.${field} is ${JSON.stringify(raw)}: outside the bounds the widget accepts (${seconds(bounds.floorMs)} to ${seconds(bounds.ceilingMs)})`);
    }
  };
  if (!value || typeof value !== 'object') return problems;
  const body = value as Record<string, unknown>;
  if ('expirationDuration' in body) outside('expirationDuration', body.expirationDuration, SERVER_DURATION_BOUNDS.colourCodeExpiry);
  if (typeof body.expires_in === 'number' && body.expires_in * 1000 > SERVER_DURATION_BOUNDS.tokenLifetime.ceilingMs) outside('expires_in', body.expires_in, SERVER_DURATION_BOUNDS.tokenLifetime);
  const tokens = Array.isArray(body.accessTokens) ? body.accessTokens : (body.authenticationResponse as { accessTokens?: unknown } | undefined)?.accessTokens;
  if (Array.isArray(tokens)) {
    tokens.forEach((token: { accessTokenTimeToLive?: unknown }, index) => {
      if (typeof token?.accessTokenTimeToLive === 'number' && token.accessTokenTimeToLive * 1000 > SERVER_DURATION_BOUNDS.tokenLifetime.ceilingMs) {
        outside(`accessTokens.${index}.accessTokenTimeToLive`, token.accessTokenTimeToLive, SERVER_DURATION_BOUNDS.tokenLifetime);
      }
    });
  }
  return problems;
}

/** `Retry-After`, when the answer has one: seconds or an HTTP date, within the bounds the widget waits. */
function retryAfterProblems(headers: Headers): string[] {
  const value = headers.get('retry-after');
  if (value === null) return [];
  const asked = readRetryAfter(value, Date.now());
  const { floorMs, ceilingMs } = SERVER_DURATION_BOUNDS.retryAfter;
  if (asked === undefined) return [`Retry-After ${JSON.stringify(value)} is neither a number of seconds nor an HTTP date`];
  // An HTTP date is a second off by the time it is read; the bounds are checked on what it asked for.
  if (asked < floorMs - 1000 || asked > ceilingMs) return [`Retry-After ${JSON.stringify(value)} is out of the bounds the widget accepts (${seconds(floorMs)} to ${seconds(ceilingMs)})`];
  return [];
}

/** The registrable part of a host name, roughly: its last two labels (an IP address or `localhost` as it is). */
const site = (hostname: string) => (/^[\d.]+$|^\[|^localhost$/.test(hostname) ? hostname : hostname.split('.').slice(-2).join('.'));

/** True when a page on `origin` calling `url` is a cross-site request: its cookies need `SameSite=None; Secure`. */
export const isCrossSite = (origin: string, url: string) => {
  const [page, api] = [new URL(origin), new URL(url)];
  return site(page.hostname) !== site(api.hostname) || page.protocol !== api.protocol;
};

/** A `Set-Cookie` line's name and attributes (lower-case names). */
export function parseSetCookie(line: string): { name: string; value: string; attributes: Map<string, string> } {
  const [pair = '', ...rest] = line.split(/;\s*/);
  const equals = pair.indexOf('=');
  const attributes = new Map(rest.map((attribute) => {
    const at = attribute.indexOf('=');
    return at < 0 ? [attribute.toLowerCase(), ''] : [attribute.slice(0, at).trim().toLowerCase(), attribute.slice(at + 1).trim()];
  }));
  return { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim(), attributes };
}

/** Cookies the host page's browser must keep and send back on the widget's next calls. */
function cookieProblems(headers: Headers, origin: string | undefined, url: string): string[] {
  const problems: string[] = [];
  const path = new URL(url).pathname;
  for (const line of headers.getSetCookie()) {
    const { name, attributes } = parseSetCookie(line);
    const cookiePath = attributes.get('path');
    if (cookiePath && !path.startsWith(cookiePath)) problems.push(`cookie ${name}: Path=${cookiePath} does not cover ${path}, so the next calls do not send it`);
    const expired = attributes.get('max-age') === '0' || (attributes.has('expires') && Date.parse(attributes.get('expires')!) < Date.now());
    if (expired) continue;
    if (origin && isCrossSite(origin, url)) {
      if (attributes.get('samesite')?.toLowerCase() !== 'none' || !attributes.has('secure')) {
        problems.push(`cookie ${name}: a page on ${origin} calls the API across sites, so the cookie needs SameSite=None and Secure (it has ${line.split(/;\s*/).slice(1).join('; ') || 'no attributes'})`);
      }
    } else if (name === XSRF_COOKIE && attributes.has('httponly')) {
      problems.push(`cookie ${XSRF_COOKIE}: HttpOnly, so a page on the API's origin cannot read it for the X-XSRF-TOKEN header`);
    }
  }
  return problems;
}

/** Headers every answer to a page on another origin must carry for the widget to read it. */
function corsProblems(op: Operation<unknown, unknown>, headers: Headers, origin: string, url: string): string[] {
  if (new URL(url).origin === origin) return [];
  const allowed = headers.get('access-control-allow-origin');
  if (allowed !== origin) return [`no CORS for the origin: Access-Control-Allow-Origin is ${allowed === null ? 'missing' : JSON.stringify(allowed)}, expected ${origin}`];
  const problems: string[] = [];
  if (headers.get('access-control-allow-credentials') !== 'true') problems.push('credentials not allowed: Access-Control-Allow-Credentials is not "true", so the browser hides the answer of a call with cookies');
  const exposed = (headers.get('access-control-expose-headers') ?? '').split(',').map((name) => name.trim().toLowerCase());
  const needed = [TRACE_HEADER, 'date', 'retry-after', ...Object.keys(op.responseHeaders ?? {}), ...(op.id === 'xsrfToken' ? ['x-xsrf-token'] : [])];
  for (const name of needed) if (!exposed.includes(name) && !exposed.includes('*')) problems.push(`Access-Control-Expose-Headers does not list ${name}, so the widget cannot read it`);
  return problems;
}

/**
 * Everything the answer does against `op`'s contract and what the widget needs, as plain lines
 * (the first one is the difference a report shows); empty when it conforms.
 */
export function checkAnswer(op: Operation<unknown, unknown>, answer: Answer | NoAnswer, expectation: AnswerExpectation): string[] {
  if ('kind' in answer) {
    return [answer.kind === 'timeout' ? `no answer within ${answer.timeoutMs} ms (the widget's time-out)` : `no answer: ${answer.message}`];
  }
  const problems: string[] = [];
  const { status, headers, text } = answer;
  const handled = handledStatuses(op);
  if (!expectation.statuses.includes(status)) {
    const widget = handled.includes(status) ? '' : `; the widget handles ${handled.join(', ')} and 5xx only`;
    const xsrf = status === 403 && needsXsrf(op) && expectation.xsrfEchoed !== false ? ' (is the XSRF-TOKEN cookie honoured? X-XSRF-TOKEN echoed it)' : '';
    problems.push(`unexpected status ${status}, expected ${expectation.statuses.join(' or ')}${widget}${xsrf}`);
  }
  if (expectation.origin) problems.push(...corsProblems(op, headers, expectation.origin, expectation.url));
  problems.push(...retryAfterProblems(headers), ...cookieProblems(headers, expectation.origin, expectation.url));
  // The XSRF probe's answer is read for its cookie and header only.
  if (op.id === 'xsrfToken') return problems;
  if (!headers.get(TRACE_HEADER)) problems.push(`header ${TRACE_HEADER} is missing (the technical error alert shows it)`);
  const ok = status >= 200 && status < 300;
  if (text.trim() !== '' || (ok && op.response)) {
    const type = headers.get('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) problems.push(`Content-Type is ${type ? JSON.stringify(type) : 'missing'}, expected application/json`);
    if (!text.startsWith(JSON_PREFIX)) problems.push(`body does not start with the anti-hijacking prefix )]}' and a newline`);
  }
  const parsed = parseAnswerBody(text);
  if (!parsed.ok) return [...problems, 'body is not JSON'];
  if (ok) {
    const schema = expectation.body ?? WIDGET_BODIES[op.id]?.() ?? op.response?.();
    if (schema) problems.push(...bodyProblems(schema, parsed.value));
    for (const [name, rule] of Object.entries(op.responseHeaders ?? {})) if (rule === 'required' && !headers.get(name)) problems.push(`header ${name} is missing (required)`);
    problems.push(...durationProblems(parsed.value));
  } else if (parsed.value !== undefined) {
    problems.push(...bodyProblems(errorBodySchema(), parsed.value));
  }
  return problems;
}
