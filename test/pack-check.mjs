#!/usr/bin/env node
// Checks the package as npm would publish it: packs a tarball, checks its file list, lints
// it with publint (strict: warnings fail) and checks its types with @arethetypeswrong/cli.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const workDir = mkdtempSync(join(tmpdir(), 'amwa-pack-'));
const failures = [];

function section(title) {
  console.log(`\n== ${title}`);
}

try {
  section('npm pack');
  // --ignore-scripts: the check is about what gets published, not about re-running the build.
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', workDir], { cwd: root, encoding: 'utf8' }),
  );
  const tarball = join(workDir, packed.filename);
  const files = packed.files.map((file) => file.path);
  console.log(`${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(1)} kB packed`);

  section('tarball contents');
  const required = [
    'package.json',
    'README.md',
    'CHANGELOG.md',
    'dist/index.js',
    'dist/index.cjs',
    'dist/index.d.ts',
    'dist/index.d.cts',
    'dist/react.js',
    'dist/sandbox.js',
    'dist/sandbox-cli.js',
    'dist/amwa.standalone.js',
    'dist/amwa.css',
    'dist/THIRD-PARTY-NOTICES.md',
    'dist-examples/react.js',
    'static/image',
    'locales/en.json',
    'openapi.json',
  ];
  const missing = required.filter((file) => !files.includes(file));
  // Sources, tests and tooling state must never ship.
  const stray = files.filter((file) => /^(src|test|\.ci|\.tmp|node_modules|coverage)\//.test(file) || file.endsWith('.tgz'));
  for (const file of missing) failures.push(`tarball lacks ${file}`);
  for (const file of stray) failures.push(`tarball ships ${file}`);
  console.log(missing.length + stray.length === 0 ? 'ok' : `missing: ${missing.join(', ') || '-'}; stray: ${stray.join(', ') || '-'}`);

  section('publint (strict)');
  const { messages, pkg } = await publint({
    strict: true,
    level: 'suggestion',
    pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer },
  });
  for (const message of messages) {
    const line = `${message.type}: ${formatMessage(message, pkg, { color: false })}`;
    console.log(line);
    if (message.type !== 'suggestion') failures.push(`publint ${line}`);
  }
  if (messages.length === 0) console.log('ok');

  section('are the types wrong (node16 profile)');
  // node16 profile: the package is resolved the way Node and TypeScript's node16/bundler modes
  // do; node10 resolution (no `exports` support) is not a target of a package needing Node 20.
  // Excluded: the locale JSON files under ./locales/* and the stylesheet are data, not typed
  // modules; ./standalone is an ES module for <script type=module> that require() is refused.
  try {
    execFileSync(bin('attw'), [tarball, '--profile', 'node16', '--format', 'ascii', '--no-emoji', '--no-color', '--exclude-entrypoints', './locales/*', './amwa.css', './standalone'], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    failures.push('attw reported problems (see above)');
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\npack check failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\npack check passed');
