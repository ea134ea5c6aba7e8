import { describe, expect, it } from 'vitest';
import { damm, dammCheckDigit, luhn, luhnCheckDigit, serialCheck, serialCheckDigit } from './check-digits';

describe('damm', () => {
  it('accepts the published vectors', () => {
    // Wikipedia "Damm algorithm" and Rosetta Code.
    expect(dammCheckDigit('572')).toBe(4);
    expect(damm('5724')).toBe(true);
    expect(damm('112946')).toBe(true);
    expect(dammCheckDigit('11294')).toBe(6);
  });

  it('matches reference check digits for payloads that start with and contain every digit', () => {
    expect(dammCheckDigit('0123456789')).toBe(4);
    expect(dammCheckDigit('9876543210')).toBe(3);
    expect(dammCheckDigit('987654321')).toBe(5);
    expect(dammCheckDigit('801234567')).toBe(2);
  });

  it('rejects a single-digit error and an adjacent transposition', () => {
    expect(damm('5727')).toBe(false);
    expect(damm('112949')).toBe(false);
    expect(damm('7524')).toBe(false);
  });

  it('validates every code it completes', () => {
    for (const payload of ['000000000', '123456789', '987654321', '000000001']) {
      expect(damm(payload + dammCheckDigit(payload))).toBe(true);
    }
  });

  it('rejects empty, non-ASCII-digit and separated input', () => {
    expect(damm('')).toBe(false);
    expect(damm('572 4')).toBe(false);
    expect(damm('٥٧٢٤')).toBe(false);
    expect(damm('５７２４')).toBe(false);
    expect(() => dammCheckDigit('57a')).toThrow(RangeError);
  });
});

describe('serialCheck', () => {
  it('weights 3,1,3,1… from the left', () => {
    // 3·3 + 8 + 1·3 + 2 + 3·3 + 4 + 5·3 + 6 + 7·3 = 77, so the weight-1 check digit is 3.
    expect(serialCheckDigit('381234567')).toBe(3);
    expect(serialCheck('3812345673')).toBe(true);
    expect(serialCheck('3812345674')).toBe(false);
  });

  it('accepts the sandbox active scanner 38-0000001-0', () => {
    expect(serialCheck('3800000010')).toBe(true);
    expect(serialCheckDigit('380000001')).toBe(0);
  });

  it('solves a check digit that lands on a weight-3 position', () => {
    expect(serialCheckDigit('38')).toBe(1);
    expect(serialCheck('381')).toBe(true);
  });

  it('catches a changed digit at either weight', () => {
    expect(serialCheck('3812345683')).toBe(false);
    expect(serialCheck('3812345773')).toBe(false);
  });

  it('rejects anything but ASCII digits', () => {
    expect(serialCheck('')).toBe(false);
    expect(serialCheck('38-1234567-3')).toBe(false);
    expect(serialCheck('٣٨١٢٣٤٥٦٧٣')).toBe(false);
    expect(() => serialCheckDigit('38 1')).toThrow(RangeError);
  });
});

describe('luhn', () => {
  it('accepts the published vectors', () => {
    // Wikipedia "Luhn algorithm", Rosetta Code, and the Visa test card number.
    expect(luhn('79927398713')).toBe(true);
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhn('49927398716')).toBe(true);
    expect(luhn('1234567812345670')).toBe(true);
    expect(luhn('4111111111111111')).toBe(true);
  });

  it('rejects the published failing vectors', () => {
    expect(luhn('49927398717')).toBe(false);
    expect(luhn('1234567812345678')).toBe(false);
    expect(luhn('79927398710')).toBe(false);
  });

  it('validates every code it completes, including 7-digit response codes', () => {
    for (const payload of ['000000', '123456', '999999', '1234567890123']) {
      expect(luhn(payload + luhnCheckDigit(payload))).toBe(true);
    }
  });

  it('rejects anything but ASCII digits', () => {
    expect(luhn('')).toBe(false);
    expect(luhn('7992 7398 713')).toBe(false);
    expect(luhn('٧٩٩٢٧٣٩٨٧١٣')).toBe(false);
    expect(() => luhnCheckDigit('x')).toThrow(RangeError);
  });
});
