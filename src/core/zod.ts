import { config } from 'zod/mini';

/**
 * Tells zod never to compile parsers with `new Function`: under the strict CSP with Trusted
 * Types that probe alone is reported as a violation. Called where parsing starts (the API client,
 * the session channel) rather than as an import side effect, which a bundler may drop.
 */
export function parseWithoutCodegen(): void {
  config({ jitless: true });
}
