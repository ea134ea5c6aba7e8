// Types of retry-imports.mjs, for the tests.
import type { Plugin } from 'vite';
/** Whether an import map of `doc` pins any file by digest (a non-empty `integrity` section). */
export declare function pinsIntegrity(doc: Pick<Document, 'querySelectorAll'> | undefined): boolean;
/** The standalone build's chunk importer: resolves against the importer, tries again after a failure, at a fresh address only where nothing is pinned. */
export declare function chunkImporter(
  load: (url: string) => Promise<unknown>,
  doc: Document | undefined,
  pinned: (doc: Document | undefined) => boolean,
): (specifier: string, base: string) => Promise<unknown>;
/** The helper's source text as the bundle holds it. */
export declare const helperSource: string;
/** The Rollup plugin of the standalone build. */
export declare const retryImports: Plugin;
