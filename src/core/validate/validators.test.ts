import { describe, expect, it } from 'vitest';
import catalogue from '../../messages/validation.json';
import { dammCheckDigit, luhnCheckDigit } from './check-digits';
import {
  activationUserId,
  email,
  finishCode,
  logonCode,
  max,
  maxLength,
  min,
  minLength,
  pattern,
  pinCode,
  registrationCodeCheck,
  registrationCodeFormat,
  required,
  runValidators,
  scannerUserId,
  serialNumber,
  type Validator,
} from './validators';

const passes = (validator: Validator, values: string[]) => values.filter((value) => !validator.validate(value));
const fails = (validator: Validator, values: string[]) => values.filter((value) => validator.validate(value));

describe('spec field rules (spec section 5)', () => {
  it('scanner logon user ID: 8 to 16 characters without whitespace', () => {
    const v = scannerUserId();
    expect(passes(v, ['ANNA0001', 'a'.repeat(16), 'user.name-01', 'ÄÖÜß1234'])).toEqual([]);
    expect(fails(v, ['', 'ANNA001', 'a'.repeat(17), 'ANNA 0001', ' ANNA0001', 'ANNA0001\t', 'ANNA\u00a00001'])).toEqual([]);
    expect(v.message).toBe('validation.scannerUserId');
  });

  it('activation user ID: 1 to 16 non-whitespace characters', () => {
    const v = activationUserId();
    expect(passes(v, ['A', 'ANNA0001', 'x'.repeat(16)])).toEqual([]);
    expect(fails(v, ['', ' ', 'x'.repeat(17), 'AN NA', 'ANNA\n'])).toEqual([]);
    expect(v.message).toBe('validation.activationUserId');
  });

  it('activation e-mail: an ordinary address of at most 100 characters', () => {
    const v = email();
    const local = 'a'.repeat(100 - '@example.com'.length);
    expect(passes(v, ['anna.devries@example.com', 'a+tag@mail.example.co.uk', 'O_Brien@bank-1.nl', `${local}@example.com`])).toEqual([]);
    expect(
      fails(v, ['', 'anna', 'anna@', '@example.com', 'anna@example', 'anna@example.c', 'an na@example.com', 'anna@@example.com',
        '.anna@example.com', 'anna.@example.com', 'an..na@example.com', 'anna@-example.com', 'anna@example..com',
        ' anna@example.com', `${local}x@example.com`]),
    ).toEqual([]);
    expect(v.message).toBe('validation.email');
  });

  it('registration code: the format and the Damm check are separate rules with separate messages', () => {
    const format = registrationCodeFormat();
    const check = registrationCodeCheck();
    const valid = '123456789' + dammCheckDigit('123456789');
    const wrongCheck = '123456789' + ((dammCheckDigit('123456789') + 1) % 10);
    expect(passes(format, [valid, wrongCheck, '0000000000'])).toEqual([]);
    expect(fails(format, ['', '123456789', '12345678901', '12345 67890', '١٢٣٤٥٦٧٨٩٠', '１２３４５６７８９０', '12345678a0'])).toEqual([]);
    expect(check.validate(valid)).toBe(true);
    expect(check.validate(wrongCheck)).toBe(false);
    expect(format.message).toBe('validation.registrationCodeFormat');
    expect(check.message).toBe('validation.registrationCodeInvalid');
  });

  it('serial number: 38 plus 8 digits passing the weighted check digit', () => {
    const v = serialNumber();
    expect(passes(v, ['3812345673', '3800000010'])).toEqual([]);
    expect(fails(v, ['', '3812345674', '3912345678', '381234567', '38123456730', '38-1234567-3', '٣٨١٢٣٤٥٦٧٣'])).toEqual([]);
    expect(v.message).toBe('validation.serialNumber');
  });

  it('serial number: a known test serial passes without its check digit', () => {
    const known = new Set(['3899999999']);
    const v = serialNumber(known);
    expect(v.validate('3899999999')).toBe(true);
    expect(v.param).toBe(known);
    expect(serialNumber().validate('3899999999')).toBe(false);
    // Known serials still need the serial shape.
    expect(serialNumber(new Set(['12345'])).validate('12345')).toBe(false);
  });

  it('PIN confirmation code: exactly 15 digits', () => {
    const v = pinCode();
    expect(passes(v, ['123456789012345', '000000000000000'])).toEqual([]);
    expect(fails(v, ['', '12345678901234', '1234567890123456', '12345678901234a', '１２３４５６７８９０１２３４５'])).toEqual([]);
    expect(v.message).toBe('validation.pinCode');
  });

  it('finish code: 9 to 15 digits', () => {
    const v = finishCode();
    expect(passes(v, ['123456789', '1234567890', '123456789012345'])).toEqual([]);
    expect(fails(v, ['', '12345678', '1234567890123456', '12345678٩'])).toEqual([]);
    expect(v.message).toBe('validation.finishCode');
  });

  it('logon code: exactly 7 digits passing Luhn by default', () => {
    const v = logonCode();
    const valid = '123456' + luhnCheckDigit('123456');
    const wrongCheck = '123456' + ((luhnCheckDigit('123456') + 1) % 10);
    expect(v.validate(valid)).toBe(true);
    expect(fails(v, ['', wrongCheck, valid + '0', valid.slice(1), '١٢٣٤٥٦٧'])).toEqual([]);
    expect(v.param).toEqual({ length: 7, checkDigit: true });
    expect(v.message).toBe('validation.logonCode');
  });

  it('logon code: follows responseLength and responseCheckDigit', () => {
    const eight = logonCode({ length: 8 });
    expect(eight.validate('1234567' + luhnCheckDigit('1234567'))).toBe(true);
    expect(eight.validate('123456' + luhnCheckDigit('123456'))).toBe(false);
    const unchecked = logonCode({ length: 7, checkDigit: false });
    expect(unchecked.validate('1234560')).toBe(true);
    expect(unchecked.validate('123456')).toBe(false);
  });
});

describe('generic rules', () => {
  it('required rejects empty and blank values', () => {
    expect(passes(required(), ['a', ' a '])).toEqual([]);
    expect(fails(required(), ['', '   ', '\n'])).toEqual([]);
  });

  it('minLength and maxLength judge entered values only, like native constraint validation', () => {
    expect(passes(minLength(3), ['', 'abc', 'abcd'])).toEqual([]);
    expect(fails(minLength(3), ['a', 'ab'])).toEqual([]);
    expect(passes(maxLength(3), ['', 'abc'])).toEqual([]);
    expect(fails(maxLength(3), ['abcd'])).toEqual([]);
    expect(minLength(3).param).toBe(3);
  });

  it('pattern is stateless even for a global regex', () => {
    const v = pattern(/^[A-Z]+$/g);
    expect([v.validate('ABC'), v.validate('ABC'), v.validate('abc'), v.validate('')]).toEqual([true, true, false, true]);
  });

  it('min and max read decimal comma and point, and reject what is not a number', () => {
    expect(passes(min(5), ['', '5', '5,5', '1e3'])).toEqual([]);
    expect(fails(min(5), ['4.9', '-', 'abc'])).toEqual([]);
    expect(passes(max(5), ['', '-10', '4,99'])).toEqual([]);
    expect(fails(max(5), ['5.01', 'abc'])).toEqual([]);
  });
});

describe('runValidators', () => {
  it('reports the first failing validator', () => {
    const rules = [registrationCodeFormat(), registrationCodeCheck()];
    expect(runValidators('12345', rules)).toEqual({ valid: false, failed: rules[0] });
    const wrongCheck = '123456789' + ((dammCheckDigit('123456789') + 1) % 10);
    expect(runValidators(wrongCheck, rules)).toEqual({ valid: false, failed: rules[1] });
    expect(runValidators('123456789' + dammCheckDigit('123456789'), rules)).toEqual({ valid: true });
  });

  it('passes with no validators', () => {
    expect(runValidators('anything', [])).toEqual({ valid: true });
  });
});

describe('messages', () => {
  it('every validator names a key of the validation catalogue', () => {
    const all = [
      required(), minLength(1), maxLength(1), pattern(/x/), min(1), max(1), scannerUserId(), activationUserId(), email(),
      registrationCodeFormat(), registrationCodeCheck(), serialNumber(), pinCode(), finishCode(), logonCode(),
    ];
    for (const validator of all) {
      const [namespace, key] = validator.message.split('.');
      expect(namespace).toBe('validation');
      expect(catalogue.en).toHaveProperty(key!);
    }
  });
});
