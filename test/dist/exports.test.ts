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
  'index.js': ['AMWA_TAG', 'defineAmwaElement', 'mount', 'parseSettings', 'version'],
  'react.js': ['AmwaPortal', 'callbackPropName'],
  // The first screen rendered on a host's server (docs/embedding.md, "Server rendering").
  'server.js': ['renderToString'],
  // The Vite plugin, for the host's build in Node (docs/vite.md).
  'vite.js': ['amwa'],
  // The amwa-sandbox package (packages/amwa-sandbox/dist/index.js).
  '../packages/amwa-sandbox/dist/index.js': ['createSandbox', 'startSandbox'],
  // Its testing kit, amwa-sandbox/testing (docs/testing.md).
  // verifyApi, its report formats and the proxy: checking a bank's API (docs/api-conformance.md).
  '../packages/amwa-sandbox/dist/testing.js': [
    'DEFAULT_TIMEOUTS',
    'IN_PROCESS_ORIGIN',
    'OPERATION_IDS',
    'REPORT_PATH',
    'VERIFY_CASES',
    'WIDGET_EVENTS',
    'activateScanner',
    'addAmwaCommands',
    'amwaFixtures',
    'connectKit',
    'connectSandbox',
    'createKit',
    'createProxy',
    'domDriver',
    'findByRole',
    'formatJson',
    'formatJunit',
    'formatTable',
    'linkCorporateAccount',
    'logOnWithApp',
    'logOnWithScanner',
    'operationPath',
    'playwrightDriver',
    'puppeteerDriver',
    'responseCodeOnScreen',
    'serialName',
    'startProxy',
    'startSandbox',
    'toDriver',
    'verifyApi',
    'webdriverioDriver',
  ],
};

describe.each(Object.entries(PUBLIC))('dist/%s', (file, expected) => {
  test('the ES module exports exactly the public API (besides internal chunk links)', async () => {
    expect(publicNames(await fromDist(file))).toEqual(expected);
  });

  // No CommonJS build: require() loads the ES module itself on Node 20.19 and later.
  test('require() gets the same names', () => {
    expect(publicNames(require(`../../dist/${file}`) as object)).toEqual(expected);
  });
});

test('the standalone bundle exports what `amwa` exports', async () => {
  expect(publicNames(await fromDist('amwa.standalone.js'))).toEqual(PUBLIC['index.js']);
});
