import { describe, expect, it } from 'vitest';
import { checkRedirect, INVALID_REDIRECT, InvalidRedirectError } from './redirect';

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
});
