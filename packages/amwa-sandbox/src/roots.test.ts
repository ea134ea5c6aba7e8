// @vitest-environment node
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { sandboxRoots } from './roots';
import { createState } from './state';

const repo = realpathSync(join(import.meta.dirname, '..', '..', '..'));
const project = realpathSync(mkdtempSync(join(tmpdir(), 'amwa-roots-')));
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** A package folder under `dir` with a package.json and the given files. */
function installPackage(dir: string, manifest: object, files: Record<string, string> = {}) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

describe('the folders the sandbox serves from', () => {
  it('run from the sources: the repository for the widget, the workspace package for the examples', () => {
    expect(sandboxRoots({})).toEqual({ widget: repo, examples: join(repo, 'packages', 'amwa-sandbox') });
  });

  it('installed in a project: the amwa beside it for the widget, its own folder for the examples', () => {
    const modules = join(project, 'with-amwa', 'node_modules');
    installPackage(join(modules, 'amwa'), { name: 'amwa', exports: { './package.json': './package.json' } });
    installPackage(join(modules, 'amwa-sandbox'), { name: 'amwa-sandbox' }, { 'dist/index.js': '' });
    expect(sandboxRoots({}, join(modules, 'amwa-sandbox', 'dist'))).toEqual({ widget: join(modules, 'amwa'), examples: join(modules, 'amwa-sandbox') });
  });

  it('installed without amwa: no widget folder, and the API still answers', async () => {
    const modules = join(project, 'without-amwa', 'node_modules');
    installPackage(join(modules, 'amwa-sandbox'), { name: 'amwa-sandbox' }, { 'dist/index.js': '', 'examples/demo.css': 'body {}' });
    const roots = sandboxRoots({}, join(modules, 'amwa-sandbox', 'dist'));
    expect(roots).toEqual({ widget: undefined, examples: join(modules, 'amwa-sandbox') });

    const app = createApp(createState(), roots);
    const send = async (path: string) => (await app.fetch(new Request(`http://sandbox.test${path}`))).status;
    expect(await send('/__sandbox/personas')).toBe(200);
    expect(await send('/examples/demo.css')).toBe(200);
    expect(await send('/dist/amwa.standalone.js')).toBe(404);
    expect(await send('/access/static/image')).toBe(404);
  });

  it('given by the caller: used as they are', () => {
    expect(sandboxRoots({ root: '/srv/amwa', examplesRoot: '/srv/examples' })).toEqual({ widget: '/srv/amwa', examples: '/srv/examples' });
  });
});
