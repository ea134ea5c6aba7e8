import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/i18n';
import mobileHelp from './mobileHelp.json';
import mobileLogon from './mobileLogon.json';

type Table = { [key: string]: string | Table };
const flat = (table: Table, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(table).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flat(value, `${prefix}${key}.`)))),
  );

// The shape of a text that must survive translation: placeholders, numbers, list items, bold runs, link targets.
const skeleton = (text: string) => ({
  placeholders: (text.match(/\{\{\w+\}\}/g) ?? []).sort(),
  numbers: text.match(/\d+/g),
  items: text.split('\n').filter((line) => line.startsWith('- ')).length,
  paragraphs: text.split('\n\n').length,
  bold: (text.match(/\*\*[^*]+\*\*/g) ?? []).length,
  links: [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]),
});

const PLURAL_FORM = /\.(zero|one|two|few|many|other)$/;

// Product names that stay as they are in every language.
const BRAND_ONLY = new Set(['iphone', 'android']);

describe.each([
  ['mobileLogon', mobileLogon as Record<string, Table>],
  ['mobileHelp', mobileHelp as Record<string, Table>],
])('%s messages', (_, catalogue) => {
  const english = flat(catalogue.en!);

  it('has every language with the English key set', () => {
    // Country variants (en-US) carry only overrides; every base language has every key.
    expect(Object.keys(catalogue).filter((locale) => !locale.includes('-')).sort()).toEqual([...LANGUAGES].sort());
    // Plural forms ('one', 'few', …) differ by language: a count-dependent message counts once.
    const keys = (table: Table) => [...new Set(Object.keys(flat(table)).map((key) => key.replace(PLURAL_FORM, '')))].sort();
    for (const language of LANGUAGES) expect(keys(catalogue[language]!), language).toEqual(keys(catalogue.en!));
  });

  it('translates every text and keeps its placeholders, numbers and markup', () => {
    for (const language of LANGUAGES.filter((language) => language !== 'en')) {
      const texts = flat(catalogue[language]!);
      for (const [key, text] of Object.entries(english)) {
        if (!BRAND_ONLY.has(key)) expect(texts[key], `${language}.${key}`).not.toBe(text);
        expect(skeleton(texts[key]!), `${language}.${key}`).toEqual(skeleton(text));
      }
    }
  });
});

describe('English texts', () => {
  it('uses the spec headlines', () => {
    expect(mobileLogon.en.logon.title).toBe("Log on with the bank's mobile app");
    expect(mobileLogon.en.link.title).toBe('Link your InsideBusiness account');
  });

  it('states the spec limits in the help resolutions', () => {
    expect(mobileHelp.en['forgot-pin'].resolution).toContain('After 5 wrong PIN entries');
    expect(mobileHelp.en['install-ios'].resolution).toContain('iOS 12 or higher');
    expect(mobileHelp.en['install-android'].resolution).toContain('Android 8 or higher');
  });
});
