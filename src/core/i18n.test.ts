import { describe, expect, it, vi } from 'vitest';
import { fileLocaleLoader } from '../../test/locale-loader';
import { createI18n, loadI18n, mergeMessages, type LocaleLoader, type Messages } from './i18n';

const signal = new AbortController().signal;

describe('loadI18n', () => {
  it('loads en and en-GB for the fallback locale', async () => {
    const load = vi.fn(fileLocaleLoader);
    const i18n = await loadI18n('en-GB', load, signal);
    expect(load.mock.calls.map(([name]) => name)).toEqual(['en', 'en-GB']);
    expect(i18n.locale).toBe('en-GB');
    expect(i18n.t('loggedOff.title')).toBe('You are now logged off');
  });

  it('merges a language with its country variant, falling back per key to the bundled subset', async () => {
    const tables: Record<string, Messages> = {
      de: { home: { title: 'Anmelden mit' }, common: { next: 'Weiter' } },
      'de-AT': { common: { next: 'Weiter (AT)' } },
    };
    const load: LocaleLoader = async (name) => tables[name];
    const i18n = await loadI18n('de-AT', load, signal);
    expect(i18n.locale).toBe('de-AT');
    expect(i18n.t('home.title')).toBe('Anmelden mit');
    expect(i18n.t('common.next')).toBe('Weiter (AT)');
    expect(i18n.t('shell.sessionExpired')).toBe('Your session has expired, you need to log on again.');
  });

  it('falls back to en-GB when a locale cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load: LocaleLoader = (name, s) => (name.startsWith('fr') ? Promise.reject(new Error('404')) : fileLocaleLoader(name, s));
    const i18n = await loadI18n('fr-FR', load, signal);
    expect(i18n.locale).toBe('en-GB');
    expect(i18n.t('loggedOff.seeYou')).toBe('See you soon!');
  });

  it('still renders with the bundled subset when nothing can be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = await loadI18n('nl-NL', () => Promise.reject(new Error('offline')), signal);
    expect(i18n.locale).toBe('en-GB');
    expect(i18n.t('home.title')).toBe('Log on with');
  });

  it('does not load languages it does not know', async () => {
    const load = vi.fn(fileLocaleLoader);
    expect((await loadI18n('xx-YY', load, signal)).locale).toBe('en-GB');
    expect(load.mock.calls.map(([name]) => name)).toEqual(['en', 'en-GB']);
  });
});

describe('createI18n', () => {
  it('interpolates and returns the key when nothing matches', () => {
    const i18n = createI18n('en-GB', { a: { b: 'Mail {{email}}' } });
    expect(i18n.t('a.b', { email: 'x@y' })).toBe('Mail x@y');
    expect(i18n.t('a.missing')).toBe('a.missing');
  });

  it('formats Amsterdam time as MMMM dd, HH:mm:ss', () => {
    const i18n = createI18n('en-GB', {});
    expect(i18n.amsterdamTime(new Date('2026-01-05T23:04:05Z'))).toBe('January 06, 00:04:05');
    expect(i18n.amsterdamTime(new Date('2026-07-05T10:00:00Z'))).toBe('July 05, 12:00:00');
  });
});

describe('mergeMessages', () => {
  it('merges deeply', () => {
    expect(mergeMessages({ a: { b: '1', c: '2' } }, { a: { c: '3' } })).toEqual({ a: { b: '1', c: '3' } });
  });
});
