import { describe, expect, it } from 'vitest';
import { parseDigits } from './parsers';

describe('parseDigits', () => {
  it('strips spaces, tabs and hyphens', () => {
    expect(parseDigits('1 234 567')).toBe('1234567');
    expect(parseDigits('38-1234567-8')).toBe('3812345678');
    expect(parseDigits(' 123\t456\u00a0789 ')).toBe('123456789');
  });

  it('keeps every other character so validation can reject it', () => {
    expect(parseDigits('12a 4')).toBe('12a4');
    expect(parseDigits('١٢٣')).toBe('١٢٣');
    expect(parseDigits('')).toBe('');
  });
});
