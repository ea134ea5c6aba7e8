#!/usr/bin/env node
// The sizes the docs quote are figures the build produces: each is measured here from the build
// (dist/) and from the host apps `npm run test:hosts` built (.tmp/hosts/sizes.json), and a figure
// more than TOLERANCE away from its measurement fails. `--update` writes the measured figures into
// the docs. Run after `npm run build` and `npm run test:hosts`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const update = process.argv.includes('--update');
/** How far a quoted figure may drift from the build before the docs count as stale (a rounded "about"). */
const TOLERANCE = 0.04;

const bytes = (path) => readFileSync(join(root, path)).length;
/** The brotli file the build wrote for the chunk whose name starts with `prefix`. */
const chunk = (prefix) => {
  const names = readdirSync(join(root, 'dist', 'chunks')).filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js.br'));
  if (names.length !== 1) throw new Error(`doc figures: expected one dist/chunks/${prefix}-*.js.br, found ${names.length}`);
  return bytes(join('dist', 'chunks', names[0]));
};
const sizesFile = join(root, '.tmp', 'hosts', 'sizes.json');
/** First-load JavaScript (brotli) of an example, as test/hosts/build.mjs measured it. */
const example = (name) => {
  if (!existsSync(sizesFile)) throw new Error('doc figures: .tmp/hosts/sizes.json is missing; run `npm run test:hosts` first');
  return JSON.parse(readFileSync(sizesFile, 'utf8'))[`examples/${name}`].bytes;
};

const KiB = (value) => value / 1024;
const kB = (value) => value / 1000;

/**
 * Each figure: the file, a pattern whose one group is the number, the measurement in the unit the
 * text uses, and the decimals it is written with.
 */
const FIGURES = [
  { file: 'docs/embedding.md', pattern: /the standalone file \(about ([\d.]+) KiB brotli\)/, measure: () => KiB(bytes('dist/amwa.standalone.js.br')), decimals: 1 },
  { file: 'docs/performance.md', pattern: /the standalone file \(about ([\d.]+) KiB brotli\)/, measure: () => KiB(bytes('dist/amwa.standalone.js.br')), decimals: 1 },
  { file: 'docs/performance.md', pattern: /the standalone file is ([\d.]+) kB as it is/, measure: () => kB(bytes('dist/amwa.standalone.js')), decimals: 0 },
  { file: 'docs/performance.md', pattern: /kB as it is, ([\d.]+) KiB in brotli/, measure: () => KiB(bytes('dist/amwa.standalone.js.br')), decimals: 1 },
  { file: 'docs/performance.md', pattern: /`chunks\/pages-\[hash\]\.js` \(about ([\d.]+) KiB\)/, measure: () => KiB(chunk('pages')), decimals: 1 },
  { file: 'docs/performance.md', pattern: /`chunks\/modal-\[hash\]\.js` \(about ([\d.]+) KiB/, measure: () => KiB(chunk('modal')), decimals: 1 },
  { file: 'docs/performance.md', pattern: /Vite: one file of about ([\d.]+) kB brotli/, measure: () => kB(example('vanilla')), decimals: 1 },
  { file: 'examples/vanilla/README.md', pattern: /first load is about ([\d.]+) kB of JavaScript/, measure: () => kB(example('vanilla')), decimals: 0 },
  { file: 'examples/preact/README.md', pattern: /Preact \(about ([\d.]+) kB of JavaScript/, measure: () => kB(example('preact')), decimals: 0 },
  { file: 'examples/script-tag/README.md', pattern: /brotli \(about ([\d.]+) kB on first load\)/, measure: () => kB(example('script-tag')), decimals: 0 },
];

const stale = [];
for (const { file, pattern, measure, decimals } of FIGURES) {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  const match = pattern.exec(text);
  if (!match) {
    stale.push(`${file}: no text matches ${pattern}; the figure moved or was reworded (update test/doc-figures.mjs)`);
    continue;
  }
  const measured = measure();
  const written = Number(match[1]);
  const fresh = measured.toFixed(decimals);
  const off = Math.abs(written - measured) / measured;
  if (update && written !== Number(fresh)) {
    const at = match.index + match[0].indexOf(match[1]);
    writeFileSync(path, text.slice(0, at) + fresh + text.slice(at + match[1].length));
    console.log(`${file}: ${written} -> ${fresh}`);
  } else if (!update && off > TOLERANCE) {
    stale.push(`${file}: says ${written} where the build measures ${fresh} (${(off * 100).toFixed(0)}% off); \`node test/doc-figures.mjs --update\``);
  }
}
if (stale.length > 0) {
  console.error(`doc figures are stale:\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(`doc figures: ${FIGURES.length} figures ${update ? 'written from' : 'within ' + TOLERANCE * 100 + '% of'} the build`);
