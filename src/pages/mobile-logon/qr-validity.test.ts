import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createI18n, type Messages } from '../../core/i18n';
import { qrValidity } from './mobile-logon';

const LANGUAGES = ['bg', 'cs', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'ru', 'sk', 'uk', 'zh'];
const table = (language: string) => JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Messages;
const t = (locale: string) => createI18n(locale, table(locale.split('-')[0]!), table('en')).t;

describe('qrValidity', () => {
  it.each([
    [120_000, 'en-GB', '2 minutes'],
    [60_000, 'en-GB', '1 minute'],
    [120_000, 'pl', '2 minuty'],
    [300_000, 'pl', '5 minut'],
    [3 * 3_600_000, 'de', '3 Stunden'],
    [2 ** 31 - 1, 'en-GB', '25 days'],
  ])('words %i ms in %s as %s, the plural form by the language', (ms, locale, words) => {
    expect(qrValidity(ms, t(locale))).toBe(words);
  });

  // The tables hold CLDR's long unit names: every count a QR timeout can give reads as
  // Intl.NumberFormat's unit formatting says it, in every language (French with the project's
  // narrow no-break space where Intl has a plain or a no-break one).
  it.each(LANGUAGES)('says in %s what Intl.NumberFormat says', (language) => {
    const locale = language === 'en' ? 'en-GB' : language;
    const words = t(locale);
    const units = [
      ['minute', 1, 119, 60_000],
      ['hour', 2, 47, 3_600_000],
      ['day', 2, 25, 86_400_000],
    ] as const;
    for (const [unit, from, to, ms] of units) {
      const format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
      const spaced = (text: string) => (language === 'fr' ? text.replace(/[ \u00a0]/, '\u202f') : text);
      for (let count = from; count <= to; count++) expect(qrValidity(count * ms, words)).toBe(spaced(format.format(count)));
    }
  });
});
