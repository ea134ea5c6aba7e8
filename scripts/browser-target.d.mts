// Types of browser-target.mjs, for tsup.config.ts and the tests.
/** The supported browsers' query, as .browserslistrc states it. */
export declare function browserQuery(): string | string[];
/** esbuild targets for a browserslist query (by default the project's): the oldest version per browser. */
export declare function browserTargets(query?: string | string[]): string[];
