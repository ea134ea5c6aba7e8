import type { ApiClient, ApiClientDeps, createApiClient } from './api';
import { lazyImport } from './lazy-import';

/**
 * The API client, loaded with its first request: screens that never call the API (Home, the
 * error pages) do not carry its code. One instance serves every call, so XSRF state is shared.
 * A failed load fails the calls waiting for it and is tried again with the next call.
 */
export function createLazyApiClient(deps: ApiClientDeps, load: () => Promise<{ createApiClient: typeof createApiClient }>): ApiClient {
  // Every load is waited for by a request, whose caller reports a failure: nothing to report here.
  const client = lazyImport(() => load().then((module) => module.createApiClient(deps)), { report: () => undefined, signal: deps.scope.signal });
  return {
    request(req) {
      return client.get().then((loaded) => loaded.request(req));
    },
    warm() {
      client.warm();
    },
  };
}
