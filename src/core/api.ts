import { parseCookies } from './cookie-jar';
import type { ZodMiniType } from 'zod/mini';
import { AmwaApiError } from './api-error';
import type { Emit } from './events';
import { currentPage, whenShown, type PrerenderingPage } from './page-shown';
import type { Scope } from './scope';
import type { Settings } from './settings';
import { parseWithoutCodegen } from './zod';

/** Which API a call goes to: access → `settings.apiBaseUrl`, security → `settings.securityApiBaseUrl`. */
export type ApiTarget = 'access' | 'security';

/** One API call. */
export interface ApiRequest<T> {
  method: 'GET' | 'POST';
  path: string;
  /** The contract's operation id, named in the error report of a failed call. */
  operation?: string;
  /** Default 'access'. */
  target?: ApiTarget;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded (the /oauth2 calls). */
  form?: URLSearchParams;
  /** Checks the response body; a mismatch fails with kind 'invalid-response'. */
  schema?: ZodMiniType<T>;
  /** Default: access → bmgApiTimeout, security → apiGatewayTimeout; 0 = none. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  bearer?: string;
  /** Default true ('include'); the anonymous-session call uses false. */
  credentials?: boolean;
  /** Lets the call outlive the page (trace lines sent just before the browser leaves). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

/** A successful (2xx) answer with its checked body. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** The one way the widget talks to its servers; every failure is an `AmwaApiError`. */
export interface ApiClient {
  request<T = unknown>(req: ApiRequest<T>): Promise<ApiResponse<T>>;
  /** Loads the client ahead of its first request (a lazily loaded one), so that request goes out at once. */
  warm?(): void;
}

/** What the API client needs from its host. */
export interface ApiClientDeps {
  settings: Settings;
  emit: Emit;
  /** Disposing it aborts every call in flight. */
  scope: Scope;
  /** Current locale, sent as Accept-Language. */
  language: () => string;
  /** The network edge; defaults to the global fetch, looked up per call. */
  fetch?: typeof fetch;
  /** The page: while it is prerendered, calls wait until it is shown (defaults to `document`). */
  page?: PrerenderingPage;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
// Anti-JSON-hijacking prefix some servers put before every JSON body.
const JSON_PREFIX = /^\)\]\}',?\n?/;

const parseBody = (text: string): unknown => {
  const json = text.replace(JSON_PREFIX, '');
  if (json.trim() === '') return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return text; // kept for error reports; a schema rejects it on success
  }
};

/** Creates the API client: credentials, XSRF, `)]}'` stripping, time-outs, checked bodies, typed errors. */
export function createApiClient({ settings, emit, scope, language, fetch: send = (input, init) => globalThis.fetch(input, init), page = currentPage() }: ApiClientDeps): ApiClient {
  parseWithoutCodegen();
  let xsrfProbe: Promise<void> | undefined;
  let xsrfFromHeader: string | undefined;

  /** Sends one request and reads its body under a single signal covering scope, caller and time-out. */
  async function exchange(url: string, init: RequestInit, path: string, timeoutMs: number, signal?: AbortSignal) {
    if (scope.disposed || signal?.aborted) throw new AmwaApiError('aborted', 'Request aborted', { path });
    const controller = new AbortController();
    let reason: 'timeout' | 'aborted' | undefined;
    const abort = (why: 'timeout' | 'aborted') => () => {
      reason ??= why;
      controller.abort();
    };
    const stops = [scope.onDispose(abort('aborted'))];
    if (timeoutMs > 0) stops.push(scope.setTimeout(abort('timeout'), timeoutMs));
    if (signal) stops.push(scope.listen(signal, 'abort', abort('aborted')));
    try {
      const res = await send(url, { ...init, cache: 'no-store', signal: controller.signal });
      const prefill = res.headers.get(settings.prefillConfig.header);
      if (prefill !== null) emit('amwa-prefill', { value: prefill });
      return { res, data: parseBody(await res.text()) };
    } catch (cause) {
      if (reason === 'timeout') throw new AmwaApiError('timeout', `timeout of ${timeoutMs}ms exceeded`, { path, cause });
      if (reason === 'aborted') throw new AmwaApiError('aborted', 'Request aborted', { path, cause });
      throw new AmwaApiError('network', 'Network Error', { path, cause });
    } finally {
      for (const stop of stops) stop();
    }
  }

  // The page reads only cookies of its own host: with the API on another origin, an XSRF-TOKEN
  // cookie it can read is the host's own (or another port's), never the API's, so only the header counts.
  const readCookie = () =>
    typeof document === 'undefined' ? undefined : typeof location === 'undefined' || new URL(settings.apiBaseUrl).origin === location.origin ? parseCookies(document.cookie).get(XSRF_COOKIE) : undefined;

  /** The XSRF token: the API's cookie when the page can read it, else one shared GET on `{apiBaseUrl}/` answering it in a header. */
  async function xsrfToken(headers: Record<string, string>) {
    const cookie = readCookie();
    if (cookie) return cookie;
    xsrfProbe ??= exchange(`${settings.apiBaseUrl}/`, { method: 'GET', credentials: 'include', headers: { ...headers } }, '/', settings.bmgApiTimeout).then(
      ({ res }) => void (xsrfFromHeader = res.headers.get(XSRF_HEADER) ?? undefined),
      (error: unknown) => {
        xsrfProbe = undefined; // let the next call try again
        throw error;
      },
    );
    await xsrfProbe;
    return readCookie() ?? xsrfFromHeader;
  }

  return {
    async request<T>(req: ApiRequest<T>): Promise<ApiResponse<T>> {
      const { method, path, operation, target = 'access', body, form, schema, bearer, credentials = true, keepalive, signal } = req;
      // A prerendered page may never be shown: no call (a session, a QR code issued, the XSRF
      // cookie) goes out before it is, and no time-out runs meanwhile.
      if (page?.prerendering === true && !(await whenShown(page, scope.signal))) throw new AmwaApiError('aborted', 'Request aborted', { path });
      const timeoutMs = req.timeoutMs ?? (target === 'security' ? settings.apiGatewayTimeout : settings.bmgApiTimeout);
      const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language() };
      // Double-submit XSRF only means something when cookies travel with the call.
      const token = method === 'POST' && credentials ? await xsrfToken(headers) : undefined;
      if (token) headers[XSRF_HEADER] = token;
      if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
      else if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (bearer) headers.Authorization = `Bearer ${bearer}`;

      const base = target === 'security' ? settings.securityApiBaseUrl : settings.apiBaseUrl;
      const init: RequestInit = {
        method,
        headers: { ...headers, ...req.headers },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        credentials: credentials ? 'include' : 'omit',
        ...(keepalive ? { keepalive } : {}),
      };
      const { res, data } = await exchange(base + path, init, path, timeoutMs, signal);
      const answer = { path, operation, status: res.status, data, headers: res.headers };
      if (!res.ok) throw new AmwaApiError('http', `Request failed with status code ${res.status}`, answer);
      if (!schema) return { data: data as T, status: res.status, headers: res.headers };
      const checked = schema.safeParse(data);
      // The zod error is no cause: its issues may quote the answer; the error names the fields only.
      if (!checked.success) throw new AmwaApiError('invalid-response', `Unexpected response from ${path}`, { ...answer, issues: checked.error.issues });
      return { data: checked.data, status: res.status, headers: res.headers };
    },
  };
}
