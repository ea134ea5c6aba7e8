import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { bundleWithoutActions, ChunkLoadError, createBrowserHistory, createMemoryHistory, loadChunk, MAX_REDIRECTS, resolveRoute, routeProblem, splitSessionExpired, type Route } from './router';
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

describe('bundleWithoutActions', () => {
  it("gives a page's chunk loader through redirects, and nothing where the page is in the entry", async () => {
    const table: Route<string>[] = [...routes.slice(0, 3), { path: '/old-lazy', redirect: '/pages/lazy' }, { path: '*', bundle: async () => 'not-found' }];
    expect(await bundleWithoutActions(table, '/pages/lazy/')?.()).toBe('lazy');
    expect(await bundleWithoutActions(table, '/old-lazy')?.()).toBe('lazy');
    expect(await bundleWithoutActions(table, '/elsewhere')?.()).toBe('not-found');
    expect(bundleWithoutActions(table, '/pages/logout')).toBeUndefined();
  });

  it('runs no action: where one decides, directly or after a redirect, there is no answer', () => {
    const action = vi.fn(() => '/pages/lazy');
    const table: Route<string>[] = [{ path: '/', action, component: 'home' }, { path: '/index.html', redirect: '/' }, ...routes.slice(2)];
    expect(bundleWithoutActions(table, '/')).toBeUndefined();
    expect(bundleWithoutActions(table, '/index.html')).toBeUndefined();
    expect(action).not.toHaveBeenCalled();
  });

  it('gives up on a redirect loop instead of hanging', () => {
    expect(bundleWithoutActions([{ path: '/a', redirect: '/b' }, { path: '/b', redirect: '/a' }], '/a')).toBeUndefined();
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

describe('createBrowserHistory', () => {
  it("goes to the page's own origin even when a <base href> points at another one", () => {
    // happy-dom resolves pushState against the page, as no browser does; what the widget hands
    // over is what a browser would resolve against the base (and throw a SecurityError for).
    const base = document.head.appendChild(document.createElement('base'));
    base.href = 'http://127.0.0.2:4401/';
    const scope = createScope();
    const before = window.location.href;
    try {
      const pushState = vi.spyOn(window.history, 'pushState');
      const replaceState = vi.spyOn(window.history, 'replaceState');
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
      const history = createBrowserHistory('/shop', scope);
      history.push('/pages/logon/mobile');
      history.replace('pages/error?trace-id=x');
      history.load('/pages/logon/scanner');
      const own = new URL('/', window.location.href).origin;
      expect(pushState).toHaveBeenCalledWith(null, '', `${own}/shop/pages/logon/mobile`);
      expect(replaceState).toHaveBeenCalledWith(null, '', `${own}/shop/pages/error?trace-id=x`);
      expect(assign).toHaveBeenCalledWith(`${own}/shop/pages/logon/scanner`);
      expect(history.location()).toEqual({ path: '/pages/error', search: '?trace-id=x', hash: '' });
    } finally {
      scope.dispose();
      base.remove();
      window.history.replaceState(null, '', before);
    }
  });
});

describe('routeProblem (routes from outside: initialRoute, handle.navigate)', () => {
  it('takes the paths of the route table, with a query and a hash', () => {
    for (const route of ['/', '/pages/logon/mobile', '/pages/error?trace-id=12-abc', '/pages/not-found#mobile', '/pages/logout/sessionExpired', '/pages/x?next=%2F%2Fa']) {
      expect(routeProblem(route), route).toBeUndefined();
    }
  });

  it.each(['//evil.example', '/\\evil.example', '\\\\evil.example', '/%2F%2Fevil.example', '/%2f/evil.example', '/%5Cevil', '/%5cevil', '%5C', '/%252F%252Fevil', '/%25252F%25252Fevil', '/%09/evil', '/%0A/evil', '/\t/evil', '/%E0%A4%A', 'https://evil.example', 'evil', ''])('refuses %s', (route) => {
    expect(routeProblem(route)).toEqual(expect.any(String));
  });

  // The property: a route it takes stays on the page's origin, wherever the base path is and however often it is decoded.
  it('never takes a route that leaves the origin (property-based, 3000 runs)', () => {
    const piece = fc.constantFrom('/', '//', '\\', '%2F', '%2f', '%5C', '%5c', '%25', '%09', '\t', '\n', 'evil.example', '.', '..', '@', ':', '?', '#', 'a');
    const route = fc.oneof(fc.string(), fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')), fc.array(piece, { maxLength: 8 }).map((parts) => `/${parts.join('')}`));
    fc.assert(
      fc.property(route, fc.constantFrom('', '/access'), (candidate, basePath) => {
        if (routeProblem(candidate) !== undefined) return;
        let text = basePath + candidate;
        for (let round = 0; round < 3; round++) {
          expect(new URL(text, 'https://bank.example/access/x').origin, candidate).toBe('https://bank.example');
          text = decodeURIComponent(text.split(/[?#]/, 1)[0]!);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
