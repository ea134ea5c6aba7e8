import JsCookie from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieJar, parseCookies } from './cookie-jar';

const clearAll = () => {
  for (const name of parseCookies(document.cookie).keys()) JsCookie.remove(name);
};

// Values a bank's pages and the widget write: plain, spaced, with the characters js-cookie keeps
// as they are and with those it escapes, quoted, and non-ASCII.
const VALUES = ['scanner', 'EMMA0005', 'a b', 'x=y;z', '#$&+^`|', '"quoted"', 'ü€中', '%41', '[{}]:@/'];
const NAMES = ['demobank-scanner-user-id', 'logonType', 'a(b)', 'x y'];

describe('cookieJar', () => {
  afterEach(clearAll);

  it.each(VALUES)('writes %j as js-cookie writes it, and both read it back the same', (value) => {
    for (const name of NAMES) {
      cookieJar({ path: '/' }).set(name, value);
      const ours = document.cookie;
      JsCookie.set(name, value);
      expect(document.cookie).toBe(ours);
      expect(cookieJar({}).get(name)).toBe(value);
      expect(JsCookie.get(name)).toBe(value);
      clearAll();
    }
  });

  it('reads what js-cookie wrote with its own attributes, and removes it', () => {
    JsCookie.set('logonType', 'mobile', { path: '/', expires: 7.5, sameSite: 'Lax' });
    const jar = cookieJar({ path: '/', expires: 7.5, sameSite: 'Lax' });
    expect(jar.get('logonType')).toBe('mobile');
    jar.remove('logonType');
    expect(jar.get('logonType')).toBeUndefined();
  });
});

describe('parseCookies', () => {
  it('decodes a Cookie header as the browser reads document.cookie: the first of a name wins, quotes and bad names dropped', () => {
    const jar = parseCookies('a=1; b="two%20words";a=3; %E0%A4%A=bad; c=x=y');
    expect([...jar]).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['c', 'x=y'],
    ]);
  });

  it('reads nothing from an empty string', () => {
    expect(parseCookies('').size).toBe(0);
  });
});
