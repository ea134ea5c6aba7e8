// Types of copies.mjs, for the TypeScript e2e suite.
/** The folder outside the repository that holds this checkout's copies of the examples and the packed tarballs. */
export declare const copiesDir: string;
/** The copy of examples/`name` that test/hosts/build.mjs installs and builds, and test/e2e/hosts.e2e.ts serves. */
export declare function exampleCopy(name: string): string;
/** The host built from docs/embedding.md's recipe `name` (test/hosts/recipes.mjs), beside the examples' copies. */
export declare function recipeCopy(name: string): string;
/** The environment of a command in a copy: a fresh shell's, without the repository's node_modules/.bin on PATH, npm's variables or NODE_PATH. */
export declare function copyEnv(extra?: Record<string, string>): Record<string, string | undefined>;
/** Copies the app in `source` to `copy` outside the repository, with `files` written in, its `file:` dependencies on amwa and amwa-sandbox pointed at `tarballs`; its package.json. */
export declare function copyOut(app: { source: string; copy: string; lockFrom?: string; files?: Record<string, string> }, tarballs: Record<string, string>): Record<string, unknown>;
/** Throws unless `copy` resolves each package `manifest` declares from its own node_modules, with no node_modules above it. */
export declare function checkResolution(copy: string, manifest: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }): void;
