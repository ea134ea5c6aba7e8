import { resolve } from 'node:path';

const dist = resolve(import.meta.dirname, '../../dist');

/**
 * Imports a built file from dist/, typed as the source module it was built from: dist/ does not
 * exist when the typecheck runs, and the point of this suite is the built code, not the source.
 */
export function fromDist<T>(file: string): Promise<T> {
  // A path, not a URL: happy-dom replaces the global URL and would resolve against its page.
  return import(/* @vite-ignore */ resolve(dist, file)) as Promise<T>;
}

/** The public surface of each entry, as the source declares it. */
export type AmwaModule = typeof import('../../src/index');
export type ReactModule = typeof import('../../src/react');
export type SandboxModule = typeof import('../../packages/amwa-sandbox/src/index');
