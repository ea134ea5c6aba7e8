// @vitest-environment node
// A short run of `npm run bench:load`: it only checks that the sandbox answers every request under
// load and gives back what the waiting users made it keep. The full run's figures are in docs/sandbox.md.
import { describe, expect, it } from 'vitest';
import { runLoad } from './load';

describe('load run', () => {
  it('answers every poll of 40 waiting users, then holds no QR code and gives its memory back', async () => {
    const report = await runLoad({ users: 40, intervalMs: 100, durationMs: 2000 });
    expect(report.failures).toEqual({});
    expect(report.answered).toBe(report.requests);
    expect(report.requests).toBeGreaterThanOrEqual(40 * 2); // a QR code and at least one poll each, however loaded the machine
    expect(report.pendingQrs).toEqual({ atEnd: 40, afterExpiry: 0 });
    // The heap the run leaves behind, after garbage collection: within 2 MB of where it started.
    expect(report.memory.afterExpiry.heapUsed - report.memory.before.heapUsed).toBeLessThan(2 * 1024 * 1024);
  });

  it('refuses runs out of bounds', async () => {
    await expect(runLoad({ users: 5000, intervalMs: 500, durationMs: 1000 })).rejects.toThrow('load: users must be an integer from 1 to 1000');
    await expect(runLoad({ users: 10, intervalMs: 500, durationMs: 600_000 })).rejects.toThrow('load: durationMs must be an integer from 100 to 120000');
  });
});
