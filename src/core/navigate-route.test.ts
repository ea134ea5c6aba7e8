import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeToNavigate } from './navigate-route';

describe('routeToNavigate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows a route of the widget without a word', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(routeToNavigate('/pages/logon/scanner?user=1')).toBe('/pages/logon/scanner?user=1');
    expect(warn).not.toHaveBeenCalled();
  });

  it('follows a path that is no route to the not-found page, naming the route meant', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(routeToNavigate('/pages/logon/scaner')).toBe('/pages/logon/scaner');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('did you mean "/pages/logon/scanner"?'));
  });

  it.each([[42], ['https://elsewhere.example/pages/logon/scanner'], [undefined]])('refuses %j, saying why', (route) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(routeToNavigate(route)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^amwa navigate: the route .*; ignored/));
  });
});
