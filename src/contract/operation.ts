// One operation of the bank's API as the widget calls it (spec section 7): described once, here
// and in the sibling modules, and used by the client (paths, bodies, response checks), the
// sandbox (request checks) and the OpenAPI document (generated in Node only, see openapi.ts).
// Its schemas are built on first use (see lazy.ts): call `op.body()` / `op.response()` to get them.
import type * as z from 'zod/mini';
import type { Lazy } from './lazy';

/** Which server answers: the access-means API (`settings.apiBaseUrl`) or the security-means API (`settings.securityApiBaseUrl`). */
export type ApiName = 'access' | 'security';

/** The HTTP methods the widget uses. */
export type Method = 'GET' | 'POST';

/** Request headers an operation defines beyond the standard ones (Accept, Accept-Language, Content-Type, X-XSRF-TOKEN, Authorization). */
export type HeaderRule = 'required' | 'optional';

/**
 * One call of spec section 7. `Res` is the 2xx body the widget relies on, `Body` the request body
 * it sends, `Checked` that body as the server reads it (defaults filled in).
 */
export interface Operation<Res = unknown, Body = undefined, Checked = unknown> {
  /** OpenAPI operationId. */
  readonly id: string;
  readonly method: Method;
  readonly api: ApiName;
  /** Relative to the server's base URL. */
  readonly path: string;
  /** The request body's schema, built on first call; no body when absent. */
  readonly body?: Lazy<z.ZodMiniType<Checked, Body>>;
  /** How the body is encoded; default 'json'. */
  readonly encoding?: 'json' | 'form';
  /** The 2xx body's schema, built on first call; the client checks it unless a component checks it itself (then `checkedBy` says which). */
  readonly response?: Lazy<z.ZodMiniType<Res>>;
  /** The component that checks the answer to raise the spec's own error instead of an invalid-response one. */
  readonly checkedBy?: 'authentication' | 'colour-code';
  /** An `Authorization: Bearer` token is required. */
  readonly bearer?: boolean;
  /** False: sent without cookies (and so without the XSRF header). Default true. */
  readonly credentials?: false;
  /** Further request headers, by lower-case name. */
  readonly headers?: Readonly<Record<string, HeaderRule>>;
  /** Response headers the widget reads, by lower-case name. */
  readonly responseHeaders?: Readonly<Record<string, HeaderRule>>;
  /** Made by the bank's servers, never by the browser: documented, not expected in the widget's traffic. */
  readonly serverSide?: true;
}

/** Declares an operation, keeping its literal types for `call()`. */
export const operation = <Res = unknown, Body = undefined, Checked = unknown>(op: Operation<Res, Body, Checked>): Operation<Res, Body, Checked> => op;

/** Cookie the anti-forgery token comes in (spec section 7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Header every credentialed POST echoes the anti-forgery cookie in. */
export const XSRF_HEADER = 'x-xsrf-token';
/** Header carrying the colour-code flow's encrypted state from one step to the next. */
export const ENCRYPTED_STATE_HEADER = 'x-encrypted-state';
/** Header telling the token endpoint how long the user has been idle, in whole seconds. */
export const INACTIVITY_HEADER = 'x-inactivity-seconds';
/** Response header carrying the server's trace id. */
export const TRACE_HEADER = 'x-trace-id';

/** True when the call carries cookies and therefore the XSRF header (every POST with credentials). */
export const needsXsrf = (op: Pick<Operation, 'method' | 'credentials'>) => op.method === 'POST' && op.credentials !== false;
