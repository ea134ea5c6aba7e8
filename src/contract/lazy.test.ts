import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { lazy } from './lazy';

describe('lazy', () => {
  it('builds nothing until the first call, then once', () => {
    let builds = 0;
    const schema = lazy(() => {
      builds++;
      return z.object({ id: z.string() });
    });
    expect(builds).toBe(0);
    const first = schema();
    expect(schema()).toBe(first);
    expect(builds).toBe(1);
    expect(first.safeParse({ id: 'a' }).success).toBe(true);
  });

  it('keeps a falsy value instead of building it again', () => {
    let builds = 0;
    const zero = lazy(() => (builds++, 0));
    expect([zero(), zero()]).toEqual([0, 0]);
    expect(builds).toBe(1);
  });
});

describe('the schemas of the contract and the session layer', () => {
  afterEach(() => {
    vi.doUnmock('zod/mini');
    vi.resetModules();
  });

  it('are built on first use, not when their modules are evaluated (issue 22)', async () => {
    // Counts every zod/mini call: the library is the network edge of this test, our modules run as they are.
    const calls: string[] = [];
    vi.resetModules();
    vi.doMock('zod/mini', async (importOriginal) => {
      const original = await importOriginal<Record<string, unknown>>();
      const counted = Object.entries(original).map(([name, value]) => [
        name,
        typeof value === 'function' && !/^[A-Z$]/.test(name)
          ? (...args: unknown[]) => (calls.push(name), (value as (...args: unknown[]) => unknown)(...args))
          : value,
      ]);
      return Object.fromEntries(counted);
    });
    const { OPERATIONS } = await import('./index');
    await import('./shapes');
    await import('../core/session/index');
    await import('../core/session/bus');
    await import('../core/flows/authentication');
    await import('../core/flows/colour-code');
    await import('../core/flows/qr');
    expect(calls).toEqual([]);

    const logon = OPERATIONS.find((op) => op.id === 'scannerLogon')!;
    expect(logon.body!().safeParse({ username: 'u' }).success).toBe(false);
    expect(calls.length).toBeGreaterThan(0);
    expect(logon.body!()).toBe(logon.body!());
  });
});
