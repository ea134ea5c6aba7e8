#!/usr/bin/env node
// Builds the examples a developer runs (examples/<name>, listed in examples.json) from the packed
// package, as a bank's web team would, and checks what they ship: each is installed from its own
// lock file (npm ci), given the tarball `npm pack` makes in place of amwa, and (the Vite ones)
// type-checked and built into examples/<name>/dist. examples/nextjs (App Router) is built with its
// API rewrites pointing at the sandbox port in ports.json. Prints each example's first-load
// JavaScript (brotli); the vanilla one must stay within 30 kB. Also builds the bench's vanilla host
// (test/hosts/bench-vanilla, see test/bench/first-screen.mjs) into .tmp/hosts/vanilla/dist.
// test/e2e/hosts.e2e.ts then serves each as its README says and walks it in Chromium.
// Usage: npm run test:hosts [-- --no-next]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { build } from 'vite';
import ports from './ports.json' with { type: 'json' };
// Each example's server: `vite preview` of its build ("vite"), or its own Node server serving the
// page as it is ("node").
import EXAMPLES from './examples.json' with { type: 'json' };

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = join(root, '.tmp', 'hosts');
// The sandbox port the Next.js build proxies its API to (rewrites are fixed at build time).
const NEXT_API_PORT = ports.nextApiPort;
const VANILLA_BUDGET = 30_000;

/** Unpacks the tarball npm would publish into `dir/node_modules/amwa`: amwa has no dependencies to install. */
export function installPacked(tarball, dir) {
  const target = join(dir, 'node_modules', 'amwa');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

/** Packs the package as npm would publish it into .tmp/hosts; returns the tarball's path. */
export function pack() {
  mkdirSync(work, { recursive: true });
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
  return join(work, packed.filename);
}

/** Brotli size of the HTML page's entry script and everything it imports statically: what loads before anything is lazy. */
async function firstLoad(outDir, entry = /<script type="module"[^>]* src="([^"]+)"/.exec(readFileSync(join(outDir, 'index.html'), 'utf8'))?.[1]) {
  await init;
  if (!entry) throw new Error(`hosts: no module script in ${relative(root, outDir)}/index.html`);
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

/** Installs examples/`name` from its lock file, with the packed amwa in place of the repository's; npm ci only where nothing is installed yet (as in CI). */
function install(name, tarball) {
  const dir = join(root, 'examples', name);
  if (!existsSync(join(dir, 'node_modules', 'amwa-sandbox'))) {
    const started = Date.now();
    execFileSync('npm', ['ci', '--include=dev', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    console.log(`hosts: examples/${name} installed from its lock file in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  installPacked(tarball, dir);
  return dir;
}

/** Installs an example, type-checks and builds it (Vite ones). */
function buildExample(name, { server }, tarball) {
  const dir = install(name, tarball);
  // A page without a build loads the standalone module and its static imports first.
  if (server === 'node') return firstLoad(join(dir, 'node_modules', 'amwa', 'dist'), 'amwa.standalone.js');
  execFileSync('npm', ['run', 'typecheck'], { cwd: dir, stdio: 'inherit' });
  execFileSync('npm', ['run', 'build', '--', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
  return firstLoad(join(dir, 'dist'));
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

function buildNext(tarball) {
  execFileSync('npm', ['run', 'build'], {
    cwd: install('nextjs', tarball),
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', AMWA_API_ORIGIN: `http://127.0.0.1:${NEXT_API_PORT}` },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tarball = pack();
  const sizes = {};
  for (const [name, example] of Object.entries(EXAMPLES)) sizes[`examples/${name}`] = await buildExample(name, example, tarball);
  await buildBenchHost('vanilla', tarball);
  if (!process.argv.includes('--no-next')) buildNext(tarball);
  writeFileSync(join(work, 'sizes.json'), JSON.stringify(sizes, null, 2));
  console.log('\nfirst-load JavaScript of each example (brotli, entry and its static imports):');
  for (const [name, { files, bytes }] of Object.entries(sizes)) {
    console.log(`  ${name.padEnd(25)} ${(bytes / 1000).toFixed(2)} kB in ${files} file(s)`);
  }
  const vanilla = sizes['examples/vanilla'].bytes;
  if (vanilla > VANILLA_BUDGET) {
    console.error(`\nhosts: examples/vanilla loads ${(vanilla / 1000).toFixed(2)} kB before its first screen; the budget is ${VANILLA_BUDGET / 1000} kB`);
    process.exit(1);
  }
  console.log(`\nexamples/vanilla within its ${VANILLA_BUDGET / 1000} kB budget`);
}
