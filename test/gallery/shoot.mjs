#!/usr/bin/env node
// npm run gallery: screenshots of every screen state of the sandbox's gallery (docs/gallery.md),
// for designers and translators. Starts a sandbox in-process, opens /__sandbox/gallery in the
// machine's Chromium, waits until every state is reached, then for each language writes one PNG per
// state: <out>/<language>/<width>/<state>.png.
//
//   npm run gallery                       every language at 375 px, blue channel
//   npm run gallery -- --all              also 320 and 1280 px, and the orange channel (<width>-orange/)
//   npm run gallery -- --forced-colours   also Chromium's forced-colours mode (<width>-forced/)
//   npm run gallery -- --dark             also on a dark host page and in the dark theme (<width>-dark-host/, <width>-dark-theme/)
//   npm run gallery -- --out dir          another folder than .tmp/gallery
//   npm run gallery -- --languages de,fr --states home,scanner-code   a part of it
//
// Needs the build (npm run gallery runs it first). Not part of npm test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumAdvice, findChromium, thisSystem } from '../browsers/find.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LANGUAGES = ['bg', 'cs', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'ru', 'sk', 'uk', 'zh'];
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Walking every state takes about 20 s on a laptop; a loaded machine gets ample room. */
const READY_TIMEOUT_MS = 300_000;
/** A state can run out between the check and the shot (the inactivity warning): shot again. */
const SHOT_TRIES = 4;

const { values: options } = parseArgs({
  options: {
    all: { type: 'boolean', default: false },
    'forced-colours': { type: 'boolean', default: false },
    dark: { type: 'boolean', default: false },
    out: { type: 'string', default: join(root, '.tmp', 'gallery') },
    languages: { type: 'string' },
    states: { type: 'string' },
  },
});
const languages = options.languages ? options.languages.split(',') : LANGUAGES;
const unknown = languages.filter((language) => !LANGUAGES.includes(language));
if (unknown.length) throw new Error(`gallery: unknown language ${unknown.join(', ')}; known: ${LANGUAGES.join(', ')}`);
const widths = options.all ? [375, 320, 1280] : [375];
// `page` names the toolbar's Page switch: what is behind the widget, and its theme.
const looks = [
  { channel: 'blue', page: 'Default', forced: false, suffix: '' },
  ...(options.all ? [{ channel: 'orange', page: 'Default', forced: false, suffix: '-orange' }] : []),
  ...(options['forced-colours'] ? [{ channel: 'blue', page: 'Default', forced: true, suffix: '-forced' }] : []),
  ...(options.dark
    ? [
        { channel: 'blue', page: 'Dark host', forced: false, suffix: '-dark-host' },
        { channel: 'blue', page: 'Dark theme', forced: false, suffix: '-dark-theme' },
      ]
    : []),
];
const out = resolve(options.out);

// Chromium draws what the system's fonts cover: without a Chinese font the zh shots show boxes.
if (languages.includes('zh')) {
  try {
    if (!execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim()) {
      console.warn('gallery: this machine has no font for Chinese, so the zh shots show boxes for its characters (Debian: apt-get install fonts-noto-cjk)');
    }
  } catch {
    // No fontconfig to ask (not Linux): its own fonts cover Chinese.
  }
}

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

let sandbox;
try {
  ({ startSandbox: sandbox } = await import(join(root, 'packages', 'amwa-sandbox', 'dist', 'index.js')));
} catch (error) {
  throw new Error('gallery: dist/ is missing; run `npm run build` first (npm run gallery does)', { cause: error });
}
const server = await sandbox({ port: 0 });
// AMWA_CHROMIUM or CHROME_PATH, else Playwright's, else the system's Chrome, Chromium or Edge.
const found = findChromium(await thisSystem());
if (!found) throw new Error(`gallery: no Chrome, Chromium or Edge on this machine; ${chromiumAdvice(process.platform)}`);
const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS, headless: true });
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  page.on('pageerror', (error) => console.error(`gallery page error: ${error.message}`));
  await page.goto(`${server.url}/__sandbox/gallery`);
  // The toolbar stays on top while the page scrolls, which would cover the top of a shot; the
  // frame's border is the page's, not the state's.
  await page.addStyleTag({ content: '.gallery-toolbar { position: static !important; } .gallery-tile iframe { border: 0 !important; }' });

  const frames = page.locator('iframe[data-state]');
  const wanted = options.states?.split(',');
  const ids = (await frames.evaluateAll((list) => list.map((frame) => frame.dataset.state))).filter((id) => !wanted || wanted.includes(id));
  if (wanted && ids.length !== wanted.length) throw new Error(`gallery: unknown state among ${wanted.join(', ')}`);
  console.log(`gallery: walking every state to shoot ${ids.length} of them…`);
  await waitForAll(page);
  console.log(`gallery: every state reached after ${seconds()} s`);

  let files = 0;
  for (const look of looks) {
    await page.emulateMedia({ forcedColors: look.forced ? 'active' : 'none' });
    // Forced colours may change borders and so heights: let every frame lay out and fit again.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.getByRole('radio', { name: look.channel === 'blue' ? 'Blue' : 'Orange' }).check();
    await page.getByRole('radio', { name: look.page, exact: true }).check();
    for (const width of widths) {
      await page.getByRole('radio', { name: `${width} px` }).check();
      for (const language of languages) {
        await page.getByLabel('Language').selectOption(language);
        await waitForAll(page);
        const dir = join(out, language, `${width}${look.suffix}`);
        // A whole set replaces the folder, so no shot of a state since renamed stays behind.
        if (!wanted) rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        for (const id of ids) {
          await shoot(cdp, page, id, join(dir, `${id}.png`));
          files += 1;
        }
        console.log(`gallery: ${language} ${width}${look.suffix}: ${ids.length} shot${ids.length === 1 ? '' : 's'} (${seconds()} s)`);
      }
    }
  }
  console.log(`gallery: wrote ${files} files to ${out} in ${seconds()} s`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await browser.close();
  await server.close();
}
// A state that holds an answer back (the means check) keeps a sandbox timer running: do not wait for it.
process.exit(failed ? 1 : 0);

/** Waits until every frame shows its state in the view the toolbar asks for; fails naming the states that failed. */
async function waitForAll(page) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const frames = await page.locator('iframe[data-state]').evaluateAll((list) =>
      list.map(({ dataset }) => ({ id: dataset.state, status: dataset.status, caughtUp: dataset.shown === dataset.wanted, error: dataset.error })),
    );
    const broken = frames.filter((frame) => frame.status === 'failed');
    if (broken.length) throw new Error(`gallery: ${broken.map((frame) => `${frame.id} failed: ${frame.error}`).join('\n')}`);
    if (frames.every((frame) => frame.status === 'ready' && frame.caughtUp)) return;
    if (Date.now() > deadline) throw new Error(`gallery: not ready after ${READY_TIMEOUT_MS / 1000} s: ${frames.filter((frame) => frame.status !== 'ready' || !frame.caughtUp).map((frame) => frame.id).join(', ')}`);
    await page.waitForTimeout(100);
  }
}

/**
 * One state's frame as a PNG, through the DevTools protocol (half the time of an element
 * screenshot: no scrolling, no waiting for the page to settle); taken again if the state ran out
 * (and was walked again) meanwhile.
 */
async function shoot(cdp, page, id, path) {
  const frame = page.locator(`iframe[data-state="${id}"]`);
  const look = () =>
    frame.evaluate((element) => {
      const { dataset } = element;
      const box = element.getBoundingClientRect();
      const clip = { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height, scale: 1 };
      return { epoch: dataset.status === 'ready' && dataset.shown === dataset.wanted ? dataset.epoch : undefined, clip };
    });
  for (let tries = 1; ; tries++) {
    await waitForFrame(frame);
    const { epoch, clip } = await look();
    const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', clip, captureBeyondViewport: true });
    if (epoch !== undefined && (await look()).epoch === epoch) return writeFileSync(path, Buffer.from(data, 'base64'));
    if (tries === SHOT_TRIES) throw new Error(`gallery: ${id} kept changing while it was shot`);
  }
}

/** Waits until one frame shows its state in the wanted view. */
async function waitForFrame(frame) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await frame.evaluate(({ dataset }) => dataset.status === 'ready' && dataset.shown === dataset.wanted))) {
    if (Date.now() > deadline) throw new Error(`gallery: ${await frame.getAttribute('data-state')} is not ready`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
