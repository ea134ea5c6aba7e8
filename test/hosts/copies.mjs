// Where `npm run test:hosts` (test/hosts/build.mjs) copies the examples out of the repository, so
// that nothing in an example resolves through the repository's own node_modules: a folder under
// the system's temporary directory, one per checkout (two checkouts' runs do not mix); and how a
// copy is made, installed and checked.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The folder outside the repository that holds this checkout's copies of the examples and the packed tarballs. */
export const copiesDir = join(tmpdir(), `amwa-hosts-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`);

/** The copy of examples/`name` that test/hosts/build.mjs installs and builds, and test/e2e/hosts.e2e.ts serves. */
export const exampleCopy = (name) => join(copiesDir, name);

/** The host built from docs/embedding.md's recipe `name` (test/hosts/recipes.mjs), beside the examples' copies. */
export const recipeCopy = (name) => join(copiesDir, `recipe-${name}`);

// What a copy never takes from the repository's folder: installs and build output.
const NOT_COPIED = new Set(['node_modules', 'dist', '.next', 'test-results', 'next-env.d.ts']);

/**
 * The environment of a command in a copy: as a fresh shell's, without what `npm run` added (the
 * repository's node_modules/.bin on PATH, its npm_* variables) and with no NODE_PATH, so a tool
 * or package the example does not declare is not found.
 */
export function copyEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE_PATH' && key !== 'INIT_CWD'));
  env.PATH = (env.PATH ?? '').split(delimiter).filter((dir) => dir && !(dir + sep).startsWith(root)).join(delimiter);
  return { ...env, ...extra };
}

/**
 * Copies the app in `source` to `copy`, outside the repository (keeping an earlier run's
 * node_modules, which `npm install` brings up to date, except amwa and amwa-sandbox), with `files`
 * written into it and the lock file of examples/`lockFrom` where it has none of its own, and points
 * its `file:` dependencies on the two packages at their tarballs, in package.json and its lock.
 */
export function copyOut({ source, copy, lockFrom, files = {} }, tarballs) {
  if (!relative(root, copy).startsWith('..')) throw new Error(`hosts: ${copy} is inside the repository`);
  mkdirSync(copy, { recursive: true });
  for (const entry of readdirSync(copy)) if (entry !== 'node_modules') rmSync(join(copy, entry), { recursive: true, force: true });
  for (const entry of readdirSync(source)) {
    if (!NOT_COPIED.has(entry)) cpSync(join(source, entry), join(copy, entry), { recursive: true, filter: (from) => !from.split(sep).some((part) => NOT_COPIED.has(part)) });
  }
  if (lockFrom) cpSync(join(root, 'examples', lockFrom, 'package-lock.json'), join(copy, 'package-lock.json'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    writeFileSync(join(copy, file), text);
  }
  const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(copy, 'package-lock.json'), 'utf8'));
  lock.name = manifest.name;
  lock.packages[''].name = manifest.name;
  for (const [pkg, tarball] of Object.entries(tarballs)) {
    for (const field of ['dependencies', 'devDependencies']) {
      if (manifest[field]?.[pkg]) manifest[field][pkg] = lock.packages[''][field][pkg] = `file:${tarball}`;
    }
    rmSync(join(copy, 'node_modules', pkg), { recursive: true, force: true });
  }
  // The lock's entries for the repository's folders (linked `file:../..`) go; npm locks the tarballs instead.
  for (const key of Object.keys(lock.packages)) {
    if (key.startsWith('../') || Object.keys(tarballs).some((pkg) => key === `node_modules/${pkg}` || key.startsWith(`node_modules/${pkg}/`))) delete lock.packages[key];
  }
  writeFileSync(join(copy, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(copy, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  return manifest;
}

/**
 * Fails unless the copy resolves only what it declares, from inside itself: no node_modules in a
 * folder above it (where Node would look next), each declared package installed in the copy's own
 * node_modules as a folder (not a link back into the repository), amwa and amwa-sandbox from the tarballs.
 */
export function checkResolution(copy, manifest) {
  for (let dir = dirname(copy); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) throw new Error(`hosts: ${join(dir, 'node_modules')} lies above ${copy}; packages could resolve through it`);
    if (dir === dirname(dir)) break;
  }
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  for (const pkg of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
    const installed = join(copy, 'node_modules', pkg);
    if (!existsSync(join(installed, 'package.json')) || lstatSync(installed).isSymbolicLink()) throw new Error(`hosts: ${pkg} is not installed inside ${copy}`);
    if (pkg.startsWith('amwa') && JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version !== version) throw new Error(`hosts: ${copy}'s ${pkg} is not the packed one`);
  }
}

