import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../core/i18n';
import activation from './activation.json';
import activationHelp from './activationHelp.json';

type Table = { [key: string]: string | Table };
const flat = (table: Table, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(table).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flat(value, `${prefix}${key}.`)))),
  );

// What must survive translation: placeholders, numbers, paragraphs and bold runs.
const skeleton = (text: string) => ({
  placeholders: (text.match(/\{\{\w+\}\}/g) ?? []).sort(),
  numbers: (text.match(/\d+/g) ?? []).sort(),
  paragraphs: text.split('\n\n').length,
  bold: (text.match(/\*\*[^*]+\*\*/g) ?? []).length,
});

describe.each([
  ['activation', activation as Record<string, Table>],
  ['activationHelp', activationHelp as Record<string, Table>],
])('%s messages', (_, catalogue) => {
  const english = flat(catalogue.en!);

  it('has every language with the English key set', () => {
    // Country variants (en-US) carry only overrides; every base language has every key.
    expect(Object.keys(catalogue).filter((locale) => !locale.includes('-')).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(Object.keys(flat(catalogue[language]!)).sort(), language).toEqual(Object.keys(english).sort());
  });

  it('translates every text and keeps its placeholders, numbers and markup', () => {
    for (const language of LANGUAGES.filter((language) => language !== 'en')) {
      const texts = flat(catalogue[language]!);
      for (const [key, text] of Object.entries(english)) {
        expect(texts[key], `${language}.${key}`).not.toBe(text);
        expect(skeleton(texts[key]!), `${language}.${key}`).toEqual(skeleton(text));
      }
    }
  });
});

describe('English texts', () => {
  it('uses the words of spec section 2', () => {
    const en = activation.en;
    expect(en.overview).toMatchObject({ title: 'Activate your scanner', subtitle: 'In 6 steps', start: 'Start activation' });
    expect(Object.values(en.steps)).toEqual([
      'Enter your user ID and email',
      'Confirm your email',
      'Connect your scanner',
      'Choose a PIN',
      'Finish setting up your scanner',
      'Complete activation and log on',
    ]);
    expect(en.credentials).toMatchObject({ title: 'Enter your user ID and email', userId: 'User ID', email: 'Email' });
    expect(en.registrationCode).toMatchObject({ title: 'Confirm your email', label: 'Registration code' });
    expect([en.serialNumber.title, en.pin.title, en.pinSet.title, en.finish.title]).toEqual([
      'Connect your scanner',
      'Choose a PIN',
      'Your PIN code is set!',
      'Finish setting up your scanner',
    ]);
    expect(en.done).toMatchObject({ title: "And you're done", logOn: 'Log on with your scanner' });
    expect(en.missing.title).toBe('You do not have a scanner');
    expect(en.effective.title).toBe('You already have an active scanner');
    expect([en.doneYesNext.done, en.doneYesNext.yes, en.doneYesNext.next]).toEqual(['Done', 'Yes', 'Next']);
    expect(en.doneYesNext.minDigits).toBe('At least 5 digits');
  });
});
