import { describe, expect, it } from 'vitest';
import { constraintValidators, runValidators, type Validator } from './validators-runner';

const MSG = 'Please enter a valid user ID of at least 8 characters';
const check = (value: string, constraints: Parameters<typeof constraintValidators>[0], extra: Validator[] = []) =>
  runValidators(value, [...constraintValidators(constraints, MSG), ...extra]);

describe('runValidators', () => {
  it('checks length bounds', () => {
    expect(check('ANNA000', { minLength: 8, maxLength: 16 })).toEqual({ valid: false, name: 'minLength', message: MSG });
    expect(check('ANNA0001', { minLength: 8, maxLength: 16 })).toEqual({ valid: true });
    expect(check('A'.repeat(17), { minLength: 8, maxLength: 16 })).toMatchObject({ valid: false, name: 'maxLength' });
  });

  it('checks numeric bounds, accepting a decimal comma', () => {
    expect(check('4,5', { min: 5 })).toMatchObject({ valid: false, name: 'min' });
    expect(check('5,5', { min: 5, max: 6 })).toEqual({ valid: true });
    expect(check('7', { max: 6 })).toMatchObject({ valid: false, name: 'max' });
    expect(check('abc', { min: 0 })).toMatchObject({ valid: false, name: 'min' });
  });

  it('matches string patterns against the whole value', () => {
    expect(check('12345', { pattern: '\\d{4}' })).toMatchObject({ valid: false, name: 'pattern' });
    expect(check('1234', { pattern: '\\d{4}' })).toEqual({ valid: true });
    expect(check('a b', { pattern: /^\S+$/ })).toMatchObject({ valid: false, name: 'pattern' });
  });

  it('does not let a global regex carry state between runs', () => {
    const validators = constraintValidators({ pattern: /\d/g }, MSG);
    expect(runValidators('1', validators)).toEqual({ valid: true });
    expect(runValidators('1', validators)).toEqual({ valid: true });
  });

  it('judges an empty value by required only', () => {
    expect(check('', { minLength: 8, pattern: '\\d+' })).toEqual({ valid: true });
    expect(check('', { required: true, minLength: 8 })).toMatchObject({ valid: false, name: 'required' });
  });

  it('runs custom validators after the constraints, with their own message', () => {
    const damm: Validator = { name: 'checkDigit', validate: (v) => v.endsWith('0'), message: 'The registration code is not valid.' };
    expect(check('1234567891', { minLength: 10, maxLength: 10 }, [damm])).toEqual({
      valid: false,
      name: 'checkDigit',
      message: 'The registration code is not valid.',
    });
    expect(check('123', { minLength: 10 }, [damm])).toMatchObject({ name: 'minLength' });
    expect(check('1234567890', { minLength: 10 }, [damm])).toEqual({ valid: true });
  });
});
