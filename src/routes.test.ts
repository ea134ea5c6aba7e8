import { describe, expect, it } from 'vitest';
import { createCookies } from './core/cookies';
import { KNOWN_ROUTES } from './core/known-routes';
import type { Route } from './core/router';
import { createRoutes, type Page } from './routes';

/** Every path the route table answers by name (not the `*` catch-all), children joined to their parent. */
const paths = (routes: Route<Page>[], prefix = ''): string[] =>
  routes.flatMap((route) => ('children' in route ? paths(route.children, prefix + route.path) : route.path === '*' ? [] : [prefix + route.path]));

describe('KNOWN_ROUTES, the type navigate() takes', () => {
  it('lists exactly the routes of the route table', () => {
    const table = paths(createRoutes(createCookies({ basePath: '/', brandPrefix: 'amwa' })));
    expect([...KNOWN_ROUTES].sort()).toEqual(table.sort());
  });
});
