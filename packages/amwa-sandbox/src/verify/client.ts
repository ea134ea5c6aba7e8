// The browser side of verify: one widget session's calls, sent the way the widget sends them
// (cookies of a jar, the XSRF header echoing the XSRF-TOKEN cookie, the host page's Origin,
// credentials omitted where the contract says so), each stopped at the widget's time-out.
import { needsXsrf, XSRF_COOKIE, XSRF_HEADER, type Operation } from '../../../../src/contract/operation';
import { parseSetCookie, type Answer, type NoAnswer } from './check';

/** Where the two APIs are, and how long the widget waits for each. */
export interface Target {
  /** `settings.apiBaseUrl`, without a trailing slash. */
  api: string;
  /** `settings.securityApiBaseUrl`, without a trailing slash. */
  securityApi: string;
  /** `bmgApiTimeout` and `apiGatewayTimeout`, in ms. */
  timeouts: { access: number; security: number };
  /** The host page's origin, sent as `Origin` like a browser does. */
  origin?: string;
  fetch: typeof fetch;
}

/** One call of an operation. */
export interface CallInit {
  body?: unknown;
  bearer?: string;
  headers?: Record<string, string>;
  /** Sends this XSRF header instead of the cookie's value (the negative XSRF case). */
  xsrf?: string | null;
}

/** What went out and what came back (or why nothing did). */
export interface Exchange {
  url: string;
  request: { method: string; headers: Record<string, string>; body?: string };
  answer: Answer | NoAnswer;
}

/** The URL of `op` on `target`. */
export const operationUrl = (target: Target, op: Operation<unknown, unknown>) => (op.api === 'security' ? target.securityApi : target.api) + op.path;

/** A browser session against `target`: its own cookie jar and XSRF token. */
export class Session {
  private readonly jar = new Map<string, string>();
  private xsrfFromHeader: string | undefined;

  constructor(private readonly target: Target) {}

  /** The token the widget echoes: the cookie when it has one, else the probe's header. */
  xsrfToken(): string | undefined {
    return this.jar.get(XSRF_COOKIE) ?? this.xsrfFromHeader;
  }

  /** True when the jar holds `name`. */
  hasCookie(name: string): boolean {
    return this.jar.has(name);
  }

  private keep(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const { name, value, attributes } = parseSetCookie(line);
      const gone = attributes.get('max-age') === '0' || (attributes.has('expires') && Date.parse(attributes.get('expires')!) < Date.now());
      if (gone) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** Sends `op` as the widget does; never throws. */
  async call(op: Operation<unknown, unknown>, init: CallInit = {}): Promise<Exchange> {
    const url = operationUrl(this.target, op);
    const credentials = op.credentials !== false;
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'en' };
    if (this.target.origin) headers.origin = this.target.origin;
    if (credentials && this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = init.xsrf === undefined ? this.xsrfToken() : init.xsrf;
    if (needsXsrf(op) && xsrf) headers[XSRF_HEADER] = xsrf;
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      const form = op.encoding === 'form';
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      body = form ? new URLSearchParams(init.body as Record<string, string>).toString() : JSON.stringify(init.body);
    }
    Object.assign(headers, init.headers);
    const request = { method: op.method, headers, ...(body === undefined ? {} : { body }) };
    const timeoutMs = this.target.timeouts[op.api];
    const answer = await this.send(url, request, timeoutMs);
    if (!('kind' in answer)) {
      if (credentials) this.keep(answer.headers);
      if (op.id === 'xsrfToken') this.xsrfFromHeader = answer.headers.get(XSRF_HEADER) ?? undefined;
    }
    return { url, request, answer };
  }

  /** A CORS preflight for `op` as the browser would send it before the call. */
  async preflight(op: Operation<unknown, unknown>, requestHeaders: readonly string[]): Promise<Exchange> {
    const url = operationUrl(this.target, op);
    const headers: Record<string, string> = {
      origin: this.target.origin ?? '',
      'access-control-request-method': op.method,
      'access-control-request-headers': requestHeaders.join(','),
    };
    const request = { method: 'OPTIONS', headers };
    return { url, request, answer: await this.send(url, request, this.target.timeouts[op.api]) };
  }

  private async send(url: string, request: Exchange['request'], timeoutMs: number): Promise<Answer | NoAnswer> {
    const started = performance.now();
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The time-out holds even for a fetch function that ignores its signal.
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error('time-out'));
      }, timeoutMs);
    });
    try {
      const exchange = this.target.fetch(url, { ...request, redirect: 'manual', signal: controller.signal }).then(async (response) => ({ response, text: await response.text() }));
      exchange.catch(() => undefined);
      const { response, text } = await Promise.race([exchange, timedOut]);
      return { status: response.status, headers: response.headers, text, ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (controller.signal.aborted) return { kind: 'timeout', timeoutMs };
      return { kind: 'network', message: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The request headers a call of `op` carries beyond the CORS-safelisted ones: what its preflight asks for. */
export function preflightHeaders(op: Operation<unknown, unknown>, withBody: boolean): string[] {
  const names = ['accept-language'];
  if (withBody && op.encoding !== 'form') names.push('content-type');
  if (needsXsrf(op)) names.push(XSRF_HEADER);
  if (op.bearer) names.push('authorization');
  for (const name of Object.keys(op.headers ?? {})) names.push(name);
  return [...new Set(names)];
}
