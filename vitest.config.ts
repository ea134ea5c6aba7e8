import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  // The examples import the packages by name, as a host would; the unit suite runs before the build.
  resolve: {
    alias: [
      { find: /^amwa-sandbox\/testing$/, replacement: fileURLToPath(new URL('./packages/amwa-sandbox/src/testing/index.ts', import.meta.url)) },
      { find: /^amwa$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    // The sandbox package's tests beside its sources; test/docs: the docs' code blocks, checked against the sources.
    include: ['src/**/*.test.{ts,tsx}', 'packages/amwa-sandbox/src/**/*.test.ts', 'test/docs/**/*.test.ts', 'test/browsers/*.test.ts', 'test/build/*.test.ts', 'examples/gallery/*.test.ts', 'examples/testing/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['./test/setup-dom.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // The first test to open a lazy page transforms its modules; on a loaded two-core machine that
    // alone can take seconds. Tests wait on conditions, so this only bounds a real hang.
    testTimeout: 15_000,
  },
});
