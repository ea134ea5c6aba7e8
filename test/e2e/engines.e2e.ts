// The core flows in every engine a bank's customers use: Chromium (DevTools protocol) and Firefox
// (WebDriver BiDi) through puppeteer-core, and WebKit (WebKitGTK's WebDriver with MiniBrowser). The
// logons and the activation go through the testing kit (its Puppeteer driver in Chromium and
// Firefox). Each flow is described once (test/engines/flows.ts) and ends with no console error, uncaught error,
// unhandled rejection or CSP violation in the tab. Plus the imports that must fail well: the
// pages chunk aborted by leaving the page, and failing once then loading.
//
// A missing engine is skipped with one printed line, except in CI (CI=true), where it fails:
// .ci/run installs all three.
import { connectKit, type AmwaKit } from 'amwa-sandbox/testing';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Engine, EngineName } from '../engines/driver';
import { engines, startGatedSandbox, type GatedSandbox } from '../engines/engines';
import { FLOWS } from '../engines/flows';
import { DrivenPage } from '../engines/page';

/** The pages chunk: the session layer, the API client and every page but Home and activation. */
const PAGES_CHUNK = /\/chunks\/pages-[\w-]+\.js$/;

const available = await engines();
for (const { name, missing } of available) {
  if (!missing) continue;
  if (process.env.CI) throw new Error(`engines: ${name} is missing in CI; install ${missing} (.ci/run does)`);
  console.log(`engines: ${name} skipped, not on this machine; install ${missing} to run the core flows in it`);
}

let sandbox: GatedSandbox;
let kit: AmwaKit;
beforeAll(async () => {
  sandbox = await startGatedSandbox();
  kit = await connectKit(sandbox.url);
});
afterAll(async () => {
  await sandbox?.close();
});

/** Run times per engine, printed at the end: CI's time budget is watched through them. */
const timings = new Map<EngineName, { started: number; ended?: number; flows: number }>();
afterAll(() => {
  for (const [name, { started, ended = performance.now(), flows }] of timings) {
    console.log(`engines: ${name} ran ${flows} core flows and the import tests in ${((ended - started) / 1000).toFixed(1)} s (launch and close included)`);
  }
});

describe.each(available.filter((entry) => entry.launch))('in $name', ({ name, launch }) => {
  let engine: Engine;
  const pages = new Set<DrivenPage>();
  const open = async (path: string, options?: { width?: number }) => {
    const page = await DrivenPage.open(engine, sandbox.url, path, options);
    pages.add(page);
    return page;
  };
  /** Every page the test opened had no problem, but those matching `allow`. */
  const expectNoProblems = async (allow: RegExp[] = []) => {
    for (const page of pages) {
      const problems = (await page.problems()).filter((line) => !allow.some((pattern) => pattern.test(line)));
      expect(problems, `console errors, uncaught errors, unhandled rejections or CSP violations in ${name}`).toEqual([]);
    }
  };

  beforeAll(async () => {
    timings.set(name, { started: performance.now(), flows: 0 });
    engine = await launch!();
    console.log(`engines: ${name} is ${engine.version}`);
  });
  afterEach(async () => {
    sandbox.release();
    await Promise.all([...pages].map((page) => page.close().catch(() => undefined)));
    pages.clear();
    sandbox.sandbox.reset();
  });
  afterAll(async () => {
    await engine?.close();
    timings.get(name)!.ended = performance.now();
  });

  // A flow takes seconds; WebKit's MiniBrowser under Xvfb on a loaded two-core machine once took
  // over a minute for the German one, so a flow gets two before it counts as hung.
  test.each(FLOWS)('$name, with no error anywhere', { timeout: 120_000 }, async (flow) => {
    await flow.run({ engine, origin: sandbox.url, kit, open });
    await expectNoProblems();
    timings.get(name)!.flows++;
  });

  test('the pages chunk, delayed and then aborted by choosing the scanner option (a full page load), reports nothing', async () => {
    sandbox.holdOnce(PAGES_CHUNK);
    const page = await open('/access/');
    await page.heading('Log on with');
    // Pointing at Home starts the warm-up, whose import of the pages chunk the gate holds back.
    await page.hover('link', /^The bank's scanner/);
    await expect.poll(() => sandbox.gated, { timeout: 15_000 }).toHaveLength(1);
    await page.click('link', /^The bank's scanner/);
    await page.waitForPath('/access/pages/logon/scanner');
    expect(sandbox.gated, 'the warm-up asked for the pages chunk and the gate held it').toEqual([expect.stringMatching(/^hold \/.*pages-/)]);
    // The old page is gone; its request is let go, since Firefox may make the new page's request
    // for the same chunk wait on it in its cache.
    sandbox.release();
    await page.heading('Log on with your scanner');
    await page.waitFor('textbox', 'User ID');
    await expectNoProblems();
  });

  test('the pages chunk failing once, then loading: the flow goes on without a reload', async () => {
    sandbox.failOnce(PAGES_CHUNK);
    const page = await open('/access/');
    await page.heading('Log on with');
    await page.evaluate('(globalThis.__amwaSamePage = true)');
    // The warm-up (at idle) asks for the chunk and gets the failure; the page that needs it later loads it again.
    await expect.poll(() => sandbox.gated, { timeout: 15_000 }).toHaveLength(1);
    await page.click('link', /^The bank's mobile app/);
    await page.heading("Log on with the bank's mobile app");
    await page.waitFor('img', /^QR code to log on/);
    expect(sandbox.gated).toEqual([expect.stringMatching(/^fail \/.*pages-/)]);
    expect(await page.evaluate('globalThis.__amwaSamePage === true'), 'no reload').toBe(true);
    // The failed request itself is the browser's to log: Chromium as a console error, Firefox as a page error of the module load.
    await expectNoProblems([/Failed to load resource: the server responded with a status of 503/, /Loading module from .*pages-.* was blocked because of a disallowed MIME type/]);
  });
});
