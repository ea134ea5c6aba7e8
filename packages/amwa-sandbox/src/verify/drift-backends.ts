// Backends that drift from the contract in exactly one way, made by wrapping the sandbox's fetch
// handler: what the tests of verify and the proxy prove they catch.
import { JSON_PREFIX } from './check';

/** A fetch function in front of a backend's fetch handler. */
export type Backend = (request: Request) => Promise<Response>;

/** An answer's JSON body (prefix stripped), changed by `change`, sent back with the prefix and every header. */
export async function rewriteBody(response: Response, change: (body: Record<string, unknown>) => unknown, { prefix = true } = {}): Promise<Response> {
  const text = await response.text();
  const body = JSON.parse(text.startsWith(JSON_PREFIX) ? text.slice(JSON_PREFIX.length) : text) as Record<string, unknown>;
  return new Response((prefix ? JSON_PREFIX : '') + JSON.stringify(change(body)), { status: response.status, headers: new Headers(response.headers) });
}

/** An answer with its headers changed by `change`. */
export async function rewriteHeaders(response: Response, change: (headers: Headers) => void): Promise<Response> {
  const headers = new Headers(response.headers);
  change(headers);
  return new Response(await response.arrayBuffer(), { status: response.status, headers });
}

/** `backend` with the answers to `method path` (a path ending the URL's path) passed through `drift`. */
export const driftOn =
  (backend: Backend, method: string, path: string, drift: (response: Response, request: Request) => Promise<Response> | Response): Backend =>
  async (request) => {
    const response = await backend(request);
    return request.method === method && new URL(request.url).pathname.endsWith(path) ? drift(response, request) : response;
  };

/** A fetch function over a fetch handler, as verify and the proxy take one. */
export const asFetch = (backend: Backend): typeof fetch => async (input, init) => backend(new Request(input, init));
