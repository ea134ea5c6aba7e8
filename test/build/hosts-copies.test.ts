// @vitest-environment node
// `npm run test:hosts` builds each example outside the repository (test/hosts/copies.mjs), so that
// nothing it lacks is found in the repository's own node_modules: the copies' place, the check
// that rejects a folder with a node_modules above it (as examples/<name> inside the repository,
// where test:hosts built them before), and the rewrite of the two packages to their tarballs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkResolution, copiesDir, copyEnv, copyOut } from '../hosts/copies.mjs';

const root = resolve(import.meta.dirname, '../..');
const made: string[] = [];
/** A fresh folder under the system's temporary directory, removed after the test. */
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'amwa-copies-test-'));
  made.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the examples copied out of the repository', () => {
  it('live outside the repository', () => {
    expect(relative(root, copiesDir).startsWith('..')).toBe(true);
  });

  it('rejects an example built inside the repository: the node_modules above it would hide what it lacks', () => {
    expect(() => checkResolution(join(root, 'examples', 'vanilla'), {})).toThrow(/node_modules lies above/);
  });

  it('rejects a declared package the copy has not installed itself', () => {
    const copy = scratch();
    expect(() => checkResolution(copy, { devDependencies: { vite: '7.3.8' } })).toThrow(/vite is not installed inside/);
    mkdirSync(join(copy, 'node_modules', 'vite'), { recursive: true });
    writeFileSync(join(copy, 'node_modules', 'vite', 'package.json'), '{"name":"vite","version":"7.3.8"}');
    expect(() => checkResolution(copy, { devDependencies: { vite: '7.3.8' } })).not.toThrow();
  });

  it("points amwa and amwa-sandbox at the tarballs, in package.json and its lock, and drops the lock's links into the repository", () => {
    const copy = join(scratch(), 'vanilla');
    const tarballs = { amwa: '/packed/amwa-0.1.0.tgz', 'amwa-sandbox': '/packed/amwa-sandbox-0.1.0.tgz' };
    const manifest = copyOut({ source: join(root, 'examples', 'vanilla'), copy }, tarballs) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(manifest.dependencies.amwa).toBe('file:/packed/amwa-0.1.0.tgz');
    expect(manifest.devDependencies['amwa-sandbox']).toBe('file:/packed/amwa-sandbox-0.1.0.tgz');
    const lock = JSON.parse(readFileSync(join(copy, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: unknown; devDependencies?: unknown }> };
    expect(lock.packages['']!.dependencies).toEqual(manifest.dependencies);
    expect(lock.packages['']!.devDependencies).toEqual(manifest.devDependencies);
    expect(Object.keys(lock.packages).filter((key) => key.startsWith('../') || key === 'node_modules/amwa' || key === 'node_modules/amwa-sandbox')).toEqual([]);
    expect(JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'))).toEqual(manifest);
  });

  it("runs commands without the repository's node_modules/.bin on PATH, npm's variables or NODE_PATH", () => {
    const env = copyEnv({ EXTRA: '1' });
    expect(env.PATH!.split(delimiter).some((dir) => dir.startsWith(root))).toBe(false);
    expect(Object.keys(env).filter((key) => /^npm_/i.test(key) || key === 'NODE_PATH')).toEqual([]);
    expect(env.EXTRA).toBe('1');
  });
});
