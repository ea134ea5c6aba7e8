import { describe, expect, it, vi } from 'vitest';
import {
  bundledEnglish,
  checkOverrides,
  createI18n,
  fetchLocaleLoader,
  LocaleLoadError,
  loadLocaleTable,
  mergeMessages,
  packagedLocaleLoader,
  type LocaleLoader,
  type Messages,
} from './i18n';
import { LOCALE_FILES } from './locale-files';

const signal = new AbortController().signal;
const names = (load: { mock: { calls: unknown[][] } }) => load.mock.calls.map(([name]) => name);

describe('loadLocaleTable', () => {
  it('loads the package\'s own English table for en-GB, without the empty en-GB variant', async () => {
    const load = vi.fn(packagedLocaleLoader);
    const { locale, table } = await loadLocaleTable('en-GB', load, signal);
    expect(names(load)).toEqual(['en']);
    expect(locale).toBe('en-GB');
    expect(createI18n(locale, table).t('loggedOff.title')).toBe('You are now logged off');
  });

  it('merges a language with a country variant that has content', async () => {
    const load = vi.fn(packagedLocaleLoader);
    const { table } = await loadLocaleTable('en-US', load, signal);
    expect(names(load)).toEqual(['en', 'en-US']);
    expect(createI18n('en-US', table).t('home.scannerHint')).toMatch(/color code/);
  });

  it('asks for a variant only when the build has one with content', () => {
    expect(Object.keys(LOCALE_FILES)).toContain('de');
    expect(Object.keys(LOCALE_FILES)).not.toContain('de-DE');
  });

  it('falls back to the complete English table and reports the table it could not load', async () => {
    const onFallback = vi.fn();
    const load: LocaleLoader = (name, s) => (name === 'fr' ? Promise.reject(new Error('503')) : packagedLocaleLoader(name, s));
    const { locale, table } = await loadLocaleTable('fr-FR', load, signal, onFallback);
    expect(locale).toBe('en-GB');
    expect(createI18n(locale, table).t('scannerLogon.title')).toBe('Log on with your scanner');
    expect(onFallback).toHaveBeenCalledWith(expect.any(LocaleLoadError));
    expect(onFallback.mock.calls[0]![0]).toMatchObject({ locale: 'fr', url: 'amwa/locales/fr.json' });
  });

  it('counts a table that does not answer within the time-out as failed', async () => {
    const onFallback = vi.fn();
    const load: LocaleLoader = (name, s) => (name === 'nl' ? new Promise(() => {}) : packagedLocaleLoader(name, s));
    const { locale } = await loadLocaleTable('nl-NL', load, signal, onFallback, 20);
    expect(locale).toBe('en-GB');
    expect(onFallback.mock.calls[0]![0].cause.message).toBe('no answer in 20 ms');
  });

  it('rejects only when English cannot be loaded either', async () => {
    await expect(loadLocaleTable('de-DE', () => Promise.reject(new Error('offline')), signal)).rejects.toThrow(LocaleLoadError);
  });

  it('does not load languages it does not know', async () => {
    const load = vi.fn(packagedLocaleLoader);
    expect((await loadLocaleTable('xx-YY', load, signal)).locale).toBe('en-GB');
    expect(names(load)).toEqual(['en']);
  });
});

describe('fetchLocaleLoader', () => {
  it('names the URL it tried when the table cannot be fetched', async () => {
    const load = fetchLocaleLoader('https://cdn.example/amwa/locales', async () => new Response('nope', { status: 404 }));
    await expect(load('de', signal)).rejects.toMatchObject({ name: 'LocaleLoadError', url: 'https://cdn.example/amwa/locales/de.json' });
  });

  it('refuses an answer that is not a message table', async () => {
    const load = fetchLocaleLoader('/locales/', async () => Response.json(['not', 'a', 'table']));
    await expect(load('de', signal)).rejects.toThrow('could not be loaded from /locales/de.json');
  });
});

describe('checkOverrides', () => {
  const table: Messages = { home: { title: 'Log on with' }, common: { mail: 'Mail {{email}} now' } };

  it('accepts a known key with the same placeholders', () => {
    expect(checkOverrides(table, { 'home.title': 'Sign in with', 'common.mail': 'Write to {{ email }}' })).toEqual({
      accepted: { home: { title: 'Sign in with' }, common: { mail: 'Write to {{ email }}' } },
      rejected: [],
    });
  });

  it('rejects unknown keys, placeholder mismatches and non-text values', () => {
    const { accepted, rejected } = checkOverrides(table, { 'home.titel': 'x', 'common.mail': 'Write to us', home: 'x', 'home.title.deep': 'x', '__proto__.x': 'y' });
    expect(accepted).toEqual({});
    expect(rejected).toEqual([
      { key: 'home.titel', reason: 'unknown-key' },
      { key: 'common.mail', reason: 'placeholders' },
      { key: 'home', reason: 'unknown-key' },
      { key: 'home.title.deep', reason: 'unknown-key' },
      { key: '__proto__.x', reason: 'unknown-key' },
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('bundledEnglish', () => {
  it('holds the first screen in the spelling of the locale', () => {
    expect(createI18n('en-GB', bundledEnglish('en-GB')).t('home.scannerHint')).toMatch(/colour/);
    expect(createI18n('en-US', bundledEnglish('en-US')).t('home.scannerHint')).toMatch(/color code/);
  });
});

describe('createI18n', () => {
  it('interpolates and returns the key when nothing matches', () => {
    const i18n = createI18n('en-GB', { a: { b: 'Mail {{email}}' } });
    expect(i18n.t('a.b', { email: 'x@y' })).toBe('Mail x@y');
    expect(i18n.t('a.missing')).toBe('a.missing');
  });

  it('creates its time formatters on the first timestamp, not for the first screen', () => {
    const Real = Intl.DateTimeFormat;
    const DateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      return new Real(...args);
    } as typeof Intl.DateTimeFormat);
    const i18n = createI18n('de-DE', {});
    expect(DateTimeFormat).not.toHaveBeenCalled();
    i18n.amsterdamTime(new Date('2025-11-23T19:13:29Z'));
    const created = DateTimeFormat.mock.calls.length;
    expect(created).toBeGreaterThan(0);
    i18n.amsterdamTime(new Date('2026-07-05T10:00:00Z'));
    expect(DateTimeFormat).toHaveBeenCalledTimes(created);
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
