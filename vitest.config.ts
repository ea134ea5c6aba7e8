import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    // test/docs: the docs' code blocks, checked against the sources.
    include: ['src/**/*.test.{ts,tsx}', 'test/docs/**/*.test.ts', 'test/browsers/*.test.ts', 'examples/gallery/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['./test/setup-dom.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // The first test to open a lazy page transforms its modules; on a loaded two-core machine that
    // alone can take seconds. Tests wait on conditions, so this only bounds a real hang.
    testTimeout: 15_000,
  },
});
