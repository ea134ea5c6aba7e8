// `amwa-sandbox proxy`: a reverse proxy between a developer's widget and a bank's API (or a
// sandbox) that forwards every call unchanged and checks it, and its answer, against the contract
// as it passes. What drifts is printed as it happens and listed at `/__proxy/report`.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { checkRequest, findOperation, OPERATIONS, type ApiName, type Operation } from '../../../src/contract/index';
import { checkAnswer, handledStatuses } from './verify/check';
import { DEFAULT_TIMEOUTS } from './verify/index';

/** One call the proxy saw drift from the contract. */
export interface Drift {
  /** ISO time. */
  at: string;
  method: string;
  path: string;
  operationId: string;
  /** The status the API answered; absent when it did not answer. */
  status?: number;
  /** What the request (`request: …`) and the answer do against the contract, in plain words. */
  problems: string[];
}

/** What the proxy has seen. */
export interface ProxyReport {
  target: { api: string; securityApi: string };
  /** API calls checked. */
  checked: number;
  /** The newest drifts (at most `MAX_DRIFTS`), oldest first. */
  drifts: Drift[];
}

/** Options of `createProxy`. */
export interface ProxyOptions {
  /** The widget's apiBaseUrl on the real API, e.g. `http://localhost:4400/access`. */
  to: string;
  /** Its securityApiBaseUrl (default: the origin of `to`). */
  securityApi?: string;
  /** The widget's `bmgApiTimeout` and `apiGatewayTimeout` (default 5000 and 10000 ms): a slower answer is drift. */
  timeouts?: { access?: number; security?: number };
  /** Called with each drift as it is found. */
  onDrift?(drift: Drift): void;
  /** The network edge (default: the global fetch). */
  fetch?: typeof fetch;
}

/** A proxy as a fetch handler, and what it has seen. */
export interface Proxy {
  fetch(request: Request): Promise<Response>;
  report(): ProxyReport;
}

/** Most drifts the report keeps. */
export const MAX_DRIFTS = 1000;
/** Where the report is served. */
export const REPORT_PATH = '/__proxy/report';

// Hop-by-hop headers and the ones fetch rewrites (it decompresses bodies and sets the Host).
const REQUEST_DROPPED = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'accept-encoding']);
const RESPONSE_DROPPED = new Set(['connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding', 'set-cookie']);
const NULL_BODY = new Set([101, 204, 205, 304]);

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": '#39' }[char]};`);

/** The report as a small HTML page, every value escaped. */
export function reportPage(report: ProxyReport): string {
  const rows = report.drifts
    .map((drift) => `<tr><td>${escapeHtml(drift.at)}</td><td>${escapeHtml(drift.operationId)}</td><td>${escapeHtml(`${drift.method} ${drift.path}`)}</td><td>${drift.status ?? ''}</td><td><ul>${drift.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul></td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>amwa proxy: contract drift</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}ul{margin:0;padding-left:1.2rem}</style></head>
<body><h1>Contract drift</h1>
<p>${report.checked} calls checked against the contract, ${report.drifts.length} with drift. API: ${escapeHtml(report.target.api)}, security API: ${escapeHtml(report.target.securityApi)}.</p>
${report.drifts.length ? `<table><thead><tr><th>time</th><th>operation</th><th>call</th><th>status</th><th>drift</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : '<p>No drift seen.</p>'}
</body></html>
`;
}

/** Reads a request body as the contract check takes it: JSON, form fields, or undefined. */
function requestBody(text: string, type: string): unknown {
  if (text === '') return undefined;
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Creates the proxy: forwards every request to the API's origin unchanged, checking the API calls among them. */
export function createProxy({ to, securityApi, timeouts, onDrift, fetch: fetcher = globalThis.fetch }: ProxyOptions): Proxy {
  const limits = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const access = new URL(to.replace(/\/+$/, ''));
  const security = new URL((securityApi ?? access.origin).replace(/\/+$/, ''));
  const bases: Record<ApiName, URL> = { access, security };
  const drifts: Drift[] = [];
  let checked = 0;
  const report = (): ProxyReport => ({ target: { api: access.href.replace(/\/$/, ''), securityApi: security.href.replace(/\/$/, '') }, checked, drifts: [...drifts] });

  /** Which operation the request is, and which server it goes to. */
  function locate(request: Request, path: string): { op?: Operation<unknown, unknown>; base: URL } {
    for (const api of ['security', 'access'] as const) {
      const prefix = bases[api].pathname.replace(/\/$/, '');
      if (!path.startsWith(prefix)) continue;
      const relative = path.slice(prefix.length) || '/';
      // The XSRF probe fetches the API base, which a browser may also open as a page.
      const probe = api === 'access' && relative === '/' && request.method === 'GET' && !(request.headers.get('accept') ?? '').includes('text/html');
      const op = probe ? OPERATIONS.find((candidate) => candidate.id === 'xsrfToken') : findOperation(OPERATIONS, api, request.method, relative);
      if (op) return { op, base: bases[api] };
    }
    return { base: access };
  }

  return {
    report,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === REPORT_PATH) {
        const wantsJson = url.searchParams.get('format') === 'json' || (!(request.headers.get('accept') ?? '').includes('text/html') && url.searchParams.get('format') !== 'html');
        return wantsJson
          ? new Response(JSON.stringify(report(), null, 2), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } })
          : new Response(reportPage(report()), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
      }
      const { op, base } = locate(request, url.pathname);
      const headers = new Headers();
      for (const [name, value] of request.headers) if (!REQUEST_DROPPED.has(name)) headers.set(name, value);
      const bodyText = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
      const started = performance.now();
      let upstream: Response;
      try {
        upstream = await fetcher(base.origin + url.pathname + url.search, { method: request.method, headers, ...(bodyText === '' ? {} : { body: bodyText }), redirect: 'manual' });
      } catch (error) {
        if (op) record(request, url.pathname, op, undefined, [`no answer: ${(error as Error).message}`]);
        return new Response(`amwa-sandbox proxy: ${base.origin} did not answer`, { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }
      const bytes = new Uint8Array(await upstream.arrayBuffer());
      const ms = Math.round(performance.now() - started);
      if (op) {
        const problems = checkRequest(op, { headers: Object.fromEntries(request.headers), body: requestBody(bodyText, request.headers.get('content-type') ?? '') }).map((issue) => `request: ${issue}`);
        const origin = request.headers.get('origin') ?? undefined;
        const text = new TextDecoder().decode(bytes);
        const statuses = [...handledStatuses(op), ...(upstream.status >= 500 ? [upstream.status] : [])];
        problems.push(...checkAnswer(op, { status: upstream.status, headers: upstream.headers, text, ms }, { statuses, url: url.href, xsrfEchoed: request.headers.has('x-xsrf-token'), ...(origin && origin !== url.origin ? { origin } : {}) }));
        const timeout = limits[op.api];
        if (ms > timeout) problems.push(`answered after ${ms} ms, later than the widget's time-out of ${timeout} ms`);
        checked += 1;
        if (problems.length) record(request, url.pathname, op, upstream.status, [...new Set(problems)]);
      }
      const answer = new Headers();
      for (const [name, value] of upstream.headers) if (!RESPONSE_DROPPED.has(name)) answer.set(name, value);
      for (const line of upstream.headers.getSetCookie()) answer.append('set-cookie', line);
      return new Response(NULL_BODY.has(upstream.status) ? null : bytes, { status: upstream.status, statusText: upstream.statusText, headers: answer });
    },
  };

  function record(request: Request, path: string, op: Operation<unknown, unknown>, status: number | undefined, problems: string[]) {
    const drift: Drift = { at: new Date().toISOString(), method: request.method, path, operationId: op.id, ...(status === undefined ? {} : { status }), problems };
    drifts.push(drift);
    if (drifts.length > MAX_DRIFTS) drifts.splice(0, drifts.length - MAX_DRIFTS);
    onDrift?.(drift);
  }
}

/** A proxy listening on a port. */
export interface RunningProxy {
  url: string;
  port: number;
  proxy: Proxy;
  close(): Promise<void>;
}

/** Serves a proxy over HTTP; `port: 0` picks a free one. */
export function startProxy({ port = 4410, host = '127.0.0.1', ...options }: ProxyOptions & { port?: number; host?: string }): Promise<RunningProxy> {
  const proxy = createProxy(options);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: proxy.fetch, port, hostname: host }, (info) => {
      server.off('error', reject);
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`,
        port: info.port,
        proxy,
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
