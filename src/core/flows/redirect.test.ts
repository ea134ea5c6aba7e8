import { describe, expect, it } from 'vitest';
import { checkRedirect, INVALID_REDIRECT, InvalidRedirectError, MAX_REDIRECT_URL_LENGTH } from './redirect';

const allowed = ['https://bank.example', 'https://api.bank.example/'];

describe('checkRedirect', () => {
  it('accepts urls on an allowed origin', () => {
    expect(checkRedirect('https://bank.example/home?x=1', allowed)).toEqual({ ok: true, url: 'https://bank.example/home?x=1' });
    expect(checkRedirect('https://api.bank.example/landing', allowed)).toMatchObject({ ok: true });
  });

  it('resolves paths against the page origin', () => {
    expect(checkRedirect('/__sandbox/logged-on', allowed, 'https://bank.example/access/')).toEqual({ ok: true, url: 'https://bank.example/__sandbox/logged-on' });
  });

  it.each([undefined, '', '   ', 42, 'https://evil.example/', 'javascript:alert(1)', 'https://bank.example.evil.example/', '//evil.example/x', 'http://bank.example/'])(
    'refuses %s',
    (url) => {
      const checked = checkRedirect(url, allowed, 'https://bank.example/');
      expect(checked).toEqual({ ok: false, error: expect.any(InvalidRedirectError) });
      const { error } = checked as { error: InvalidRedirectError };
      expect(error.message).toBe(INVALID_REDIRECT);
      // For the host: the url refused and the origins allowed.
      expect(error.data).toEqual({ url: String(url), allowedOrigins: ['https://bank.example', 'https://api.bank.example'] });
    },
  );

  it('refuses urls from the API longer than 8 KiB before parsing them, naming only their start', () => {
    const at = (length: number) => `https://bank.example/?pad=${'a'.repeat(length - 'https://bank.example/?pad='.length)}`;
    expect(MAX_REDIRECT_URL_LENGTH).toBe(8192);
    expect(checkRedirect(at(8192), allowed)).toEqual({ ok: true, url: at(8192) });
    for (const url of [at(8193), at(500_000), `/${'a'.repeat(9000)}`]) {
      const checked = checkRedirect(url, allowed, 'https://bank.example/');
      expect(checked).toMatchObject({ ok: false, error: { message: INVALID_REDIRECT } });
      expect((checked as { error: InvalidRedirectError }).error.data.url).toHaveLength(MAX_REDIRECT_URL_LENGTH + 1);
    }
    // Short as written, past the limit once the browser has percent-encoded it.
    expect(checkRedirect(`https://bank.example/${'é'.repeat(3000)}`, allowed)).toMatchObject({ ok: false });
  });
});
