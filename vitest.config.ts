import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'examples/gallery/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['./test/setup-dom.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
