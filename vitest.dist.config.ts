import { defineConfig } from 'vitest/config';

// Runs a small suite against the BUILT bundles in dist/ (what users actually install),
// so a bundling mistake (lost export, broken chunk, leaked timer) fails before release.
export default defineConfig({
  test: {
    include: ['test/dist/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    restoreMocks: true,
    unstubGlobals: true,
  },
});
