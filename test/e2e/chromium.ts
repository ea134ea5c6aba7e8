// The Chromium the suite drives and its launch flags, shared by the e2e harness and the benches
// (which cannot import the harness: it registers vitest hooks).
import { chromium, type Browser } from 'playwright-core';
import { chromiumAdvice, findChromium, thisSystem } from '../browsers/find.mjs';

/** Launch flags for a sandboxed, offline, headless Chromium. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium-family browser on this machine (test/browsers/find.mjs: AMWA_CHROMIUM or
 * CHROME_PATH, Playwright's, the system's); the suite never downloads one.
 */
export async function chromiumPath(): Promise<string> {
  const found = findChromium(await thisSystem());
  if (!found) throw new Error(`e2e: no Chrome, Chromium or Edge on this machine; ${chromiumAdvice(process.platform)}`);
  return found.path;
}

/** Launches the machine's Chromium with the project's flags. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
