// The system Chromium and its launch flags, shared by the e2e harness and the benches (which
// cannot import the harness: it registers vitest hooks).
import { chromium, type Browser } from 'playwright-core';

/** Where the system Chromium lives; the suite never downloads a browser. */
export const CHROMIUM = '/usr/bin/chromium';

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

/** Launches the system Chromium with the project's flags. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}
