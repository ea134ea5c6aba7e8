import { describe, expect, it } from 'vitest';
import { checkRedirect, INVALID_REDIRECT, InvalidRedirectError, MAX_REDIRECT_URL_LENGTH, reportableUrl } from './redirect';

const allowed = ['https://bank.example', 'https://api.bank.example/'];

describe('checkRedirect', () => {
  it('accepts urls on an allowed origin', () => {
    expect(checkRedirect('https://bank.example/home?x=1#y', allowed)).toEqual({ ok: true, url: 'https://bank.example/home?x=1#y', reported: 'https://bank.example/home' });
    expect(checkRedirect('https://api.bank.example/landing', allowed)).toMatchObject({ ok: true });
  });

  it('resolves paths against the page origin', () => {
    expect(checkRedirect('/__sandbox/logged-on', allowed, 'https://bank.example/access/')).toEqual({
      ok: true,
      url: 'https://bank.example/__sandbox/logged-on',
      reported: 'https://bank.example/__sandbox/logged-on',
    });
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    [42, undefined],
    ['https://evil.example/', 'https://evil.example/'],
    ['javascript:alert(1)', 'javascript:'],
    ['https://bank.example.evil.example/', 'https://bank.example.evil.example/'],
    ['//evil.example/x', '//evil.example/x'],
    ['http://bank.example/', 'http://bank.example/'],
  ])('refuses %s', (url, reported) => {
    const checked = checkRedirect(url, allowed, 'https://bank.example/');
    expect(checked).toEqual({ ok: false, error: expect.any(InvalidRedirectError) });
    const { error } = checked as { error: InvalidRedirectError };
    expect(error.message).toBe(INVALID_REDIRECT);
    // For the host: the url refused, as far as it can be named without its secrets, and the origins allowed.
    expect(error.data).toEqual({ ...(reported === undefined ? {} : { url: reported }), allowedOrigins: ['https://bank.example', 'https://api.bank.example'] });
  });

  it('refuses urls from the API longer than 8 KiB before parsing them, naming only their start', () => {
    const at = (length: number) => `https://bank.example/?pad=${'a'.repeat(length - 'https://bank.example/?pad='.length)}`;
    expect(MAX_REDIRECT_URL_LENGTH).toBe(8192);
    expect(checkRedirect(at(8192), allowed)).toEqual({ ok: true, url: at(8192), reported: 'https://bank.example/' });
    for (const url of [at(8193), at(500_000)]) {
      const checked = checkRedirect(url, allowed, 'https://bank.example/');
      expect(checked).toMatchObject({ ok: false, error: { message: INVALID_REDIRECT, data: { url: 'https://bank.example/' } } });
    }
    const longPath = checkRedirect(`/${'a'.repeat(9000)}`, allowed, 'https://bank.example/');
    expect((longPath as { error: InvalidRedirectError }).error.data.url).toHaveLength(MAX_REDIRECT_URL_LENGTH + 1);
    // Short as written, past the limit once the browser has percent-encoded it.
    expect(checkRedirect(`https://bank.example/${'é'.repeat(3000)}`, allowed)).toMatchObject({ ok: false });
  });
});

describe('reportableUrl (issue 30: what leaves the widget)', () => {
  it.each([
    ['https://bank.example/logon?ticket=S3CR3T#S3CR3T', 'https://bank.example/logon'],
    ['https://user:S3CR3T@bank.example:8443/a/b?x=1', 'https://bank.example:8443/a/b'],
    ['/__sandbox/logged-on?ticket=S3CR3T', '/__sandbox/logged-on'],
    ['/landing#S3CR3T', '/landing'],
    ['data:text/html,S3CR3T', 'data:'],
    ['javascript:S3CR3T', 'javascript:'],
    ['not a url ticket=S3CR3T', undefined],
    ['S3CR3T', undefined],
    [42, undefined],
    [{ ticket: 'S3CR3T' }, undefined],
  ])('%j → %j', (url, reported) => {
    expect(reportableUrl(url)).toBe(reported);
  });

  it('cuts a path longer than 8 KiB to its start', () => {
    expect(reportableUrl(`/${'a'.repeat(9000)}?ticket=S3CR3T`)).toBe(`/${'a'.repeat(MAX_REDIRECT_URL_LENGTH - 1)}…`);
  });
});
