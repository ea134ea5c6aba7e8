// The examples folder as a developer finds it (issue 18): every app in examples/ is a row of
// examples/README.md's table, runs with the two commands its README opens with, takes amwa from
// the repository, has a lock file that matches its package.json, and is copied out of the
// repository and built by the host tests (test/hosts/examples.json): each app walked by hosts.e2e.ts,
// the testing suite run with its own `npm test`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import HOSTED from '../hosts/examples.json';

// happy-dom replaces the global URL, so the folder comes from this file's directory.
const examples = resolve(import.meta.dirname, '../../examples');
const read = (...path: string[]) => readFileSync(join(examples, ...path), 'utf8');
const json = (...path: string[]) => JSON.parse(read(...path)) as Record<string, unknown>;
/** Folders of examples/ that are projects of their own (the others are sources the repository's build uses). */
const PROJECTS = readdirSync(examples, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(examples, entry.name, 'package.json')))
  .map((entry) => entry.name)
  .sort();
/**
 * The test suites among them: a bank's tests of its page, not an app to serve and walk. Their
 * commands are `npm install` then `npm test`, and the repository runs their files itself
 * (`npm run test:kit`, the e2e and unit suites) rather than through the host tests.
 */
const SUITES = ['testing'];
/** The apps: served with `npm run dev`, built and walked by the host tests. */
const APPS = PROJECTS.filter((name) => !SUITES.includes(name));
/** The two commands a project's README opens with and its row in examples/README.md names. */
const commandsOf = (name: string) => (SUITES.includes(name) ? ['npm install', 'npm test'] : ['npm install', 'npm run dev']);

describe('the examples folder', () => {
  it('holds the six apps the issue names, the server-rendered one (issue 34), and the testing suite', () => {
    expect(APPS).toEqual(['corporate-portal', 'nextjs', 'node-server', 'preact', 'react', 'script-tag', 'vanilla']);
    expect(PROJECTS).toEqual([...APPS, ...SUITES].sort());
  });

  it('lists each project in examples/README.md with its two commands', () => {
    const rows = read('README.md').split('\n').filter((line) => line.startsWith('| ['));
    const names = rows.map((row) => /^\| \[([\w-]+)\]\(\1\/\) \|/.exec(row)?.[1]);
    expect([...names].sort()).toEqual(PROJECTS);
    for (const [index, row] of rows.entries()) {
      const [install, run] = commandsOf(names[index]!);
      expect(row).toMatch(new RegExp(`\\| \`${install}\` then \`${run}\` \\|$`));
    }
  });

  it('makes each test suite an ES module package, as its files (top-level await, import.meta) run in Node', () => {
    for (const name of SUITES) expect(json(name, 'package.json').type).toBe('module');
  });

  it('keeps each test suite inside its folder: no file reaches into the repository (copied out, there is none)', () => {
    for (const name of SUITES) {
      for (const file of readdirSync(join(examples, name)).filter((file) => /\.(ts|mjs|js|json)$/.test(file) && file !== 'package.json' && file !== 'package-lock.json')) {
        expect(read(name, file), `${name}/${file}`).not.toMatch(/['"`]\.\.\/\.\.\//);
      }
    }
  });

  // Named, not linked: docs/ ships in the npm package, where a relative link to examples/ leads nowhere (test/pack-check.mjs).
  it('names the testing suite in docs/testing.md, as a folder of the repository', () => {
    expect(readFileSync(resolve(examples, '../docs/testing.md'), 'utf8')).toContain('`examples/testing` in the amwa repository');
  });

  it("gives docs/embedding.md's Preact section the tsconfig paths examples/preact type-checks with", () => {
    const tsconfig = JSON.parse(read('preact', 'tsconfig.json').replace(/^\s*\/\/.*$/gm, '')) as { compilerOptions: { paths: unknown } };
    const embedding = readFileSync(resolve(examples, '../docs/embedding.md'), 'utf8');
    const section = embedding.slice(embedding.indexOf('## A Preact host'), embedding.indexOf('\n## ', embedding.indexOf('## A Preact host') + 1));
    const [, block] = /```json\n([^`]*)```/.exec(section) ?? [];
    expect((JSON.parse(block!) as { compilerOptions: { paths: unknown } }).compilerOptions.paths).toEqual(tsconfig.compilerOptions.paths);
  });

  it('declares @types/node where Next.js would otherwise install it during the build (offline, that fails)', () => {
    expect((json('nextjs', 'package.json') as { devDependencies: Record<string, string> }).devDependencies['@types/node']).toBeTruthy();
  });

  it('has every project copied out and built by the host tests: the apps to walk, the suites to run', () => {
    expect(Object.keys(HOSTED).sort()).toEqual(PROJECTS);
    expect(Object.entries(HOSTED).filter(([, { server }]) => server === 'none').map(([name]) => name)).toEqual(SUITES);
  });

  describe.each(PROJECTS)('examples/%s', (name) => {
    const manifest = json(name, 'package.json') as { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; scripts?: Record<string, string> };

    it('opens its README with its two commands, and has the script the second runs', () => {
      const [, first] = /^# .+\n\n```sh\n([^`]*)```\n/.exec(read(name, 'README.md')) ?? [];
      const commands = commandsOf(name);
      expect(first).toBe(`${commands.join('\n')}\n`);
      expect(manifest.scripts?.[commands[1]!.replace(/^npm (run )?/, '')]).toBeTruthy();
    });


    it('takes amwa from the repository, and its lock file matches its package.json', () => {
      expect(manifest.dependencies?.amwa).toBe('file:../..');
      const lock = json(name, 'package-lock.json') as { packages: Record<string, { dependencies?: unknown; devDependencies?: unknown }> };
      expect(lock.packages['']?.dependencies).toEqual(manifest.dependencies);
      expect(lock.packages['']?.devDependencies).toEqual(manifest.devDependencies);
    });
  });
});
