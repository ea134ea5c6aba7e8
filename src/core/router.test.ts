import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, createMemoryHistory, loadChunk, MAX_REDIRECTS, resolveRoute, splitSessionExpired, type Route } from './router';
import { createScope } from './scope';

const routes: Route<string>[] = [
  { path: '/', action: () => undefined, component: 'home' },
  { path: '/index.html', redirect: '/' },
  { path: '/pages', children: [{ path: '/logout', component: 'logged-off' }, { path: '/lazy', bundle: async () => 'lazy' }] },
  { path: '*', component: 'not-found' },
];

describe('resolveRoute', () => {
  it('matches components, children and redirects', () => {
    expect(resolveRoute(routes, '/')).toEqual({ kind: 'component', path: '/', component: 'home' });
    expect(resolveRoute(routes, '/index.html')).toMatchObject({ component: 'home' });
    expect(resolveRoute(routes, '/pages/logout/')).toMatchObject({ component: 'logged-off' });
    expect(resolveRoute(routes, '/pages/lazy')).toMatchObject({ kind: 'bundle', path: '/pages/lazy' });
  });

  it('sends unknown paths to the catch-all', () => {
    expect(resolveRoute(routes, '/pages/nope')).toMatchObject({ component: 'not-found' });
    expect(resolveRoute(routes, '/elsewhere')).toMatchObject({ component: 'not-found' });
  });

  it('follows actions', () => {
    const table: Route<string>[] = [{ path: '/', action: () => '/b', component: 'a' }, { path: '/b', component: 'b' }];
    expect(resolveRoute(table, '/')).toMatchObject({ path: '/b', component: 'b' });
  });

  it('allows exactly the redirect limit and fails beyond it', () => {
    const chain = (n: number): Route<string>[] => [
      ...Array.from({ length: n }, (_, i) => ({ path: `/r${i}`, redirect: `/r${i + 1}` })),
      { path: `/r${n}`, component: 'end' },
    ];
    expect(resolveRoute(chain(MAX_REDIRECTS), '/r0')).toMatchObject({ component: 'end' });
    expect(() => resolveRoute(chain(MAX_REDIRECTS + 1), '/r0')).toThrow('more than 256 redirects');
  });
});

describe('splitSessionExpired', () => {
  it('strips the suffix', () => {
    expect(splitSessionExpired('/pages/logon/scanner/sessionExpired')).toEqual({ path: '/pages/logon/scanner', sessionExpired: true });
    expect(splitSessionExpired('/sessionExpired')).toEqual({ path: '/', sessionExpired: true });
    expect(splitSessionExpired('/pages/logout')).toEqual({ path: '/pages/logout', sessionExpired: false });
  });
});

describe('loadChunk', () => {
  it('fails with ChunkLoadError on a failed import', async () => {
    await expect(loadChunk('pages-x', () => Promise.reject(new Error('net')), createScope())).rejects.toThrow(new ChunkLoadError('pages-x'));
  });

  it('fails after the time-out and leaves no timer after success', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('slow', () => new Promise<never>(() => {}), createScope(), 120000);
    vi.advanceTimersByTime(120000);
    await expect(pending).rejects.toThrow('Loading chunk slow failed');
    await loadChunk('fast', async () => 1, createScope());
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });
});

describe('createMemoryHistory', () => {
  it('tracks location and notifies', () => {
    const history = createMemoryHistory('/pages/error?trace-id=x#h');
    expect(history.location()).toEqual({ path: '/pages/error', search: '?trace-id=x', hash: '#h' });
    const listener = vi.fn();
    const off = history.listen(listener);
    history.push('/');
    off();
    history.push('/pages/logout');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
