// Where the sandbox finds the files it serves. The widget's build (`dist/`, `locales/`, `static/`)
// belongs to the `amwa` package: the sandbox serves the one installed beside it, so a bank's tests
// run against the version the bank ships. The examples' builds and assets (`dist-examples/`,
// `examples/`) belong to the sandbox package itself.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders a sandbox serves from; `widget` is undefined when no `amwa` package is found. */
export interface SandboxRoots {
  widget: string | undefined;
  examples: string;
}

const here = () => dirname(fileURLToPath(import.meta.url));

/** The nearest folder at or above `dir` whose package.json is named `name`. */
function packageAbove(dir: string, name: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    const manifest = join(current, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return current;
    if (dirname(current) === current) return undefined;
  }
}

/** The folder of package `name` as Node resolves it from `dir`, if it is installed there. */
function resolvedPackage(dir: string, name: string): string | undefined {
  try {
    return dirname(createRequire(join(dir, 'resolve.js')).resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

/**
 * The roots given, else: `amwa` as installed beside the sandbox, else the repository it is built in
 * (the sandbox's sources and its workspace build both live inside the `amwa` repository); the
 * sandbox package as the folder it runs from, else (from the sources) through the workspace link.
 */
export function sandboxRoots({ root, examplesRoot }: { root?: string; examplesRoot?: string }, from: string = here()): SandboxRoots {
  const examples = examplesRoot ?? packageAbove(from, 'amwa-sandbox') ?? resolvedPackage(from, 'amwa-sandbox');
  if (!examples) throw new Error('amwa sandbox: cannot find the amwa-sandbox package folder');
  return { widget: root ?? resolvedPackage(from, 'amwa') ?? packageAbove(from, 'amwa'), examples };
}
