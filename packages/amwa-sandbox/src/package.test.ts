// @vitest-environment node
// What a developer who installed amwa-sandbox reads about it: where its docs are and which Node it needs.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP } from './cli-args';

const root = resolve(import.meta.dirname, '../../..');
const manifest = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8')) as { engines: { node: string }; files: string[] };

describe('the amwa-sandbox package', () => {
  it('names its docs where an install has them: a file the amwa package ships, under node_modules/amwa', () => {
    const [, path] = /Docs: node_modules\/amwa\/(\S+\.md)/.exec(HELP) ?? [];
    expect(path).toBeDefined();
    expect(existsSync(resolve(root, path!))).toBe(true);
    expect(manifest('package.json').files).toContain(path!.split('/')[0]);
    expect(readFileSync(resolve(root, 'packages/amwa-sandbox/README.md'), 'utf8')).toContain(`node_modules/amwa/${path}`);
  });

  it("needs the Node that amwa needs and its README states", () => {
    const { node } = manifest('packages/amwa-sandbox/package.json').engines;
    expect(node).toBe(manifest('package.json').engines.node);
    expect(readFileSync(resolve(root, 'packages/amwa-sandbox/README.md'), 'utf8')).toContain(`Node ${node.replace('>=', '')} or later`);
  });
});
