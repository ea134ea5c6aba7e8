// The example's vitest run: the in-process test (happy-dom, set in its file) and the browser
// tests through Puppeteer and WebdriverIO; `playwright test` runs the *.pw.ts files.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts', '*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
