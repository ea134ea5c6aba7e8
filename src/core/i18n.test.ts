import { describe, expect, it, vi } from 'vitest';
import { createI18n, loadI18n, mergeMessages, type LocaleLoader, type Messages } from './i18n';

const signal = new AbortController().signal;

describe('loadI18n', () => {
  it('uses the bundled en-GB without loading anything', async () => {
    const load = vi.fn<LocaleLoader>();
    const i18n = await loadI18n('en-GB', load, signal);
    expect(load).not.toHaveBeenCalled();
    expect(i18n.locale).toBe('en-GB');
    expect(i18n.t('home.title')).toBe('Log on with');
  });

  it('merges a language with its country variant and falls back per key', async () => {
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
    const i18n = await loadI18n('fr-FR', () => Promise.reject(new Error('404')), signal);
    expect(i18n.locale).toBe('en-GB');
  });

  it('does not load languages it does not know', async () => {
    const load = vi.fn<LocaleLoader>();
    expect((await loadI18n('xx-YY', load, signal)).locale).toBe('en-GB');
    expect(load).not.toHaveBeenCalled();
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
