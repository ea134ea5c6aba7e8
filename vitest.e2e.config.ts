import { defineConfig } from 'vitest/config';

// End-to-end suite: real browsers (Chromium; the core flows in Firefox and WebKit too, test/e2e/engines.e2e.ts)
// against the in-process sandbox serving the built examples.
// One file at a time: each file owns a browser and a sandbox, and CI machines have two cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts', 'examples/testing/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
    // A loaded CI machine answers later than a laptop: waits on conditions get 5 s unless a test
    // asks for less on purpose (e.g. 'catches up at once').
    expect: { poll: { timeout: 5_000, interval: 50 } },
  },
});
