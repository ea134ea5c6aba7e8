// Playwright for the example tests: the system Chromium (never a downloaded browser), headless.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ADVICE, findChromium } from './browsers';

// The machine's Chromium (AMWA_CHROMIUM, CHROME_PATH, Playwright's, the system's).
const chromium = findChromium();
if (!chromium) throw new Error(`testing kit: no Chromium for the Playwright example; ${CHROMIUM_ADVICE}`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.pw.ts',
  outputDir: 'test-results',
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
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
