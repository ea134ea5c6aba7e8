import { describe, expect, it } from 'vitest';
import { formatConfirmationCode, formatLogonCode, formatSerial, SERIAL_PREFILL } from './formatters';
import { parseDigits } from './parsers';

// Every prefix of a code, as the user types it digit by digit.
const prefixes = (digits: string) => Array.from(digits, (_, i) => digits.slice(0, i + 1));

describe('formatLogonCode', () => {
  it("shows a 7-digit code as '0 000 000'", () => {
    expect(formatLogonCode('1234567')).toBe('1 234 567');
  });

  it('groups other response lengths in threes from the right', () => {
    expect(formatLogonCode('123456', 6)).toBe('123 456');
    expect(formatLogonCode('12345678', 8)).toBe('12 345 678');
    expect(formatLogonCode('12345678901234567890', 20)).toBe('12 345 678 901 234 567 890');
  });

  it('keeps the final grouping while the user types', () => {
    expect(prefixes('1234567').map((value) => formatLogonCode(value))).toEqual([
      '1', '1 2', '1 23', '1 234', '1 234 5', '1 234 56', '1 234 567',
    ]);
  });
});

describe('formatConfirmationCode', () => {
  it('shows 15 digits in groups of three', () => {
    expect(formatConfirmationCode('123456789012345')).toBe('123 456 789 012 345');
  });

  it('groups partial and 9-digit finish codes the same way', () => {
    expect(formatConfirmationCode('1234')).toBe('123 4');
    expect(formatConfirmationCode('123456789')).toBe('123 456 789');
  });
});

describe('formatSerial', () => {
  it("shows a serial as '38-1234567-8'", () => {
    expect(formatSerial('3812345678')).toBe('38-1234567-8');
    expect(formatSerial('3812345678')).toHaveLength(12);
  });

  it('formats partial input stably from the pre-filled prefix on', () => {
    expect(formatSerial('38123')).toBe('38-123');
    expect(parseDigits(SERIAL_PREFILL)).toBe('38');
    const typed = prefixes('3812345678').slice(2).map(formatSerial);
    expect(typed).toEqual([
      '38-1', '38-12', '38-123', '38-1234', '38-12345', '38-123456', '38-1234567', '38-1234567-8',
    ]);
    // Each keystroke only appends to what the field showed before.
    typed.slice(1).forEach((view, i) => expect(view.startsWith(typed[i]!)).toBe(true));
  });

  it('keeps surplus or foreign characters for the validator to reject', () => {
    expect(formatSerial('38123456789')).toBe('38-1234567-89');
    expect(formatSerial('38-12a')).toBe('38-12a');
  });
});

describe('formatter and parser round trip', () => {
  const cases: [string, (value: string) => string, string][] = [
    ['logon code', formatLogonCode, '1234567'],
    ['confirmation code', formatConfirmationCode, '123456789012345'],
    ['finish code', formatConfirmationCode, '1234567890'],
    ['serial', formatSerial, '3812345678'],
  ];

  it.each(cases)('%s: parse(format(model)) is the model for every prefix', (_, format, model) => {
    for (const value of prefixes(model)) expect(parseDigits(format(value))).toBe(value);
  });

  it.each(cases)('%s: formatting is idempotent on the view', (_, format, model) => {
    for (const value of prefixes(model)) expect(format(format(value))).toBe(format(value));
  });
});
