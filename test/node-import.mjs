#!/usr/bin/env node
// Server rendering and tooling import amwa in plain Node: every published entry must load
// without a DOM, through the package's own `exports` (self-reference), by import() and by
// require() (the package has no CommonJS build: Node 20.19 and later require() its ES modules),
// and must not start a timer, socket or server just by being imported.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = require('../package.json');
const codeEntries = Object.keys(pkg.exports)
  .filter((key) => !key.includes('*') && !/\.(json|css)$/.test(key))
  .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
const locales = readdirSync(new URL('../locales/', import.meta.url)).filter((file) => file.endsWith('.json'));

assert.equal(typeof window, 'undefined', 'this check must run without a DOM');
assert.ok(locales.includes('en.json'), 'locales/en.json is missing');
// stdout and stderr open their pipes on first use: open them before taking the baseline.
console.log(`importing ${pkg.name} in plain Node ${process.version}, no DOM`);
process.stderr.write('');
const countHandles = () => {
  const counts = new Map();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
};
const handlesBefore = countHandles();
const failures = [];

async function check(label, load) {
  try {
    const loaded = await load();
    assert.ok(loaded && typeof loaded === 'object', 'loaded nothing');
    console.log(`ok   ${label}`);
    return loaded;
  } catch (error) {
    failures.push(label);
    console.error(`FAIL ${label}\n     ${error?.stack ?? error}`);
    return undefined;
  }
}

for (const entry of codeEntries) {
  const esm = await check(`import('${entry}')`, () => import(entry));
  const cjs = await check(`require('${entry}')`, () => require(entry));
  if (esm && cjs) {
    // One module instance for both: no dual-package hazard (two copies of the widget's state).
    await check(`${entry}: require() gives the module import() gives`, () => {
      assert.equal(cjs, esm);
      return {};
    });
  }
}
for (const file of locales) {
  await check(`import('${pkg.name}/locales/${file}')`, async () => {
    const { default: messages } = await import(`${pkg.name}/locales/${file}`, { with: { type: 'json' } });
    return messages;
  });
}

// An import that leaves a live handle would keep a server-rendering process from exiting.
const leaked = [...countHandles()]
  .filter(([kind, count]) => count > (handlesBefore.get(kind) ?? 0))
  .map(([kind, count]) => `${kind} ×${count - (handlesBefore.get(kind) ?? 0)}`);
if (leaked.length > 0) {
  failures.push('open handles');
  console.error(`FAIL importing left handles open: ${leaked.join(', ')}`);
}

if (failures.length > 0) {
  console.error(`\n${failures.length} Node import check(s) failed`);
  process.exit(1);
}
console.log(`\nall ${codeEntries.length} entries and ${locales.length} locale files import in Node`);
