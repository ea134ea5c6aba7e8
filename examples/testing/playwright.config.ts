// Playwright for the example tests: the system Chromium (never a downloaded browser), headless.
import { defineConfig } from '@playwright/test';
import { chromiumAdvice, findChromium, thisSystem } from '../../test/browsers/find.mjs';

// The Chromium the rest of the suite finds (AMWA_CHROMIUM, CHROME_PATH, Playwright's, the system's).
const chromium = findChromium(await thisSystem());
if (!chromium) throw new Error(`testing kit: no Chromium for the Playwright example; ${chromiumAdvice(process.platform)}`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.pw.ts',
  outputDir: '../../.tmp/playwright',
  // The built package, as a bank installs it (the root tsconfig maps the name to the sources).
  tsconfig: './tsconfig.playwright.json',
  workers: 1,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'en-GB',
    launchOptions: {
      executablePath: chromium.path,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
