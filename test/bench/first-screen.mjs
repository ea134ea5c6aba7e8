#!/usr/bin/env node
// Benchmark (not a test): how soon the widget is usable, against an empty page, in Chromium on
// this machine, in one table. Cold loads (a fresh context each: no cache, no cookies) of bare host
// pages served by a sandbox on 127.0.0.1, in alternation, under three profiles: no slowdown, 4x
// CPU slowdown, and 4x CPU on a slow 4G network (150 ms round trip, 1.6 Mbps). For each first
// load: the median time to the first visible control inside the widget and its ratio to the same
// page with one plain <input> in the same run (and to the floor: that input added by a module
// script, which no script-rendered widget can beat), the requests and bytes before it, layout shift,
// the longest task (wall clock, and main-thread CPU time from traced loads) and where the main
// thread's CPU time went before the first control (script, style, layout, paint). Then every next
// screen of issue 22 after a pointer click (Event Timing): Home to the scanner logon and to the
// QR logon, user ID to the colour code, activation overview to its first step, in ms from the
// input to the frame that shows the next screen, server time excluded. A server-rendered Home
// beside them: on the bench's own page (`home-ssr`), and the production servers of
// examples/node-server and examples/nextjs against the bench's sandbox (`home-ssr-node`,
// `home-ssr-next`), with the clicks from Home on each. docs/performance.md has the figures and
// what they mean.
//
//   npm run bench [-- --runs 7 --clicks 3 --profiles 1x,4x,4x-slow4g --only home-en,empty,… --root DIR --compare DIR]
//
// `--only` takes first-load ids (empty, home-en, scanner, home-ssr, …; then no next screens) and next-screen
// ids (home-scanner, user-id-colour-code, home-qr, activation-first-step), or `next` for every
// next screen and no first load; `home-scanner-prerendered` (Home to the scanner logon that the
// host page's speculation rules prerendered) only when named. The clicks from Home run on the
// server-rendered Homes named, or on all of them when none is.
//
// Needs `npm run build`; the bundled vanilla and React hosts (.tmp/hosts/*/dist) and the
// server-rendered examples (test:hosts' copies) are measured too when they are there
// (`node test/bench/build-hosts.mjs` builds all four). `--root` serves another checkout's
// dist/ (e.g. an old release) and hosts instead; `--compare DIR` (repeatable) measures another
// checkout's build (and its built hosts) in the same rounds, each from a server of its own, so a busy machine weighs on both alike:
// first loads in alternation, and next screens click by click (the builds' order reversed every
// other click).
import { execFileSync, fork, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { createServer } from 'vite';
import { copyEnv, exampleCopy } from '../hosts/copies.mjs';
import ports from '../hosts/ports.json' with { type: 'json' };

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    profiles: { type: 'string', default: '1x,4x,4x-slow4g' },
    only: { type: 'string' },
    root: { type: 'string' },
    compare: { type: 'string', multiple: true, default: [] },
    settle: { type: 'string', default: '1500' },
    clicks: { type: 'string', default: '3' },
    serve: { type: 'boolean', default: false },
    'api-port': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
/** Where the measurements run: CPU slowdown, and a network to emulate. */
const PROFILES = values.profiles.split(',').map((label) => {
  const match = /^(\d+)x(-slow4g)?$/.exec(label);
  if (!match) throw new Error(`bench: unknown profile ${label} (1x, 4x, 4x-slow4g, …)`);
  return { label, cpuRate: Number(match[1]), slow4g: Boolean(match[2]) };
});
const SETTLE_MS = Number(values.settle);
const CLICK_RUNS = Number(values.clicks);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const root = resolve(values.root ?? repo);
for (const dir of [root, ...values.compare.map((other) => resolve(other))]) {
  if (!existsSync(join(dir, 'dist', 'amwa.standalone.js'))) throw new Error(`bench: ${dir}/dist/amwa.standalone.js is missing; run \`npm run build\` there first`);
}

// Vite stays open while the modules run: some import more modules when called (the browser finder).
const vites = [];
const load = async (paths) => {
  const vite = await createServer({ root: repo, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, watch: null, hmr: false } });
  vites.push(vite);
  return Promise.all(paths.map((path) => vite.ssrLoadModule(path)));
};

// The bundled hosts as a host's web server would serve them: brotli, hashed assets kept for a year.
// A checkout's bundled hosts (its `node test/bench/build-hosts.mjs`); a server serves those of the build it serves.
const hostDir = (name, checkout = root) => join(checkout, '.tmp', 'hosts', name, 'dist');
const compressed = new Map();
function bundledHost(request) {
  const { pathname } = new URL(request.url);
  const match = /^\/hosts\/(vanilla|react)\/(.*)$/.exec(pathname);
  if (!match) return undefined;
  const [, name, relative] = match;
  const file = relative.startsWith('assets/') ? join(hostDir(name), relative) : join(hostDir(name), 'index.html');
  if (!existsSync(file)) return new Response('not found', { status: 404 });
  const type = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' }[extname(file)] ?? 'application/octet-stream';
  const headers = { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache', Vary: 'Accept-Encoding' };
  if (!/\bbr\b/.test(request.headers.get('Accept-Encoding') ?? '')) return new Response(readFileSync(file), { headers });
  if (!compressed.has(file)) compressed.set(file, brotliCompressSync(readFileSync(file)));
  return new Response(compressed.get(file), { headers: { ...headers, 'Content-Encoding': 'br' } });
}

// The server runs in a process of its own, so the bench's own work (the browser's protocol
// messages) never delays an answer.
if (values.serve) {
  const [{ createSandbox }] = await load(['/packages/amwa-sandbox/src/index.ts']);
  // The build's own amwa/server renders the bench's server-rendered page (a build without one has none).
  const serverModule = join(root, 'dist', 'server.js');
  const benchRenderer = existsSync(serverModule) ? (await import(pathToFileURL(serverModule).href)).renderToString : undefined;
  const sandbox = createSandbox({ root, benchRenderer });
  // The peer's address, so the forwarded headers of the examples' proxies count (as startSandbox does).
  const fetch = (request, { incoming }) => bundledHost(request) ?? sandbox.fetch(request, { peer: incoming.socket.remoteAddress });
  const listen = (port) =>
    new Promise((done, fail) => {
      const server = serve({ fetch, port, hostname: '127.0.0.1' }, (info) => done({ server, port: info.port }));
      server.once('error', fail);
    });
  const running = [await listen(0)];
  // --api-port: the same sandbox also on the port the Next.js example's build proxies its API to
  // (its rewrites are fixed at build time); a port in use only costs that example's rows.
  let apiPortError;
  if (values['api-port']) {
    try {
      running.push(await listen(Number(values['api-port'])));
    } catch (error) {
      apiPortError = String(error);
    }
  }
  process.send({ port: running[0].port, apiPortError });
  process.on('disconnect', () => Promise.all(running.map(({ server }) => new Promise((done) => server.close(done)))).then(() => process.exit(0)));
} else {
  await bench();
}

async function bench() {
  const [{ coldLoad, shortName, SLOW_4G }, { launchBrowser }, { clickToNextScreen, TRANSITIONS }, { clickToPrerenderedScanner, PRERENDERED_SCANNER }, { answering, freePort }] = await load([
    '/test/bench/probe.ts',
    '/test/e2e/chromium.ts',
    '/test/bench/next-screen.ts',
    '/test/bench/prerendered.ts',
    '/test/e2e/serving.ts',
  ]);
  const startServer = async (dir, apiPort) => {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', '--root', dir, ...(apiPort ? ['--api-port', String(apiPort)] : [])], { stdio: 'inherit' });
    const { port, apiPortError } = await new Promise((done, fail) => {
      child.once('message', done);
      child.once('exit', (code) => fail(new Error(`bench: the server exited (${code})`)));
    });
    return { child, origin: `http://127.0.0.1:${port}`, apiPortError };
  };
  const BENCH = '/__sandbox/bench';
  // The server-rendered examples, from the copies `node test/bench/build-hosts.mjs` (or `npm run
  // test:hosts`) installs and builds from this checkout's packages: started as their READMEs say,
  // their API proxied to the bench's sandbox, so the API is the same as on the bench's pages.
  const EXAMPLE_SERVERS = {
    'node-server': {
      path: '/',
      built: () => existsSync(join(exampleCopy('node-server'), 'node_modules', 'amwa', 'dist', 'server.js')),
      start: (port, sandboxOrigin) => spawn(process.execPath, ['server.mjs'], { cwd: exampleCopy('node-server'), env: copyEnv({ PORT: String(port), AMWA_SANDBOX_URL: sandboxOrigin }), stdio: 'ignore' }),
    },
    nextjs: {
      path: '/access/',
      built: () => existsSync(join(exampleCopy('nextjs'), '.next', 'BUILD_ID')),
      // Its API is the sandbox on the port its build's rewrites name (test/hosts/ports.json).
      start: (port) => spawn(join(exampleCopy('nextjs'), 'node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], { cwd: exampleCopy('nextjs'), env: copyEnv({ NEXT_TELEMETRY_DISABLED: '1' }), stdio: 'ignore' }),
    },
  };
  const only = values.only?.split(',');
  // A server-rendered Home is measured when its id is asked for, and for the next screens from
  // Home when those are asked for and no server-rendered Home is named (then all of them).
  const SERVER_RENDERED = { 'home-ssr': undefined, 'home-ssr-node': 'node-server', 'home-ssr-next': 'nextjs' };
  const homeClicksAsked = !only || only.includes('next') || TRANSITIONS.some(({ id, start }) => start === '/' && only.includes(id));
  const serverRenderedAsked = (id) => !only || only.includes(id) || (homeClicksAsked && !only.some((asked) => asked in SERVER_RENDERED));
  const examplesAsked = Object.entries(SERVER_RENDERED).filter(([id, name]) => name && serverRenderedAsked(id)).map(([, name]) => name);
  const examplesToStart = examplesAsked.filter((name) => {
    if (root !== resolve(repo)) return console.warn(`bench: examples/${name} is measured only for this checkout's build (not with --root)`), false;
    if (EXAMPLE_SERVERS[name].built()) return true;
    console.warn(`bench: examples/${name} is not ${name === 'nextjs' ? 'built' : 'installed'} in ${exampleCopy(name)}; \`node test/bench/build-hosts.mjs\` does it (its rows are left out)`);
    return false;
  });
  const builds = [];
  for (const dir of [root, ...values.compare.map((other) => resolve(other))]) {
    const apiPort = builds.length === 0 && examplesToStart.includes('nextjs') ? ports.nextApiPort : undefined;
    builds.push({ label: dir === resolve(repo) ? 'this build' : basename(dir), dir, ...(await startServer(dir, apiPort)) });
  }
  const labelled = (name, build) => (builds.length === 1 ? name : `${name} [${build.label}]`);
  // Each example's server, once it answers its page (and warmed by a few requests, as a server in service is).
  const examples = new Map();
  // Not left running when the bench fails or is stopped.
  process.on('exit', () => {
    for (const { child } of examples.values()) child.kill();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  for (const name of examplesToStart) {
    if (name === 'nextjs' && builds[0].apiPortError) {
      console.warn(`bench: examples/nextjs is left out: the sandbox could not listen on its API port ${ports.nextApiPort} (${builds[0].apiPortError.split('\n')[0]})`);
      continue;
    }
    const port = await freePort();
    const child = EXAMPLE_SERVERS[name].start(port, builds[0].origin);
    const url = `http://127.0.0.1:${port}${EXAMPLE_SERVERS[name].path}`;
    try {
      await answering(url);
    } catch {
      child.kill();
      console.warn(`bench: examples/${name} did not answer ${url} within 60 s (its rows are left out)`);
      continue;
    }
    for (let warm = 0; warm < 2; warm++) await fetch(url);
    examples.set(name, { child, origin: `http://127.0.0.1:${port}` });
  }

  const FIRST_LOADS = [
    { id: 'empty', name: 'empty page (one <input>)', path: `${BENCH}/empty` },
    // The same input added by a module script of its own: the floor of any widget a script renders.
    { id: 'floor', name: 'floor: the <input> added by a module script', path: `${BENCH}/floor` },
    { id: 'home-en', name: 'Home, English', path: `${BENCH}/widget/` },
    { id: 'home-de', name: 'Home, German', path: `${BENCH}/widget/?lang=de&country=DE` },
    { id: 'home-en-no-css', name: 'Home, English, no host CSS', path: `${BENCH}/widget/?reserve=0` },
    // The module added by a script after the load event (as tag managers do), without and with a
    // <link rel="modulepreload"> in the head: what docs/performance.md advises hosts.
    { id: 'home-injected', name: 'Home, module added after load', path: `${BENCH}/widget/?inject=1` },
    { id: 'home-injected-preload', name: 'Home, module added after load, modulepreload', path: `${BENCH}/widget/?inject=1&preload=1` },
    { id: 'scanner', name: 'scanner logon, direct', path: `${BENCH}/widget/pages/logon/scanner` },
    { id: 'qr', name: 'QR logon, direct', path: `${BENCH}/widget/pages/logon/mobile` },
    { id: 'vanilla', name: '`amwa` in a bundled vanilla host', path: '/hosts/vanilla/', host: 'vanilla' },
    { id: 'react', name: '`amwa/react` in a bundled React host', path: '/hosts/react/', host: 'react' },
    // The first screen in the HTML (amwa/server), taken over by the same standalone module: on the
    // widget page's own chrome (the same page as home-en but for the element's content), and in
    // the two server-rendered examples' production servers, whose pages are their own.
    { id: 'home-ssr', name: 'Home, English, server-rendered', path: `${BENCH}/server/`, rendered: true },
    { id: 'home-ssr-node', name: 'Home, server-rendered: examples/node-server', path: EXAMPLE_SERVERS['node-server'].path, example: 'node-server' },
    { id: 'home-ssr-next', name: 'Home, server-rendered: examples/nextjs (next start)', path: EXAMPLE_SERVERS.nextjs.path, example: 'nextjs' },
  ];
  const hasRenderer = (build) => existsSync(join(build.dir, 'dist', 'server.js'));
  const unknown = only?.filter((id) => id !== 'next' && ![...FIRST_LOADS, ...TRANSITIONS, PRERENDERED_SCANNER].some((known) => known.id === id)) ?? [];
  if (unknown.length) {
    const ids = (list) => list.map(({ id }) => id).join(', ');
    throw new Error(`bench: unknown --only ${unknown.join(',')} (first loads: ${ids(FIRST_LOADS)}; next screens: next, ${ids(TRANSITIONS)}; opt-in: ${PRERENDERED_SCANNER.id})`);
  }
  // First-load ids alone keep `--only`'s old meaning: no next screens.
  const nextScreens = TRANSITIONS.filter(({ id }) => !only || only.includes('next') || only.includes(id));
  // Only when asked for by its id: a browser of its own per click, driven through its tab (a
  // page Playwright drives does not prerender).
  const prerendered = Boolean(only?.includes(PRERENDERED_SCANNER.id));
  const SCENARIOS = FIRST_LOADS.filter(({ id }) => !only || only.includes(id))
    // Every build's widget pages and bundled hosts (where its checkout has them built), in the
    // same rounds; the empty page, the floor and the page variants without host CSS or injected once.
    .flatMap((scenario) =>
      builds
        .filter((build, index) => index === 0 || !['empty', 'floor', 'home-en-no-css', 'home-injected', 'home-injected-preload'].includes(scenario.id))
        .filter((build) => !scenario.host || existsSync(join(hostDir(scenario.host, build.dir), 'index.html')))
        .filter((build) => !scenario.rendered || hasRenderer(build))
        .filter((build, index) => !scenario.example || (index === 0 && examples.has(scenario.example)))
        .map((build) => ({ ...scenario, key: `${build.label}:${scenario.id}`, name: labelled(scenario.name, build), origin: scenario.example ? examples.get(scenario.example).origin : build.origin })),
    );

  const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim().replace(/^.*load average:/, 'load average:');
  const median = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  const range = (list) => (Math.min(...list) === Math.max(...list) ? String(list[0]) : `${Math.min(...list)}–${Math.max(...list)}`);
  const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
  const options = (profile) => ({ cpuRate: profile.cpuRate, ...(profile.slow4g ? { network: SLOW_4G } : {}) });

  const browser = await launchBrowser();
  const firstLoads = SCENARIOS.length ? `${RUNS} cold loads per page and profile (${Math.min(RUNS, 3)} more traced at full speed and 4x), ${SETTLE_MS} ms settle window` : 'no first loads';
  const clickCount = nextScreens.length || prerendered ? `${CLICK_RUNS} clicks per next screen${builds.length > 1 ? ' and build, the builds taking turns' : ''}` : 'no next screens';
  console.log(`Chromium ${browser.version()}, ${firstLoads}, ${clickCount}; ${builds.map(({ label }) => label).join(' and ')}`);
  console.log(`before: ${uptime()}\n`);

  // A dot per load on stderr, so a long run shows it is alive.
  const progress = () => process.stderr.write('.');

  /** One cold load: until the first control, then the settle window; the figures of the load. */
  async function measure(scenario, profile, trace = false) {
    const run = await coldLoad(browser, scenario.origin + scenario.path, { ...options(profile), trace });
    try {
      await run.waitForControl();
      await sleep(SETTLE_MS);
      return await run.collect();
    } finally {
      await run.close();
    }
  }

  const results = new Map();
  for (const profile of PROFILES) {
    for (let round = 0; round < RUNS; round++) {
      // Rotated each round so no page always comes right after the same one.
      const order = SCENARIOS.map((_, index) => SCENARIOS[(index + round) % SCENARIOS.length]);
      for (const scenario of order) {
        const key = `${scenario.key}@${profile.label}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(await measure(scenario, profile));
        progress();
      }
    }
  }

  // Main-thread CPU time from traces (a busy machine stretches wall-clock figures; tracing itself
  // slows the page, so apart), on the emulated network too only when asked for alone.
  const TRACED = Math.min(RUNS, 3);
  const tracedProfiles = PROFILES.filter((profile) => !profile.slow4g || PROFILES.length === 1);
  const traced = new Map();
  for (const profile of tracedProfiles) {
    for (const scenario of SCENARIOS) {
      const list = [];
      for (let i = 0; i < TRACED; i++) list.push(await measure(scenario, profile, true)), progress();
      traced.set(`${scenario.key}@${profile.label}`, list);
    }
  }

  // The next screens: a click right after the first screen shows (the pointer's arrival starts the
  // hover prefetch; the idle warm-up has not run), and after 2.5 s on the screen (it has). The
  // builds take turns click by click, the first build first on even clicks, so a slow spell of
  // the machine weighs on all of them alike instead of on the build whose clicks it met.
  const MODES = [
    { label: 'right after the first control', settleMs: 0, only: ['home-scanner', 'home-qr'] },
    { label: 'after 2.5 s on the screen', settleMs: 2500 },
  ];
  // The pages a next screen starts on: the widget page, and for the transitions from Home every
  // server-rendered Home measured (a click before the script has taken it over follows the link).
  const CLICK_PAGES = [
    { id: 'home-en', path: `${BENCH}/widget/`, builds },
    { id: 'home-ssr', label: 'server-rendered', path: `${BENCH}/server/`, builds: builds.filter(hasRenderer) },
    ...Object.entries(EXAMPLE_SERVERS).map(([name, { path }]) => ({ id: Object.keys(SERVER_RENDERED).find((id) => SERVER_RENDERED[id] === name), label: `examples/${name}`, path, example: name, builds: builds.slice(0, 1) })),
  ].filter((page) => page.id === 'home-en' || (serverRenderedAsked(page.id) && (!page.example || examples.has(page.example))));
  const clicks = new Map();
  for (const profile of PROFILES) {
    for (const transition of nextScreens) {
      for (const page of CLICK_PAGES.filter((page) => page.id === 'home-en' || transition.start === '/')) {
        for (const mode of MODES.filter((mode) => !mode.only || mode.only.includes(transition.id))) {
          const name = [transition.name, page.label, mode.label].filter(Boolean).join(', ');
          const lists = new Map(page.builds.map((build) => [build, []]));
          for (let i = 0; i < CLICK_RUNS; i++) {
            for (const build of i % 2 ? [...page.builds].reverse() : page.builds) {
              const url = `${page.example ? examples.get(page.example).origin : build.origin}${page.path}`;
              try {
                // A click that never shows its screen fails after a minute instead of holding up the run.
                const giveUp = new Promise((_, fail) => setTimeout(() => fail(new Error('no next screen within 60 s')), 60_000).unref());
                lists.get(build).push(await Promise.race([clickToNextScreen(browser, url, transition, { ...options(profile), settleMs: mode.settleMs, mayNavigate: page.id !== 'home-en' }), giveUp]));
                progress();
              } catch (error) {
                console.warn(`bench: ${labelled(name, build)} (${profile.label}) failed: ${String(error).split('\n')[0]}`);
              }
            }
          }
          for (const [build, list] of lists) {
            if (list.length) clicks.set(`${build.label}:${transition.id}:${page.id}:${mode.label}@${profile.label}`, { name: labelled(name, build), list, fullPage: Boolean(transition.fullPage) });
          }
        }
      }
    }
    // Home → the scanner logon prerendered by the host's speculation rules (test/bench/prerendered.ts);
    // no network emulation (its pipe-driven browser has none).
    if (!prerendered) continue;
    if (profile.slow4g) {
      console.warn(`bench: ${PRERENDERED_SCANNER.id} is not measured on ${profile.label} (no network emulation)`);
      continue;
    }
    const lists = new Map(builds.map((build) => [build, []]));
    for (let i = 0; i < CLICK_RUNS; i++) {
      for (const build of i % 2 ? [...builds].reverse() : builds) {
        try {
          lists.get(build).push(await clickToPrerenderedScanner(`${build.origin}${BENCH}/widget/`, { cpuRate: profile.cpuRate }));
          progress();
        } catch (error) {
          console.warn(`bench: ${labelled(PRERENDERED_SCANNER.name, build)} (${profile.label}) failed: ${String(error).split('\n')[0]}`);
        }
      }
    }
    for (const [build, list] of lists) {
      if (list.length) clicks.set(`${build.label}:${PRERENDERED_SCANNER.id}@${profile.label}`, { name: labelled(`${PRERENDERED_SCANNER.name}, 2.5 s after the prerender rendered`, build), list });
    }
  }

  // One table: every first load against the empty page of the same run and profile, then every
  // next screen against the 200 ms of a 'good' Interaction to Next Paint.
  const rows = [];
  for (const profile of PROFILES) {
    const baseline = results.get(`${builds[0].label}:empty@${profile.label}`);
    const emptyMs = baseline ? median(baseline.map((r) => r.controlMs)) : undefined;
    const floor = results.get(`${builds[0].label}:floor@${profile.label}`);
    const floorMs = floor ? median(floor.map((r) => r.controlMs)) : undefined;
    for (const scenario of SCENARIOS) {
      const list = results.get(`${scenario.key}@${profile.label}`);
      const cpu = traced.get(`${scenario.key}@${profile.label}`);
      const controlMs = median(list.map((r) => r.controlMs));
      const kinds = cpu && ['script', 'style', 'layout', 'paint', 'other'].map((kind) => Math.round(median(cpu.map((r) => r.cpuBeforeControlMs[kind])))).join(' / ');
      rows.push({
        what: `first load: ${scenario.name}`,
        profile: profile.label,
        ms: Math.round(controlMs),
        'ratio to empty': emptyMs ? `${(controlMs / emptyMs).toFixed(2)}x` : '',
        'ratio to floor': floorMs ? `${(controlMs / floorMs).toFixed(2)}x` : '',
        requests: range(list.map((r) => r.before.length)),
        KiB: kib(median(list.map((r) => r.bytesBefore))),
        'KiB by settle end': kib(median(list.map((r) => r.bytesAll))),
        CLS: Math.max(...list.map((r) => r.cls)).toFixed(3),
        'longest task wall ms (max)': Math.max(...list.map((r) => r.longestTaskMs)) || '<50',
        'longest task CPU ms (its scripts)': cpu ? `${median(cpu.map((r) => r.longestTaskCpuMs.all))} (${median(cpu.map((r) => r.longestTaskCpuMs.script))})` : '',
        'CPU before it: script / style / layout / paint / other ms': kinds ?? '',
        'event ms': '',
        'server ms (excluded)': '',
      });
    }
    for (const [key, { name, list, fullPage }] of clicks) {
      if (!key.endsWith(`@${profile.label}`)) continue;
      const events = list.map((r) => r.eventMs).filter((ms) => ms !== undefined);
      // On a server-rendered Home, a click before the script has taken it over loads the next page.
      const followed = fullPage === false ? list.filter((r) => r.navigated).length : 0;
      rows.push({
        what: `next screen: ${name}${followed ? ` (${followed} of ${list.length} clicks followed the link: a page load)` : ''}`,
        profile: profile.label,
        ms: Math.round(median(list.map((r) => r.ms))),
        'ratio to empty': '',
        'ratio to floor': '',
        requests: range(list.map((r) => r.requests)),
        KiB: '',
        'KiB by settle end': '',
        CLS: '',
        'longest task wall ms (max)': '',
        'longest task CPU ms (its scripts)': '',
        'CPU before it: script / style / layout / paint / other ms': '',
        'event ms': events.length ? (median(events) < 16 ? '<16' : Math.round(median(events))) : 'n/a',
        'server ms (excluded)': Math.round(median(list.map((r) => r.serverMs))),
      });
    }
  }
  process.stderr.write('\n');
  if (!rows.length) throw new Error('bench: nothing measured (see the warnings above)');
  console.table(rows);
  // The same table in Markdown, for docs/performance.md.
  const columns = Object.keys(rows[0]);
  console.log(`\n| ${columns.join(' | ')} |\n| ${columns.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${columns.map((column) => String(row[column]).replaceAll('|', '\\|')).join(' | ')} |`);

  if (SCENARIOS.length) console.log(`\nwhat each page fetched (first run, ${PROFILES[0].label}; * = before the first control):`);
  for (const scenario of SCENARIOS) {
    const first = results.get(`${scenario.key}@${PROFILES[0].label}`)[0];
    const before = new Set(first.before.map((r) => r.url));
    console.log(`  ${scenario.name}: first control "${first.control}"`);
    for (const request of first.all) {
      console.log(`    ${before.has(request.url) ? '*' : ' '} ${shortName(request.url).padEnd(48)} ${String(request.bytes).padStart(7)} B ${request.contentEncoding ?? ''}`);
    }
    const shifts = first.shifts.length ? first.shifts.join('; ') : 'none';
    console.log(`    layout shifts: ${shifts}; long tasks: ${first.longTasks.map(([start, duration]) => `${duration} ms at ${start}`).join(', ') || 'none over 50 ms'}`);
  }

  console.log(`\nafter: ${uptime()}`);
  await browser.close();
  for (const { child } of examples.values()) child.kill();
  for (const { child } of builds) child.disconnect();
  await Promise.all(vites.map((vite) => vite.close()));
}
