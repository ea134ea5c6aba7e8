import type { ApiClient, ApiClientDeps, createApiClient } from './api';

/**
 * The API client, loaded with its first request: screens that never call the API (Home, the
 * error pages) do not carry its code. One instance serves every call, so XSRF state is shared.
 */
export function createLazyApiClient(deps: ApiClientDeps, load: () => Promise<{ createApiClient: typeof createApiClient }>): ApiClient {
  let client: Promise<ApiClient> | undefined;
  return {
    request(req) {
      client ??= load().then((module) => module.createApiClient(deps));
      return client.then((loaded) => loaded.request(req));
    },
  };
}
