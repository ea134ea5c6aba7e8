// The built files a browser runs use no syntax newer than the supported browsers have
// (.browserslistrc, docs/browsers.md). esbuild prints each file once for those browsers and once
// for the newest: where the two differ, the file has syntax the oldest supported browser lacks.
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { browserQuery, browserTargets } from '../../scripts/browser-target.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Every file of dist/ that runs in a browser: the entries and their chunks (the sandbox is a package of its own, for Node). */
const browserFiles = () => [
  ...['amwa.standalone.js', 'index.js', 'react.js'],
  ...['chunks', 'lib', 'lib-react'].flatMap((dir) => readdirSync(join(dist, dir)).filter((name) => name.endsWith('.js')).map((name) => `${dir}/${name}`)),
];

/**
 * What of `code` the `targets` browsers cannot parse: '' when nothing, else the first place
 * esbuild had to rewrite (or its error, for syntax it cannot rewrite at all).
 */
async function beyondTarget(code: string, targets: string[]): Promise<string> {
  const print = (target: string[]) => transform(code, { target, format: 'esm', loader: 'js', charset: 'utf8', legalComments: 'none' }).then((result) => result.code);
  let lowered: string;
  try {
    lowered = await print(targets);
  } catch (error) {
    return String((error as Error).message);
  }
  const native = await print(['esnext']);
  if (lowered === native) return '';
  let at = 0;
  while (lowered[at] === native[at]) at++;
  return `rewritten at character ${at}: ${JSON.stringify(native.slice(Math.max(0, at - 60), at + 60))}`;
}

const targets = browserTargets();

describe('the built files and the supported browsers', () => {
  test(`every file a browser loads parses in ${targets.join(', ')}`, async () => {
    const files = browserFiles();
    expect(files.length, 'dist/ has its browser files (run npm run build first)').toBeGreaterThan(20);
    const found: string[] = [];
    for (const file of files) {
      const problem = await beyondTarget(readFileSync(join(dist, file), 'utf8'), targets);
      if (problem) found.push(`dist/${file}: ${problem}`);
    }
    expect(found, `syntax beyond ${JSON.stringify(browserQuery())}`).toEqual([]);
    // Two esbuild prints of every built file (about 2 MB): a second on a laptop, more on a loaded machine.
  }, 60_000);

  test('the check finds syntax the oldest supported browser lacks', async () => {
    // Class static blocks came with Safari 16.4; regular expressions' v flag with Safari 17.
    expect(await beyondTarget('class A { static { this.x = 1; } }', ['safari16.3'])).toMatch(/rewritten/);
    expect(await beyondTarget('class A { static { this.x = 1; } }', targets)).toBe('');
    expect(await beyondTarget('export const word = /[\\p{L}--[a-z]]/v;', targets)).not.toBe('');
  });

  test('the build target is the stated query, oldest version per browser', () => {
    expect(browserTargets('chrome >= 111, safari >= 16.4')).toEqual(['chrome111', 'safari16.4']);
    expect(targets).toEqual(expect.arrayContaining(['chrome111', 'edge111', 'firefox115', 'safari16.4', 'ios16.4']));
  });
});
