import { describe, expect, it } from 'vitest';
import { qrValidity } from './mobile-logon';

describe('qrValidity', () => {
  it.each([
    [120_000, 'en-GB', '2 minutes'],
    [60_000, 'en-GB', '1 minute'],
    [120_000, 'pl', '2 minuty'],
    [300_000, 'pl', '5 minut'],
    [3 * 3_600_000, 'de', '3 Stunden'],
    [2 ** 31 - 1, 'en-GB', '25 days'],
  ])('words %i ms in %s as %s, the plural form by Intl', (ms, locale, words) => {
    expect(qrValidity(ms, locale)).toBe(words);
  });
});
