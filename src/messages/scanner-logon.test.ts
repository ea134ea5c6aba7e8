import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/i18n';
import { LOGON_ONLY_HELP_TOPICS } from '../pages/scanner-logon/scanner-help';
import inactivity from './inactivity.json';
import scannerHelp from './scannerHelp.json';
import scannerLogon from './scannerLogon.json';
import technicalError from './technicalError.json';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Record<string, Tree>> = { scannerLogon, scannerHelp, technicalError, inactivity };

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`)));
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}|\]\(mailto:\{\{email\}\}\)/g) ?? []).sort();

describe.each(Object.entries(catalogues))('the %s messages', (_, catalogue) => {
  it('have all 15 languages with the English keys', () => {
    // Country variants (en-US) carry only overrides; every base language has every key.
    expect(Object.keys(catalogue).filter((locale) => !locale.includes('-')).sort()).toEqual([...LANGUAGES].sort());
    // Plural forms ('one', 'few', …) differ by language: a count-dependent message counts once.
    const keys = (tree: Tree) => [...new Set(leaves(tree).map(([key]) => key.replace(/\.(zero|one|two|few|many|other)$/, '')))];
    for (const language of LANGUAGES) expect(keys(catalogue[language]!), language).toEqual(keys(catalogue.en!));
  });

  it('are translated, keeping placeholders, links and bold markup', () => {
    const english = new Map(leaves(catalogue.en!));
    for (const language of LANGUAGES.filter((language) => language !== 'en')) {
      for (const [key, text] of leaves(catalogue[language]!)) {
        const source = english.get(key) ?? english.get(key.replace(/\.(zero|one|two|few|many)$/, '.other'))!;
        expect(text, `${language} ${key}`).not.toBe('');
        if (source.length > 12) expect(text, `${language} ${key} is English`).not.toBe(source);
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(source));
        expect(text.split('**').length, `${language} ${key}`).toBe(source.split('**').length);
      }
    }
  });
});

describe('the PIN limit (spec section 9)', () => {
  it.each([...LANGUAGES])('%s scanner help says the scanner locks after 5 wrong PIN entries, as the mobile help does', (language) => {
    const forgotPin = (scannerHelp as Record<string, Tree>)[language]!['forgot-pin'] as Tree;
    expect(forgotPin.resolution).toMatch(/(?<!\d)5(?!\d)/);
  });
});

describe('spec texts', () => {
  it('use the exact English of spec sections 2 and 4', () => {
    expect(scannerLogon.en.title).toBe('Log on with your scanner');
    expect(scannerLogon.en.userId).toBe('User ID');
    expect(scannerLogon.en.rememberMe).toBe('Remember me');
    expect(inactivity.en.title).toBe('Would you like to continue?');
    expect(technicalError.en.text.replace('[{{email}}](mailto:{{email}})', '{email}')).toBe(
      'A technical error occurred. Please try again. If the issue persists, send your user ID and a screenshot of the whole page to your service team via {email} for support.',
    );
  });

  it('cover every scanner logon help topic of spec section 2', () => {
    expect(Object.keys(scannerHelp.en).filter((key) => key !== 'backToList')).toEqual([...LOGON_ONLY_HELP_TOPICS]);
    expect(scannerHelp.en['not-intended'].situation).toContain('Colour code not intended for this scanner');
  });
});
