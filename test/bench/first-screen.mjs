#!/usr/bin/env node
// Benchmark (not a test): how soon the first screen is usable, against an empty page, in
// Chromium on this machine. Cold loads (a fresh context each: no cache, no cookies) of bare host
// pages served by an in-process sandbox on 127.0.0.1, in alternation, with and without 4x CPU
// slowdown; medians of the time to the first visible control inside the widget, its ratio to the
// same page with one plain <input>, the requests before it (the host page excluded), the bytes
// over the wire (Chromium's encoded data length: brotli bodies plus headers) before it and by the
// end of a 1.5 s settle window, layout shift and the longest task (wall clock, and main-thread CPU
// time from a few traced loads: a busy machine stretches the first). Then how soon the scanner and
// QR pages open on a click, with and without the prefetch a pointer over their option starts.
// docs/performance.md has the figures and what they mean.
//
//   npm run bench [-- --runs 7 --cpu 1,4 --only home-en,empty --root DIR --compare DIR]
//
// Needs `npm run build`; the bundled vanilla host (`npm run test:hosts`, .tmp/hosts/vanilla/dist)
// is measured too when it is there. `--root` serves another checkout's dist/ (e.g. an old release)
// instead; `--compare DIR` (repeatable) measures another checkout's build in the same rounds, each
// from a server of its own, so a busy machine weighs on both alike.
import { execFileSync, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { createServer } from 'vite';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    cpu: { type: 'string', default: '1,4' },
    only: { type: 'string' },
    root: { type: 'string' },
    compare: { type: 'string', multiple: true, default: [] },
    settle: { type: 'string', default: '1500' },
    clicks: { type: 'string', default: '3' },
    serve: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const CPU_RATES = values.cpu.split(',').map(Number);
const SETTLE_MS = Number(values.settle);
const CLICK_RUNS = Number(values.clicks);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const root = resolve(values.root ?? repo);
for (const dir of [root, ...values.compare.map((other) => resolve(other))]) {
  if (!existsSync(join(dir, 'dist', 'amwa.standalone.js'))) throw new Error(`bench: ${dir}/dist/amwa.standalone.js is missing; run \`npm run build\` there first`);
}

const load = async (paths) => {
  const vite = await createServer({ root: repo, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, watch: null, hmr: false } });
  const modules = await Promise.all(paths.map((path) => vite.ssrLoadModule(path)));
  await vite.close();
  return modules;
};

// The vanilla host as a host's web server would serve it: brotli, hashed assets kept for a year.
const vanillaDir = join(repo, '.tmp', 'hosts', 'vanilla', 'dist');
const compressed = new Map();
function vanillaHost(request) {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/hosts/vanilla/')) return undefined;
  const relative = pathname.slice('/hosts/vanilla/'.length);
  const file = relative.startsWith('assets/') ? join(vanillaDir, relative) : join(vanillaDir, 'index.html');
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
  const [{ createSandbox }] = await load(['/src/sandbox/index.ts']);
  const sandbox = createSandbox({ root });
  const running = serve({ fetch: (request) => vanillaHost(request) ?? sandbox.fetch(request), port: 0, hostname: '127.0.0.1' }, (info) => process.send({ port: info.port }));
  process.on('disconnect', () => running.close(() => process.exit(0)));
} else {
  await bench();
}

async function bench() {
  const [{ coldLoad, shortName }, { launchBrowser }] = await load(['/test/bench/probe.ts', '/test/e2e/chromium.ts']);
  const startServer = async (dir) => {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', '--root', dir], { stdio: 'inherit' });
    const port = await new Promise((done, fail) => {
      child.once('message', (message) => done(message.port));
      child.once('exit', (code) => fail(new Error(`bench: the server exited (${code})`)));
    });
    return { child, origin: `http://127.0.0.1:${port}` };
  };
  const builds = [];
  for (const dir of [root, ...values.compare.map((other) => resolve(other))]) {
    builds.push({ label: dir === resolve(repo) ? 'this build' : basename(dir), ...(await startServer(dir)) });
  }
  const { origin } = builds[0];

  const BENCH = '/__sandbox/bench';
  const SCENARIOS = [
    { id: 'empty', name: 'empty page (one <input>)', path: `${BENCH}/empty` },
    { id: 'home-en', name: 'Home, English', path: `${BENCH}/widget/` },
    { id: 'home-de', name: 'Home, German', path: `${BENCH}/widget/?lang=de&country=DE` },
    { id: 'home-en-no-css', name: 'Home, English, no host CSS', path: `${BENCH}/widget/?reserve=0` },
    { id: 'scanner', name: 'scanner logon, direct', path: `${BENCH}/widget/pages/logon/scanner` },
    { id: 'qr', name: 'QR logon, direct', path: `${BENCH}/widget/pages/logon/mobile` },
    { id: 'vanilla', name: '`amwa` in a bundled vanilla host', path: '/hosts/vanilla/', needs: join(vanillaDir, 'index.html') },
  ]
    .filter(({ id, needs }) => (!values.only || values.only.split(',').includes(id)) && (!needs || existsSync(needs)))
    // Every build's widget pages, in the same rounds; the empty page, the vanilla host and the page
    // without host CSS once.
    .flatMap((scenario) =>
      builds
        .filter((build, index) => index === 0 || !['empty', 'vanilla', 'home-en-no-css'].includes(scenario.id))
        .map((build, index) => (index === 0 && builds.length === 1 ? { ...scenario, origin: build.origin } : { ...scenario, id: `${build.label}:${scenario.id}`, name: `${scenario.name} [${build.label}]`, origin: build.origin })),
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

  const browser = await launchBrowser();
  console.log(`Chromium ${browser.version()}, ${RUNS} cold loads per page and CPU rate (${Math.min(RUNS, 3)} more traced), ${SETTLE_MS} ms settle window; ${builds.map(({ label }) => label).join(' and ')}`);
  console.log(`before: ${uptime()}\n`);

  /** One cold load: until the first control, then the settle window; the figures of the load. */
  async function measure(scenario, cpuRate) {
    const run = await coldLoad(browser, scenario.origin + scenario.path, { cpuRate });
    try {
      await run.waitForControl();
      await sleep(SETTLE_MS);
      return await run.collect();
    } finally {
      await run.close();
    }
  }

  const results = new Map();
  for (const cpuRate of CPU_RATES) {
    for (let round = 0; round < RUNS; round++) {
      // Rotated each round so no page always comes right after the same one.
      const order = SCENARIOS.map((_, index) => SCENARIOS[(index + round) % SCENARIOS.length]);
      for (const scenario of order) {
        const key = `${scenario.id}@${cpuRate}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(await measure(scenario, cpuRate));
      }
    }
  }

  // The longest task again, in main-thread CPU time from a trace (a busy machine stretches the
  // wall-clock figure the longtask observer reports; tracing itself slows the page, so apart).
  const TRACED = Math.min(RUNS, 3);
  const cpuResults = new Map();
  for (const cpuRate of CPU_RATES) {
    for (const scenario of SCENARIOS) {
      const list = [];
      for (let i = 0; i < TRACED; i++) {
        const run = await coldLoad(browser, scenario.origin + scenario.path, { cpuRate, trace: true });
        try {
          await run.waitForControl();
          await sleep(SETTLE_MS);
          list.push((await run.collect()).longestTaskCpuMs);
        } finally {
          await run.close();
        }
      }
      cpuResults.set(`${scenario.id}@${cpuRate}`, list);
    }
  }

  const rows = [];
  for (const cpuRate of CPU_RATES) {
    const baseline = results.get(`${builds.length > 1 ? `${builds[0].label}:` : ''}empty@${cpuRate}`);
    const emptyMs = baseline ? median(baseline.map((r) => r.controlMs)) : undefined;
    for (const scenario of SCENARIOS) {
      const list = results.get(`${scenario.id}@${cpuRate}`);
      const controlMs = median(list.map((r) => r.controlMs));
      rows.push({
        page: scenario.name,
        CPU: `${cpuRate}x`,
        'first control ms': Math.round(controlMs),
        'ratio to empty': emptyMs ? `${(controlMs / emptyMs).toFixed(2)}x` : '',
        'requests before': range(list.map((r) => r.before.length)),
        'KiB before': kib(median(list.map((r) => r.bytesBefore))),
        'KiB by settle end': kib(median(list.map((r) => r.bytesAll))),
        'CLS max': Math.max(...list.map((r) => r.cls)).toFixed(3),
        'longest task ms (max)': Math.max(...list.map((r) => r.longestTaskMs)) || '<50',
        'longest task CPU ms': median(cpuResults.get(`${scenario.id}@${cpuRate}`).map((cpu) => cpu.all)),
      'longest task of its scripts, CPU ms': median(cpuResults.get(`${scenario.id}@${cpuRate}`).map((cpu) => cpu.script)),
      });
    }
  }
  console.table(rows);

  console.log('\nwhat each page fetched (first run at 1x; * = before the first control):');
  for (const scenario of SCENARIOS) {
    const first = results.get(`${scenario.id}@${CPU_RATES[0]}`)[0];
    const before = new Set(first.before.map((r) => r.url));
    console.log(`  ${scenario.name}: first control "${first.control}"`);
    for (const request of first.all) {
      console.log(`    ${before.has(request.url) ? '*' : ' '} ${shortName(request.url).padEnd(48)} ${String(request.bytes).padStart(7)} B ${request.contentEncoding ?? ''}`);
    }
    const shifts = first.shifts.length ? first.shifts.join('; ') : 'none';
    console.log(`    layout shifts: ${shifts}; long tasks: ${first.longTasks.map(([start, duration]) => `${duration} ms at ${start}`).join(', ') || 'none over 50 ms'}`);
  }

  // Clicks from Home: with a pointer resting on the option first (its page prefetches), and with
  // a script click that neither points nor focuses (no prefetch). The scanner option is a full
  // page load (the new document reuses the cached chunks); the QR option navigates in place.
  const OPTIONS = [
    { name: 'scanner logon', link: /bank's scanner/, fullPage: true },
    { name: 'QR logon', link: /bank's mobile app/ },
  ];

  async function clickThrough(option, cpuRate, hover) {
    const run = await coldLoad(browser, `${origin}${BENCH}/widget/`, { cpuRate });
    try {
      await run.waitForControl();
      const link = run.page.locator('.amwa-root').getByRole('link', { name: option.link });
      if (hover) {
        await link.hover();
        // The prefetch has finished when every request so far has.
        for (let i = 0; i < 200 && run.requests().some((request) => !request.finished); i++) await sleep(25);
      }
      const startedBefore = run.requests().length;
      const heading = await run.page.locator('.amwa-root h1').first().textContent();
      const clickedAt = await run.page.evaluate(() => performance.timeOrigin + performance.now());
      if (hover) await run.page.mouse.down().then(() => run.page.mouse.up());
      else await link.evaluate((element) => element.click());
      if (option.fullPage) await run.page.waitForURL(/\/pages\/logon\//);
      // The next page's first control: a new document, or the same one showing another heading.
      await run.page.waitForFunction(
        (previous) => {
          const root = document.querySelector('amwa-portal')?.shadowRoot?.querySelector('.amwa-root');
          const title = root?.querySelector('h1')?.textContent;
          return title && title !== previous && root.querySelector('input, button');
        },
        heading,
        { polling: 'raf', timeout: 30_000 },
      );
      const shownAt = await run.page.evaluate(() => performance.timeOrigin + performance.now());
      const network = run.requests().slice(startedBefore).filter((request) => !request.fromCache && request.status !== 304);
      return { ms: shownAt - clickedAt, requests: network.length };
    } finally {
      await run.close();
    }
  }

  const clickRows = [];
  for (const cpuRate of values.only ? [] : CPU_RATES) {
    for (const option of OPTIONS) {
      for (const hover of [true, false]) {
        const list = [];
        for (let i = 0; i < CLICK_RUNS; i++) list.push(await clickThrough(option, cpuRate, hover));
        clickRows.push({
          'from Home to': option.name,
          CPU: `${cpuRate}x`,
          how: hover ? 'pointer rests on the option, then click' : 'script click (no prefetch)',
          'click to page ms (median)': Math.round(median(list.map((r) => r.ms))),
          'requests until its first control (not from cache)': range(list.map((r) => r.requests)),
        });
      }
    }
  }
  if (clickRows.length) {
    console.log('\nopening the logon pages from Home:');
    console.table(clickRows);
  }

  console.log(`\nafter: ${uptime()}`);
  await browser.close();
  for (const { child } of builds) child.disconnect();
}
