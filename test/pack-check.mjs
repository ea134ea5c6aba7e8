#!/usr/bin/env node
// Checks both packages as npm would publish them (`amwa` and `amwa-sandbox`, run after the build):
//   - their file lists, pinned in test/package-files.json: a new or lost file is a conscious
//     change (`node test/pack-check.mjs --update` rewrites the list; review its diff);
//   - `amwa` unpacks to 3.3 MB or less and holds no server code and no CommonJS;
//   - every relative link of the Markdown files they ship leads to a file they ship;
//   - publint (strict: warnings fail) and @arethetypeswrong/cli on every entry of both;
//   - `amwa` installed from its tarball into an empty project adds exactly one package, offline;
//   - `amwa-sandbox` installed from its tarball (with `amwa`'s) starts with
//     `npx amwa-sandbox --port 0` and answers its contract.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxListening } from './sandbox-listening.mjs';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = fileURLToPath(new URL('..', import.meta.url));
const pinnedFile = join(root, 'test', 'package-files.json');
const update = process.argv.includes('--update');
const MAX_UNPACKED = 4_200_000;
const workDir = mkdtempSync(join(tmpdir(), 'amwa-pack-'));
const failures = [];
const started = performance.now();

function section(title) {
  console.log(`\n== ${title} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * A built file's name with its content hashes replaced, so a rebuild is not a change of the list:
 * `pages-C3wgr8cn.js` and (a chunk named after a hashed module) `qr-path-CA2OES3F-Bx1_9kQa.js`.
 * A hash is 8 characters with a capital or a digit, which keeps names like `-scanner` as they are.
 */
const HASHED = /-([\w-]{8})(?=(-\[hash\])?\.(js|d\.ts)(\.map|\.br)?$)/;
function normalise(path) {
  for (let name = path; ; ) {
    const next = name.replace(HASHED, (match, hash) => (/[A-Z0-9]/.test(hash) ? '-[hash]' : match));
    if (next === name) return name;
    name = next;
  }
}

/** `npm pack` of the package in `dir`: the tarball's path and what npm reports about it. */
function pack(args) {
  // --ignore-scripts: the check is about what gets published, not about re-running the build.
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', workDir, ...args], { cwd: root, encoding: 'utf8' }));
  console.log(`${packed.filename}: ${packed.files.length} files, ${(packed.size / 1000).toFixed(0)} kB packed, ${(packed.unpackedSize / 1000).toFixed(0)} kB unpacked`);
  return { ...packed, tarball: join(workDir, packed.filename), paths: packed.files.map((file) => file.path), files: packed.files.map((file) => normalise(file.path)).sort() };
}

/**
 * Relative links of the shipped Markdown files (read from `dir`, the package's folder) whose
 * target the package does not ship: in node_modules they lead nowhere. Code blocks hold no links.
 */
function brokenLinks(dir, paths) {
  const shipped = new Set(paths.flatMap((path) => path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'))));
  return paths
    .filter((path) => path.endsWith('.md'))
    .flatMap((path) =>
      [...readFileSync(join(dir, path), 'utf8').replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
        .map(([, target]) => target)
        .filter((target) => !/^([a-z][a-z+.-]*:|#)/i.test(target))
        .filter((target) => !shipped.has(posix.normalize(posix.join(posix.dirname(path), decodeURI(target.split('#')[0]))).replace(/\/$/, '')))
        .map((target) => `${path} links to ${target}`),
    );
}

/** Runs npm in `cwd`; the output only when it fails. */
const npm = (cwd, args) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** An empty project to install tarballs into. */
function emptyProject(name) {
  const dir = join(workDir, name);
  execFileSync('mkdir', ['-p', dir]);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true }));
  return dir;
}

/** The packages npm installed into `dir`, from its hidden lock file. */
const installed = (dir) => Object.keys(JSON.parse(readFileSync(join(dir, 'node_modules', '.package-lock.json'), 'utf8')).packages).filter(Boolean);

/** Starts `npx amwa-sandbox --port 0` in `dir`; resolves with its origin and the child once it listens. */
function startSandbox(dir) {
  // Its own process group, so that stopping it stops npx and the server npx started.
  return sandboxListening(spawn('npx', ['--no', '--', 'amwa-sandbox', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
}

/** The sandbox's contract, as much as shows without a browser. */
async function checkContract(url) {
  const problems = [];
  const personas = await fetch(`${url}/__sandbox/personas`).then((response) => response.json());
  if (!Array.isArray(personas) || !personas.some((persona) => persona.userId === 'ANNA0001')) problems.push('GET /__sandbox/personas lists no ANNA0001');
  // GET {apiBaseUrl}/ hands out the XSRF token every mutating call must echo.
  const home = await fetch(`${url}/access/`);
  if (home.status !== 200 || !/XSRF-TOKEN=[^;]+/.test(home.headers.get('set-cookie') ?? '')) problems.push(`GET /access/ answered ${home.status} without an XSRF-TOKEN cookie`);
  const unguarded = await fetch(`${url}/access/v1/api/public/qr`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  if (unguarded.status !== 403) problems.push(`a POST without the XSRF token answered ${unguarded.status}, not 403`);
  // The widget from the amwa installed beside it, the examples from the sandbox package.
  for (const path of ['/dist/amwa.standalone.js', '/dist-examples/react.js', '/examples/console.js']) {
    const response = await fetch(url + path);
    if (response.status !== 200) problems.push(`GET ${path} answered ${response.status}`);
  }
  return problems;
}

try {
  section('npm pack');
  const packages = { amwa: pack([]), 'amwa-sandbox': pack(['--workspace', 'amwa-sandbox']) };

  section('file lists (test/package-files.json)');
  const lists = Object.fromEntries(Object.entries(packages).map(([name, packed]) => [name, packed.files]));
  if (update) {
    writeFileSync(pinnedFile, `${JSON.stringify(lists, null, 2)}\n`);
    console.log('rewritten: review its diff');
  } else {
    const pinned = JSON.parse(readFileSync(pinnedFile, 'utf8'));
    for (const [name, files] of Object.entries(lists)) {
      const added = files.filter((file) => !pinned[name]?.includes(file));
      const lost = (pinned[name] ?? []).filter((file) => !files.includes(file));
      for (const file of added) failures.push(`${name} ships ${file}, which test/package-files.json does not list (node test/pack-check.mjs --update, if on purpose)`);
      for (const file of lost) failures.push(`${name} lacks ${file}, which test/package-files.json lists`);
    }
    console.log(failures.length === 0 ? 'ok: as pinned' : 'differs (see the end)');
  }

  section('relative links of the shipped Markdown');
  const packageDirs = { amwa: root, 'amwa-sandbox': join(root, 'packages', 'amwa-sandbox') };
  for (const [name, { paths }] of Object.entries(packages)) {
    const broken = brokenLinks(packageDirs[name], paths);
    for (const link of broken) failures.push(`${name}: ${link}, a file the package does not ship`);
    console.log(`${name}: ${broken.length === 0 ? 'ok' : `${broken.length} broken`}`);
  }

  section('amwa: size and contents');
  const { unpackedSize, files } = packages.amwa;
  if (unpackedSize > MAX_UNPACKED) failures.push(`amwa unpacks to ${unpackedSize} bytes, more than ${MAX_UNPACKED}`);
  // The sandbox's server code, CommonJS, sources, tests and tooling state must never ship in the
  // browser package; amwa/server (dist/server.js, the first screen rendered on the host's server) does.
  const stray = files.filter((file) => (/^dist\/.*(sandbox|server|cli\.)/.test(file) && !/^dist\/server\.(js|d\.ts)$/.test(file)) || /\.cjs$|\.d\.cts$|^(src|test|examples|dist-examples|\.ci|\.tmp|node_modules|coverage)\//.test(file) || file.endsWith('.tgz'));
  for (const file of stray) failures.push(`amwa ships ${file}`);
  console.log(`${(unpackedSize / 1e6).toFixed(2)} MB unpacked (at most ${MAX_UNPACKED / 1e6} MB)${stray.length ? `; stray: ${stray.join(', ')}` : ''}`);

  for (const [name, { tarball }] of Object.entries(packages)) {
    section(`${name}: publint (strict)`);
    const { messages, pkg } = await publint({ strict: true, level: 'suggestion', pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer } });
    for (const message of messages) {
      const line = `${message.type}: ${formatMessage(message, pkg, { color: false })}`;
      console.log(line);
      failures.push(`${name}: publint ${line}`);
    }
    if (messages.length === 0) console.log('ok');

    section(`${name}: are the types wrong (esm-only profile)`);
    // Every entry, none excluded. The esm-only profile: both packages are ES modules only, so
    // attw checks how Node (node16 from ESM) and bundlers resolve them; a require() from Node
    // 20.19 or later loads the same ES module (test/node-import.mjs checks that in Node).
    try {
      execFileSync(join(root, 'node_modules', '.bin', 'attw'), [tarball, '--profile', 'esm-only', '--format', 'table', '--no-emoji', '--no-color'], { cwd: root, stdio: 'inherit' });
    } catch {
      failures.push(`${name}: attw reported problems (see above)`);
    }
  }

  section('amwa: installed from its tarball into an empty project, offline');
  const host = emptyProject('host');
  npm(host, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', packages.amwa.tarball]);
  const hostPackages = installed(host);
  if (hostPackages.join() !== 'node_modules/amwa') failures.push(`installing amwa added ${hostPackages.length} packages: ${hostPackages.join(', ')}`);
  console.log(`added: ${hostPackages.join(', ')}`);

  section('amwa-sandbox: installed from its tarball, started with npx, answering its contract');
  const tests = emptyProject('bank-tests');
  npm(tests, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', packages.amwa.tarball, packages['amwa-sandbox'].tarball]);
  console.log(`added ${installed(tests).length} packages: ${installed(tests).map((path) => path.replace(/^node_modules\//, '')).join(', ')}`);
  const { url, child } = await startSandbox(tests);
  try {
    console.log(`listening on ${url}`);
    const problems = await checkContract(url);
    for (const problem of problems) failures.push(`amwa-sandbox from its tarball: ${problem}`);
    console.log(problems.length === 0 ? 'ok' : problems.join('\n'));
  } finally {
    process.kill(-child.pid, 'SIGTERM');
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

section('done');
if (failures.length > 0) {
  console.error(`\npack check failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('pack check passed');
