import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api';
import { createEmitter } from './events';
import { createScope } from './scope';
import { parseSettings } from './settings';
import { createTraceLog } from './trace';
import { isTraceId } from './trace-id';

describe('isTraceId', () => {
  it.each([
    ['00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', true],
    ['99-ABCDEFGHIJKLMNOPQRSTUVWXYZ012345-zyxwvutsrqponmlk-42', true],
    ['0-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', false],
    ['00-0af7651916cd43dd8448eb211c80319-b7ad6b7169203331-01', false],
    ['00-0af7651916cd43dd8448eb211c80319c-b7ad6b716920333-01', false],
    ['00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-0a', false],
    ['00_0af7651916cd43dd8448eb211c80319c_b7ad6b7169203331_01', false],
    ['00-0af7651916cd43dd8448eb211c8031_c-b7ad6b7169203331-01', false],
    [' 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('%j → %s', (value, expected) => {
    expect(isTraceId(value)).toBe(expected);
  });
});

describe('createTraceLog', () => {
  let scope = createScope();
  afterEach(() => scope.dispose());
  const settings = (() => {
    // On the page's origin: the XSRF-TOKEN cookie the tests set is then the API's.
    const parsed = parseSettings({ apiBaseUrl: `${location.origin}/access` });
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.settings;
  })();

  function setup(answer: () => Promise<Response>, load?: Parameters<typeof createTraceLog>[2]) {
    scope = createScope();
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const posts: { url: string; body: unknown; keepalive?: boolean }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      posts.push({ url: String(input), body: JSON.parse(String(init?.body)), keepalive: init?.keepalive });
      return answer();
    }) as typeof globalThis.fetch;
    const api = createApiClient({ settings, emit: createEmitter().emit, scope, language: () => 'en-GB', fetch });
    return { log: createTraceLog(api, scope.signal, load), posts };
  }

  it('loses a line quietly when its sender cannot be loaded, and loads it again for the next line', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Importing a module script failed.')).mockImplementation(() => import('./trace-send'));
    const { log, posts } = setup(async () => new Response(null, { status: 204 }), load);
    const errors = vi.spyOn(console, 'error');
    log.trace('lost');
    await log.settled();
    log.trace('sent');
    await log.settled();
    expect(posts.map(({ body }) => (body as { operation: string }).operation)).toEqual(['sent']);
    expect(load).toHaveBeenCalledTimes(2);
    expect(errors).not.toHaveBeenCalled();
  });

  it('posts operation and context to /log/trace and /log/trace-error, with keepalive so a line outlives the page', async () => {
    const { log, posts } = setup(async () => new Response(null, { status: 204 }));
    log.trace('scanner-logon', { responseId: 'r1', username: 'jan' });
    log.traceError('scanner-logon');
    await log.settled();
    expect(posts).toEqual([
      { url: `${location.origin}/access/v1/api/public/log/trace`, body: { operation: 'scanner-logon', context: { responseId: 'r1', username: 'jan' } }, keepalive: true },
      { url: `${location.origin}/access/v1/api/public/log/trace-error`, body: { operation: 'scanner-logon', context: {} }, keepalive: true },
    ]);
  });

  it('settles only after pending calls finish, and swallows their failures', async () => {
    let fail: (error: Error) => void = () => {};
    const { log } = setup(() => new Promise<Response>((_, reject) => (fail = reject)));
    expect(() => log.trace('x')).not.toThrow();
    let settled = false;
    const done = log.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    fail(new TypeError('Failed to fetch'));
    await done;
    expect(settled).toBe(true);
    await expect(log.settled()).resolves.toBeUndefined();
  });
});
