import { describe, expect, it } from 'vitest';
import { createRoutes } from '../routes';
import { requestCookies, type LogonType } from './cookies';
import { firstScreen, pathInBase } from './first-screen';
import { KNOWN_ROUTES } from './known-routes';
import { resolveRoute } from './router';

const settings = { brandPrefix: 'amwa' };

describe('firstScreen', () => {
  it('opens Home at the index, and the remembered logon page for a returning user', () => {
    expect(firstScreen('/', undefined)).toEqual({ screen: '/', path: '/', sessionExpired: false });
    expect(firstScreen('/index.html', 'scanner')).toEqual({ screen: '/pages/logon/scanner', path: '/pages/logon/scanner', sessionExpired: false });
    expect(firstScreen('/sessionExpired', 'mobile')).toEqual({ screen: '/pages/logon/mobile', path: '/pages/logon/mobile', sessionExpired: true });
  });

  it('opens any route directly, and the not-found page at its own address for the rest', () => {
    expect(firstScreen('/pages/logon/scanner/', 'mobile').screen).toBe('/pages/logon/scanner');
    expect(firstScreen('/pages/nope', undefined)).toEqual({ screen: '/pages/not-found', path: '/pages/nope', sessionExpired: false });
  });

  it("decides as the client's route table does, for every route and remembered logon type", () => {
    for (const type of [undefined, 'mobile', 'scanner'] as (LogonType | undefined)[]) {
      const cookies = requestCookies(settings, type ? `logonType=${type}` : '');
      for (const route of [...KNOWN_ROUTES, '/pages/nope', '/elsewhere']) {
        const client = resolveRoute(createRoutes(cookies), route);
        const decided = firstScreen(route, type);
        expect(decided.path).toBe(client.path);
        expect(client.kind === 'component').toBe(decided.screen === '/');
      }
    }
  });
});

describe('pathInBase', () => {
  it('reads the widget path under the base path, index.html as the index', () => {
    expect(pathInBase('/logon/pages/logon/scanner', '/logon')).toBe('/pages/logon/scanner');
    expect(pathInBase('/logon', '/logon')).toBe('/');
    expect(pathInBase('/logon/index.html', '/logon')).toBe('/');
    expect(pathInBase('/other', '/logon')).toBe('/other');
  });
});

describe('requestCookies', () => {
  it('reads a Cookie header as the browser reads it: decoded, the first of one name, only known logon types', () => {
    const cookies = requestCookies(settings, 'a=1; amwa-scanner-user-id=USER%4012345; logonType=scanner; logonType=mobile');
    expect(cookies.userId.get()).toBe('USER@12345');
    expect(cookies.logonType.get()).toBe('scanner');
    expect(requestCookies(settings, 'logonType=other').logonType.get()).toBeUndefined();
    expect(requestCookies(settings, { logonType: 'mobile' }).logonType.get()).toBe('mobile');
    expect(requestCookies(settings, undefined).userId.get()).toBeUndefined();
  });
});
