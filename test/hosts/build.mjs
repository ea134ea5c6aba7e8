#!/usr/bin/env node
// Builds every example a developer runs (examples/<name>, listed in examples.json) as a bank's web
// team would, from the two packed packages and outside the repository: each example's folder is
// copied to a temporary folder (test/hosts/copies.mjs), its `file:` dependencies on amwa and
// amwa-sandbox are pointed at the tarballs `npm pack` makes of them, and it is installed from its
// own lock file with `npm install`, so the registry (npm's cache first) brings only what the
// example declares and nothing resolves through the repository's node_modules (checked). Then the
// commands its README names run in the copy: type-check and build (the Vite ones), `next build`
// (nextjs, its API rewrites pointing at the sandbox port in ports.json; `--no-next` skips it for
// local speed, CI runs it), `npm test` (testing: vitest and Playwright against the tarballs).
// Prints each example's first-load JavaScript (brotli); the vanilla one must stay within 30 KiB.
// Also builds the bench's vanilla host (test/hosts/bench-vanilla, see test/bench/first-screen.mjs)
// into .tmp/hosts/vanilla/dist. test/e2e/hosts.e2e.ts then serves each copy as its README says
// and walks it in Chromium.
// Usage: npm run test:hosts [-- --no-next] [-- <example>…] (names: only those examples, for a quick re-run)
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { build } from 'vite';
import ports from './ports.json' with { type: 'json' };
// Each example's server (`vite preview` of its build, its own Node server, `next start`, or none
// for the test suite) and the npm scripts its README names, run after the install.
import EXAMPLES from './examples.json' with { type: 'json' };
import { checkResolution, copiesDir, copyEnv, copyOut, exampleCopy, recipeCopy } from './copies.mjs';
import { RECIPES } from './recipes.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = join(root, '.tmp', 'hosts');
// The sandbox port the Next.js build proxies its API to (rewrites are fixed at build time).
const NEXT_API_PORT = ports.nextApiPort;
// 30 KiB, the budget the first-screen e2e holds the standalone module to (test/e2e/first-screen.e2e.ts).
const VANILLA_BUDGET = 30 * 1024;
// Examples installed and built at once: installs wait on the network, builds share the cores.
const PARALLEL = 3;

/** Unpacks the tarball npm would publish into `dir/node_modules/amwa`: amwa has no dependencies to install. */
export function installPacked(tarball, dir) {
  const target = join(dir, 'node_modules', 'amwa');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

/** Packs a package (the root's, or the workspace `workspace`) as npm would publish it into `destination`; returns the tarball's path. */
export function pack(destination = work, workspace) {
  mkdirSync(destination, { recursive: true });
  const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', destination, ...(workspace ? ['--workspace', workspace] : [])];
  const [packed] = JSON.parse(execFileSync('npm', args, { cwd: root, encoding: 'utf8' }));
  return join(destination, packed.filename);
}

/** Brotli size of the HTML page's entry script and everything it imports statically: what loads before anything is lazy. */
async function firstLoad(outDir, entry = /<script type="module"[^>]* src="([^"]+)"/.exec(readFileSync(join(outDir, 'index.html'), 'utf8'))?.[1]) {
  await init;
  if (!entry) throw new Error(`hosts: no module script in ${outDir}/index.html`);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { n, d } of parse(readFileSync(file, 'utf8'))[0]) {
      if (d !== -1 || !n) continue;
      if (n.startsWith('.')) visit(join(dirname(file), n));
      else if (n.startsWith('/')) visit(join(outDir, n.replace(/^.*\/assets\//, 'assets/')));
    }
  };
  visit(join(outDir, entry.replace(/^.*\/assets\//, 'assets/').replace(/^\.\//, '')));
  const bytes = [...seen].reduce((sum, file) => sum + brotliCompressSync(readFileSync(file)).length, 0);
  return { files: seen.size, bytes };
}

/** Runs `command` in `cwd`, its output kept in `log` (printed when it fails); resolves with its duration in seconds. */
function run(log, cwd, command, args, env = copyEnv()) {
  const started = Date.now();
  log.push(`$ ${command} ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => log.push(String(chunk)));
    child.stderr.on('data', (chunk) => log.push(String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve((Date.now() - started) / 1000);
      else reject(new Error(`\`${command} ${args.join(' ')}\` in ${cwd} exited with ${code}`));
    });
  });
}

/** Fails unless the example's README names each command run in its copy (`npm install`, then `npm run <script>` or `npm test`). */
function checkReadme(name, copy, commands) {
  const readme = readFileSync(join(copy, 'README.md'), 'utf8');
  for (const command of ['npm install', ...commands.map((script) => (script === 'test' ? 'npm test' : `npm run ${script}`))]) {
    if (!readme.includes(command)) throw new Error(`hosts: examples/${name}/README.md does not name \`${command}\`, which the suite runs`);
  }
}

/** Installs a copy made by copyOut from the tarballs and checks what it resolves; the install's duration. */
async function install(copy, manifest, log) {
  const seconds = await run(log, copy, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);
  checkResolution(copy, manifest);
  return seconds;
}

/**
 * Runs `script` (an npm script, or `test`) in `copy` as a host of `server` kind: Next.js builds
 * with their API rewrites pointing at `apiPort`, Vite builds print only warnings.
 */
function runScript(log, copy, script, server, apiPort) {
  const env = server === 'next' ? copyEnv({ NEXT_TELEMETRY_DISABLED: '1', AMWA_API_ORIGIN: `http://127.0.0.1:${apiPort}` }) : copyEnv();
  const args = script === 'build' && server === 'vite' ? ['run', 'build', '--', '--logLevel', 'warn'] : script === 'test' ? ['test'] : ['run', script];
  return run(log, copy, 'npm', args, env);
}

/** Runs `steps` (name and async step, each resolving with its seconds) for `label`, printing their timings, or the output kept in `log` when one fails. */
async function stepped(label, copy, log, steps) {
  const timings = [];
  try {
    for (const [step, go] of steps) {
      const seconds = await go();
      if (seconds !== undefined) timings.push(`${step} ${seconds.toFixed(1)} s`);
    }
    console.log(`hosts: ${label} in ${copy}: ${timings.join(', ')}`);
  } catch (error) {
    console.error(`hosts: ${label} failed; its output:\n${log.join('')}`);
    throw error;
  }
}

/** Copies examples/`name` out, installs it from the tarballs, runs its README's commands; its first-load JavaScript (Vite and static ones). */
export async function buildExample(name, { server, commands }, tarballs, { next }) {
  const log = [];
  const copy = exampleCopy(name);
  let manifest;
  await stepped(`examples/${name}`, copy, log, [
    ['copy', () => void (manifest = copyOut({ source: join(root, 'examples', name), copy }, tarballs))],
    ['readme', () => checkReadme(name, copy, commands)],
    ['install', () => install(copy, manifest, log)],
    ...commands.filter(() => server !== 'next' || next).map((script) => [script, async () => {
      const seconds = await runScript(log, copy, script, server, NEXT_API_PORT);
      // A test run's counts (vitest's and Playwright's summaries), so a skipped browser shows.
      if (script === 'test') {
        const lines = log.join('').replace(/\x1b\[[\d;]*m/g, '').split('\n');
        for (const line of lines.filter((text) => /^\s*(Tests\s+\d|\d+ (passed|skipped|failed))/.test(text))) console.log(`hosts: examples/${name} npm test: ${line.trim()}`);
      }
      return seconds;
    }]),
  ]);
  // A page without a build loads the standalone module and its static imports first.
  if (server === 'vite') return firstLoad(join(copy, 'dist'));
  if (server === 'node') return firstLoad(join(copy, 'node_modules', 'amwa', 'dist'), 'amwa.standalone.js');
  return undefined;
}

/** Builds the documented recipe `name` (recipes.mjs) as a host outside the repository: its files from the docs' snippets, installed from the tarballs. */
async function buildRecipe(name, tarballs, { next }) {
  const recipe = RECIPES[name];
  const log = [];
  const copy = recipeCopy(name);
  let manifest;
  await stepped(`recipe ${name}`, copy, log, [
    ['copy', () => void (manifest = copyOut({ source: join(root, 'test', 'hosts', 'recipes', name), copy, lockFrom: recipe.lockFrom, files: recipe.files() }, tarballs))],
    ['install', () => install(copy, manifest, log)],
    ...recipe.commands.filter(() => recipe.server !== 'next' || next).map((script) => [script, () => runScript(log, copy, script, recipe.server, recipe.apiPort)]),
  ]);
}

/** Runs `task` over `items`, at most `limit` at a time; the results in order. */
async function pooled(items, limit, task) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A bench host (test/hosts/bench-`name`: `vanilla`, or `react` with React 19), built from the
 * tarball into .tmp/hosts/`name`/dist for test/bench/first-screen.mjs, with amwa's Vite plugin as
 * docs/vite.md advises a host: the placeholder image, and V8's compile hint (unless `compileHint: false`).
 */
export async function buildBenchHost(name, tarball, { compileHint = true } = {}) {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, 'test', 'hosts', `bench-${name}`), dir, { recursive: true });
  installPacked(tarball, dir);
  // The host's own framework, as its package.json would bring it.
  for (const dependency of name === 'react' ? ['react', 'react-dom', 'scheduler'] : []) {
    const link = join(dir, 'node_modules', dependency);
    if (!existsSync(link)) symlinkSync(join(root, 'node_modules', dependency), link, 'dir');
  }
  const { amwa } = await import(pathToFileURL(join(dir, 'node_modules', 'amwa', 'dist', 'vite.js')).href);
  await build({
    configFile: false,
    root: dir,
    base: `/hosts/${name}/`,
    logLevel: 'warn',
    esbuild: { jsx: 'automatic' },
    plugins: [amwa({ staticPath: `/hosts/${name}/static`, compileHint })],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, reportCompressedSize: false },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const tarballDir = join(copiesDir, 'tarballs');
  rmSync(tarballDir, { recursive: true, force: true });
  const tarballs = { amwa: pack(tarballDir), 'amwa-sandbox': pack(tarballDir, 'amwa-sandbox') };
  const next = !process.argv.includes('--no-next');
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const recipe = (name) => name.replace(/^recipe-/, '');
  const unknown = asked.filter((name) => !(name in EXAMPLES) && !(name.startsWith('recipe-') && recipe(name) in RECIPES));
  if (unknown.length > 0) throw new Error(`hosts: no example ${unknown.join(', ')} in test/hosts/examples.json, nor recipe in test/hosts/recipes.mjs`);
  const all = [...Object.keys(EXAMPLES), ...Object.keys(RECIPES).map((name) => `recipe-${name}`)];
  const chosen = asked.length > 0 ? asked : all;
  const names = chosen.filter((name) => name in EXAMPLES);
  const results = await pooled(chosen, PARALLEL, (name) => (name in EXAMPLES ? buildExample(name, EXAMPLES[name], tarballs, { next }) : buildRecipe(recipe(name), tarballs, { next })));
  const built = chosen.flatMap((name, index) => (name in EXAMPLES ? [results[index]] : []));
  const sizesFile = join(work, 'sizes.json');
  // A partial run keeps the other examples' figures from the last full one.
  const sizes = {
    ...(asked.length > 0 && existsSync(sizesFile) ? JSON.parse(readFileSync(sizesFile, 'utf8')) : {}),
    ...Object.fromEntries(names.flatMap((name, index) => (built[index] ? [[`examples/${name}`, built[index]]] : []))),
  };
  if (asked.length === 0) await buildBenchHost('vanilla', tarballs.amwa);
  mkdirSync(work, { recursive: true });
  writeFileSync(sizesFile, JSON.stringify(sizes, null, 2));
  console.log(`\nhosts: ${names.length} examples and ${chosen.length - names.length} documented recipes copied out, installed from the tarballs and built in ${((Date.now() - started) / 1000).toFixed(0)} s${next ? '' : ' (without next build: --no-next)'}`);
  console.log('first-load JavaScript of each example (brotli, entry and its static imports):');
  for (const [name, { files, bytes }] of Object.entries(sizes)) {
    console.log(`  ${name.padEnd(25)} ${(bytes / 1000).toFixed(2)} kB in ${files} file(s)`);
  }
  const vanilla = sizes['examples/vanilla']?.bytes ?? 0;
  if (vanilla > VANILLA_BUDGET) {
    console.error(`\nhosts: examples/vanilla loads ${(vanilla / 1024).toFixed(2)} KiB before its first screen; the budget is ${VANILLA_BUDGET / 1024} KiB`);
    process.exit(1);
  }
  console.log(`\nexamples/vanilla within its ${VANILLA_BUDGET / 1024} KiB budget`);
}
