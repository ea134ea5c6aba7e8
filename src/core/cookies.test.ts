import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptedAccessParams, askedNow, COOKIE_LIFETIME_MS, createCookies, FALLBACK_MAX_AGE_S, MAX_ACCESS_PARAMS, pageCookieStore, type CookieStoreLike } from './cookies';

const NOW = new Date('2025-06-03T12:00:00Z');
const settings = { basePath: '', brandPrefix: 'amwa' };

/** Every string written to document.cookie, read through a spy on the real (happy-dom) setter. */
function cookieWrites() {
  const set = vi.spyOn(document, 'cookie', 'set');
  return () => set.mock.calls.map(([value]) => value);
}

afterEach(() => {
  for (const pair of document.cookie.split('; ').filter(Boolean)) document.cookie = `${pair.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  vi.useRealTimers();
});

describe('createCookies', () => {
  it('writes at path {basePath}, for 648000000 ms, SameSite=Lax, not Secure on http', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const writes = cookieWrites();
    createCookies({ basePath: '/access', brandPrefix: 'amwa' }).logonType.set('scanner');
    const expires = new Date(NOW.getTime() + COOKIE_LIFETIME_MS).toUTCString();
    expect(COOKIE_LIFETIME_MS / 86_400_000).toBe(7.5);
    expect(writes()).toEqual([`logonType=scanner; path=/access; expires=${expires}; sameSite=Lax`]);
  });

  it("uses path '/' for a root base path and adds Secure on https", () => {
    vi.stubGlobal('location', new URL('https://bank.test/'));
    const writes = cookieWrites();
    createCookies(settings).logonType.set('mobile');
    expect(writes()[0]).toMatch(/^logonType=mobile; path=\/; expires=[^;]+; secure; sameSite=Lax$/);
  });

  it('keeps tdid, the fallback store of the device identifier, with max-age 1e9 s instead of an expiry date', () => {
    const writes = cookieWrites();
    createCookies({ basePath: '/access', brandPrefix: 'amwa' }).tdid.set('AAAAAAAAAAAAAAAA');
    expect(FALLBACK_MAX_AGE_S).toBe(1_000_000_000);
    expect(writes()).toEqual(['tdid=AAAAAAAAAAAAAAAA; path=/access; sameSite=Lax; max-age=1000000000']);
  });

  it('remembers the logon type and reads anything else as undefined', () => {
    const cookies = createCookies(settings);
    expect(cookies.logonType.get()).toBeUndefined();
    cookies.logonType.set('mobile');
    expect(cookies.logonType.get()).toBe('mobile');
    document.cookie = 'logonType=link; path=/';
    expect(cookies.logonType.get()).toBeUndefined();
    cookies.logonType.set('scanner');
    cookies.logonType.clear();
    expect(cookies.logonType.get()).toBeUndefined();
    expect(document.cookie).toBe('');
  });

  it('keeps the user ID under {brandPrefix}-scanner-user-id and tdid', () => {
    const cookies = createCookies({ basePath: '', brandPrefix: 'ing' });
    cookies.userId.set('JANSEN01');
    cookies.tdid.set('abc');
    expect(document.cookie).toBe('ing-scanner-user-id=JANSEN01; tdid=abc');
    expect([cookies.userId.get(), cookies.tdid.get()]).toEqual(['JANSEN01', 'abc']);
    cookies.userId.clear();
    expect(cookies.userId.get()).toBeUndefined();
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['1', true],
  ])('log-analytics-feature=%j → analyticsLogging() %s', (value, expected) => {
    if (value !== undefined) document.cookie = `log-analytics-feature=${value}; path=/`;
    expect(createCookies(settings).analyticsLogging()).toBe(expected);
  });

  it('stores accepted access-protection parameters as cookies of the same names', () => {
    const cookies = createCookies(settings);
    expect(cookies.storeAccessParams('?logonType=scanner&amwa-segment=corp&other=x&amwa-empty=')).toEqual([
      ['logonType', 'scanner'],
      ['amwa-segment', 'corp'],
    ]);
    expect(document.cookie).toBe('logonType=scanner; amwa-segment=corp');
    expect(cookies.logonType.get()).toBe('scanner');
  });
});

/** A Cookie Store API double (the browser edge): answers `cookies` when `answer()` is called. */
function fakeCookieStore(cookies: Array<{ name: string; value: string }> | Error) {
  let answer: () => void = () => undefined;
  const store: CookieStoreLike = {
    getAll: () =>
      new Promise((resolve, reject) => {
        answer = () => (cookies instanceof Error ? reject(cookies) : resolve(cookies));
      }),
  };
  return { store, answer: () => answer() };
}

describe('createCookies with a cookie store: the first reads without blocking', () => {
  it('answers from the copy read ahead, decoded as js-cookie decodes, the first of a name winning, until settled', async () => {
    document.cookie = 'logonType=mobile; path=/';
    const fake = fakeCookieStore([
      { name: 'logonType', value: 'scanner' },
      { name: 'logonType', value: 'mobile' },
      { name: 'amwa-scanner-user-id', value: '%22JANSEN%2001%22' },
      { name: 'log-analytics-feature', value: '"true"' },
    ]);
    const cookies = createCookies(settings, fake.store);
    let ready = false;
    void cookies.ready.then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    fake.answer();
    await cookies.ready;
    expect([cookies.logonType.get(), cookies.userId.get(), cookies.analyticsLogging(), cookies.tdid.get()]).toEqual(['scanner', '"JANSEN 01"', true, undefined]);
    const read = vi.spyOn(document, 'cookie', 'get');
    cookies.logonType.get();
    expect(read).not.toHaveBeenCalled();
    cookies.settle();
    expect(cookies.logonType.get()).toBe('mobile');
    expect(read).toHaveBeenCalled();
  });

  it('reads document.cookie again after its own first write', async () => {
    const fake = fakeCookieStore([{ name: 'logonType', value: 'scanner' }]);
    const cookies = createCookies(settings, fake.store);
    fake.answer();
    await cookies.ready;
    cookies.userId.set('NEW');
    expect([cookies.logonType.get(), cookies.userId.get()]).toEqual([undefined, 'NEW']);
  });

  it('never takes up a copy that arrives after settle()', async () => {
    document.cookie = 'logonType=mobile; path=/';
    const fake = fakeCookieStore([{ name: 'logonType', value: 'scanner' }]);
    const cookies = createCookies(settings, fake.store);
    cookies.settle();
    fake.answer();
    await cookies.ready;
    expect(cookies.logonType.get()).toBe('mobile');
  });

  it('falls back to document.cookie when the store refuses (an opaque origin, no secure context)', async () => {
    document.cookie = 'logonType=scanner; path=/';
    const fake = fakeCookieStore(new DOMException('refused', 'SecurityError'));
    const cookies = createCookies(settings, fake.store);
    fake.answer();
    await expect(cookies.ready).resolves.toBeUndefined();
    expect(cookies.logonType.get()).toBe('scanner');
  });

  it('is ready at once without a store, reading document.cookie', async () => {
    document.cookie = 'logonType=mobile; path=/';
    const cookies = createCookies(settings);
    await expect(cookies.ready).resolves.toBeUndefined();
    expect(cookies.logonType.get()).toBe('mobile');
  });
});

describe('askedNow', () => {
  it('asks the store at once, answers the first getAll with that answer and asks again for later ones', async () => {
    let asked = 0;
    const store: CookieStoreLike = { getAll: () => Promise.resolve([{ name: 'logonType', value: asked++ === 0 ? 'scanner' : 'mobile' }]) };
    const early = askedNow(store)!;
    expect(asked).toBe(1);
    const cookies = createCookies(settings, early);
    expect(asked).toBe(1);
    await cookies.ready;
    expect(cookies.logonType.get()).toBe('scanner');
    expect(await early.getAll()).toEqual([{ name: 'logonType', value: 'mobile' }]);
    expect(asked).toBe(2);
  });

  it('turns a store that throws into a failed answer, which the cookies take as none read ahead', async () => {
    document.cookie = 'logonType=mobile; path=/';
    const early = askedNow({
      getAll: () => {
        throw new DOMException('no cookies here', 'SecurityError');
      },
    })!;
    const cookies = createCookies(settings, early);
    await cookies.ready;
    expect(cookies.logonType.get()).toBe('mobile');
  });

  it('is nothing without a store', () => {
    expect(askedNow(undefined)).toBeUndefined();
  });
});

describe('pageCookieStore', () => {
  it("is the browser's cookieStore, but none while the page is prerendered", () => {
    const store = fakeCookieStore([]).store;
    vi.stubGlobal('cookieStore', store);
    try {
      expect(pageCookieStore()).toBe(store);
      Object.defineProperty(document, 'prerendering', { configurable: true, get: () => true });
      expect(pageCookieStore()).toBeUndefined();
    } finally {
      Reflect.deleteProperty(document, 'prerendering');
      vi.unstubAllGlobals();
    }
  });
});

describe('acceptedAccessParams', () => {
  it.each([
    ['', []],
    ['?', []],
    ['?logonType=mobile', [['logonType', 'mobile']]],
    ['logonType=mobile', [['logonType', 'mobile']]],
    ['?logonType=', []],
    ['?logonType', []],
    ['?logontype=mobile&LogonType=mobile', []],
    ['?amwa-x=1&amwa-y=%20&amwa=2&amwax=3&xamwa-z=4', [['amwa-x', '1']]],
    ['?AMWA-x=1', []],
    ['?amwa%2Dencoded=a-b', [['amwa-encoded', 'a-b']]],
    // Issue 30: anyone can send a user a link here, so what it writes is bounded.
    ['?amwa%2Dencoded=a%26b', []],
    ['?amwa-x=1&amwa-x=2', [['amwa-x', '1']]],
    ['?logonType=javascript:alert(1)&logonType=scanner', []],
    ['?logonType=scanner&logonType=mobile', [['logonType', 'scanner']]],
    ['?logonType=Scanner', []],
    ['?amwa-scanner-user-id=MALLORY9&logonType=scanner', [['amwa-scanner-user-id', 'MALLORY9'], ['logonType', 'scanner']]],
    ['?amwa-scanner-user-id=MALLORY', []],
    ['?amwa-scanner-user-id=MALLORY9MALLORY99', []],
    ['?amwa-scanner-user-id=MALLORY9%3Cimg%3E', []],
    ['?amwa-scanner-user-id=MALL%20RY9', []],
    ['?amwa-scanner-user-id=MALLORY9%3B%20path%3D%2F', []],
    ['?amwa-scanner-user-id=M%C3%84LLORY9', []],
    ['?amwa-ref=corp%0D%0ASet-Cookie%3A%20x%3D1', []],
    ['?amwa-ref=' + 'a'.repeat(65), []],
    ['?amwa-' + 'r'.repeat(65) + '=1', []],
    ['?amwa-Ref=1&amwa-r%C3%A9f=1&amwa-r_f=1&amwa--=1', []],
  ])('%j → %j', (search, expected) => {
    expect(acceptedAccessParams(search, 'amwa')).toEqual(expected);
  });

  it(`keeps at most ${MAX_ACCESS_PARAMS} parameters of one link`, () => {
    const search = Array.from({ length: 50 }, (_, index) => `amwa-p${index}=v`).join('&');
    expect(acceptedAccessParams(search, 'amwa')).toEqual(Array.from({ length: MAX_ACCESS_PARAMS }, (_, index) => [`amwa-p${index}`, 'v']));
  });

  it('takes URLSearchParams and honours the brand prefix', () => {
    expect(acceptedAccessParams(new URLSearchParams({ 'ing-a': '1', 'amwa-b': '2' }), 'ing')).toEqual([['ing-a', '1']]);
  });
});
