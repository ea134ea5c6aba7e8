#!/usr/bin/env node
// Builds real host apps from the packed package, as a bank's web team would, and checks what
// they ship:
//   vanilla  `import { mount } from 'amwa'`, bundled by Vite: first-load JS within 30 kB brotli
//   react    React 19 + `amwa/react` under StrictMode (also built for development, where
//            StrictMode's double effects run, as in a host's dev server)
//   preact   the same code with react and react-dom aliased to preact/compat
//   nextjs   examples/nextjs (App Router), installed from its own lock file and built
// and the examples a developer runs (examples/<name>, listed in examples.json): each installed
// from its own lock file (npm ci), given the packed amwa, and (Vite ones) type-checked and built.
// The builds land in .tmp/hosts/<name>/ (Next.js in examples/nextjs/.next), where
// test/e2e/hosts.e2e.ts walks them in Chromium against the sandbox. Usage: npm run test:hosts
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { build } from 'vite';
import ports from './ports.json' with { type: 'json' };
// The examples a developer runs with `npm install && npm run dev`: built by Vite into
// examples/<name>/dist ("vite"), or a page its own Node server serves as it is ("node").
import EXAMPLES from './examples.json' with { type: 'json' };

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = join(root, '.tmp', 'hosts');
const nextApp = join(root, 'examples', 'nextjs');
// The sandbox port the Next.js build proxies its API to (rewrites are fixed at build time).
const NEXT_API_PORT = ports.nextApiPort;
const VANILLA_BUDGET = 30_000;

/** Unpacks the tarball npm would publish into `dir/node_modules/amwa`: amwa has no dependencies to install. */
function installPacked(tarball, dir) {
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

// Each host is built for production (measured) and, where it has React's StrictMode, for
// development too (walked: StrictMode's double effects only run in development builds).
const HOSTS = {
  vanilla: { modes: ['production'], alias: [] },
  // Built before preact, whose page imports its code.
  react: { modes: ['production', 'development'], alias: [] },
  preact: {
    modes: ['production', 'development'],
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
};

/** Builds one host app (vanilla, react, preact) from the packed package into .tmp/hosts/<name>; returns its first-load size. */
export async function buildHost(name, tarball) {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, 'test', 'hosts', name), dir, { recursive: true });
  installPacked(tarball, dir);
  // The host's own framework packages, as its package.json would bring them.
  for (const dependency of ['react', 'react-dom', 'scheduler', 'preact']) {
    const link = join(dir, 'node_modules', dependency);
    if (!existsSync(link)) symlinkSync(join(root, 'node_modules', dependency), link, 'dir');
  }
  const { modes, alias } = HOSTS[name];
  for (const mode of modes) {
    const production = mode === 'production';
    await build({
      configFile: false,
      root: dir,
      base: production ? `/hosts/${name}/` : `/hosts/${name}-dev/`,
      mode,
      logLevel: 'warn',
      resolve: { alias },
      esbuild: { jsx: 'automatic', jsxDev: !production },
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
      build: { outDir: join(dir, production ? 'dist' : 'dist-dev'), emptyOutDir: true, minify: production, sourcemap: false, reportCompressedSize: false },
    });
  }
  return firstLoad(join(dir, 'dist'));
}


/** Installs an example from its lock file (once), swaps in the packed amwa, type-checks and builds it (Vite ones). */
function buildExample(name, kind, tarball) {
  const dir = join(root, 'examples', name);
  if (!existsSync(join(dir, 'node_modules', 'amwa-sandbox'))) {
    const started = Date.now();
    execFileSync('npm', ['ci', '--include=dev', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    console.log(`hosts: examples/${name} installed from its lock file in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  installPacked(tarball, dir);
  // A page without a build loads the standalone module and its static imports first.
  if (kind === 'node') return firstLoad(join(dir, 'node_modules', 'amwa', 'dist'), 'amwa.standalone.js');
  execFileSync('npm', ['run', 'typecheck'], { cwd: dir, stdio: 'inherit' });
  execFileSync('npm', ['run', 'build', '--', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
  return firstLoad(join(dir, 'dist'));
}

function buildNext(tarball) {
  if (!existsSync(join(nextApp, 'node_modules', 'next'))) {
    console.log('hosts: installing examples/nextjs from its lock file');
    execFileSync('npm', ['ci', '--include=dev', '--no-audit', '--no-fund'], { cwd: nextApp, stdio: 'inherit' });
  }
  installPacked(tarball, nextApp);
  execFileSync('npm', ['run', 'build'], {
    cwd: nextApp,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', AMWA_API_ORIGIN: `http://127.0.0.1:${NEXT_API_PORT}` },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tarball = pack();
  const sizes = {};
  for (const name of Object.keys(HOSTS)) sizes[name] = await buildHost(name, tarball);
  for (const [name, kind] of Object.entries(EXAMPLES)) sizes[`examples/${name}`] = await buildExample(name, kind, tarball);
  if (!process.argv.includes('--no-next')) buildNext(tarball);
  writeFileSync(join(work, 'sizes.json'), JSON.stringify(sizes, null, 2));
  console.log('\nfirst-load JavaScript of each host page (brotli, entry and its static imports):');
  for (const [name, { files, bytes }] of Object.entries(sizes)) {
    console.log(`  ${name.padEnd(25)} ${(bytes / 1000).toFixed(2)} kB in ${files} file(s)`);
  }
  if (sizes.vanilla.bytes > VANILLA_BUDGET) {
    console.error(`\nhosts: the vanilla host loads ${(sizes.vanilla.bytes / 1000).toFixed(2)} kB before its first screen; the budget is ${VANILLA_BUDGET / 1000} kB`);
    process.exit(1);
  }
  console.log(`\nvanilla host within its ${VANILLA_BUDGET / 1000} kB budget`);
}
