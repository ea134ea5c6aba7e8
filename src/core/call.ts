import type { Operation } from '../contract/operation';
import type { ApiClient, ApiRequest, ApiResponse } from './api';

/** What a call adds to its operation: the body (typed by the contract) and the per-call headers, token and signal. */
export type CallInit<Body> = Pick<ApiRequest<unknown>, 'headers' | 'bearer' | 'signal' | 'timeoutMs' | 'keepalive'> &
  (undefined extends Body ? { body?: Body } : { body: Body });

/**
 * Makes one call of the contract: method, path, server, cookies and the response check come from
 * the operation. An operation whose answer a component checks itself (`checkedBy`) is passed on unchecked.
 */
export function call<Res, Body>(api: ApiClient, op: Operation<Res, Body>, init: CallInit<Body>): Promise<ApiResponse<Res>> {
  const { body, ...rest } = init;
  const form = op.encoding === 'form' && body ? new URLSearchParams(body as Record<string, string>) : undefined;
  return api.request<Res>({
    method: op.method,
    path: op.path,
    operation: op.id,
    target: op.api,
    body: form ? undefined : body,
    form,
    schema: op.checkedBy ? undefined : op.response?.(),
    credentials: op.credentials !== false,
    ...rest,
  });
}
