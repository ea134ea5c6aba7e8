// The public API is exactly this: adding or losing an export is a deliberate, reviewed change.
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { fromDist } from './from-dist';

const require = createRequire(import.meta.url);
const names = (module: object) => Object.keys(module).filter((name) => name !== 'default' && name !== '__esModule').sort();

// The ES module entries also export their lazy chunks' shared code under short generated names
// (Rollup keeps it in the entry, so the first screen is one request); those are not API.
const INTERNAL = /^[\w$]{1,2}$/;
const publicNames = (module: object) => names(module).filter((name) => !INTERNAL.test(name));

const PUBLIC = {
  index: ['AMWA_TAG', 'defineAmwaElement', 'mount', 'parseSettings', 'version'],
  react: ['AmwaPortal', 'callbackPropName'],
  sandbox: ['createSandbox', 'startSandbox'],
};

describe.each(Object.entries(PUBLIC))('dist/%s', (entry, expected) => {
  test('the ES module exports exactly the public API (besides internal chunk links)', async () => {
    expect(publicNames(await fromDist(`${entry}.js`))).toEqual(expected);
  });

  test('the CommonJS build exports the same names', () => {
    expect(names(require(`../../dist/${entry}.cjs`) as object)).toEqual(expected);
  });
});

test('the standalone bundle exports what `amwa` exports', async () => {
  expect(publicNames(await fromDist('amwa.standalone.js'))).toEqual(PUBLIC.index);
});
