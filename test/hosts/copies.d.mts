// Types of copies.mjs, for the TypeScript e2e suite.
/** The folder outside the repository that holds this checkout's copies of the examples and the packed tarballs. */
export declare const copiesDir: string;
/** The copy of examples/`name` that test/hosts/build.mjs installs and builds, and test/e2e/hosts.e2e.ts serves. */
export declare function exampleCopy(name: string): string;
/** The host built from docs/embedding.md's recipe `name` (test/hosts/recipes.mjs), beside the examples' copies. */
export declare function recipeCopy(name: string): string;
