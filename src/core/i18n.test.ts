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

  it.each(['en-GB', 'en-US', 'en-AU'])('formats Amsterdam time in %s exactly as MMMM dd, HH:mm:ss', (locale) => {
    const i18n = createI18n(locale, {});
    expect(i18n.amsterdamTime(new Date('2026-01-05T23:04:05Z'))).toBe('January 06, 00:04:05');
    expect(i18n.amsterdamTime(new Date('2026-07-05T10:00:00Z'))).toBe('July 05, 12:00:00');
    expect(i18n.amsterdamTime(new Date('2025-11-23T19:13:29Z'))).toBe('November 23, 20:13:29');
  });

  // Long month, day and a 24-hour clock with seconds, in each language's own order and grammar.
  it.each([
    ['bg', '23 ноември, 20:13:29', '5 юли, 12:00:00'],
    ['cs', '23. listopadu, 20:13:29', '5. července, 12:00:00'],
    ['de', '23. November, 20:13:29', '5. Juli, 12:00:00'],
    ['de-AT', '23. November, 20:13:29', '5. Juli, 12:00:00'],
    ['es', '23 de noviembre, 20:13:29', '5 de julio, 12:00:00'],
    ['fr', '23 novembre, 20:13:29', '5 juillet, 12:00:00'],
    ['hu', 'november 23. 20:13:29', 'július 5. 12:00:00'],
    ['it', '23 novembre, 20:13:29', '5 luglio, 12:00:00'],
    ['nl', '23 november, 20:13:29', '5 juli, 12:00:00'],
    ['pl', '23 listopada, 20:13:29', '5 lipca, 12:00:00'],
    ['ro', '23 noiembrie, 20:13:29', '5 iulie, 12:00:00'],
    ['ru', '23 ноября, 20:13:29', '5 июля, 12:00:00'],
    ['sk', '23. novembra, 20:13:29', '5. júla, 12:00:00'],
    ['uk', '23 листопада, 20:13:29', '5 липня, 12:00:00'],
    ['zh', '11月23日 20:13:29', '7月5日 12:00:00'],
  ])('formats Amsterdam time in %s as %s', (locale, winter, summer) => {
    const i18n = createI18n(locale, {});
    expect(i18n.amsterdamTime(new Date('2025-11-23T19:13:29Z'))).toBe(winter);
    expect(i18n.amsterdamTime(new Date('2026-07-05T10:00:00Z'))).toBe(summer);
  });

  it('crosses midnight in Amsterdam, not in UTC', () => {
    expect(createI18n('de', {}).amsterdamTime(new Date('2026-01-05T23:04:05Z'))).toBe('6. Januar, 00:04:05');
  });
});

describe('mergeMessages', () => {
  it('merges deeply', () => {
    expect(mergeMessages({ a: { b: '1', c: '2' } }, { a: { c: '3' } })).toEqual({ a: { b: '1', c: '3' } });
  });
});
