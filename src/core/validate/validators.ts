// Field rules as small named objects (Lion style). Validators see the model value, i.e. the
// view value after its parser (parsers.ts): '38-1234567-8' arrives as '3812345678'.
import { damm, luhn, serialCheck } from './check-digits';
import { isEmailAddress } from './email';

/** A named rule: `validate` says whether a value passes, `message` is the i18n key shown when it does not. */
export interface Validator<T = string> {
  /** Stable rule name, e.g. 'minLength'. */
  readonly name: string;
  /** The rule's parameter; generic messages interpolate it as `{{param}}`. */
  readonly param?: unknown;
  /** Full message key, e.g. 'validation.scannerUserId'. */
  readonly message: string;
  validate(value: T): boolean;
}

/** Outcome of `runValidators`: the first failing validator, if any. */
export type ValidationResult<T = string> = { valid: true } | { valid: false; failed: Validator<T> };

/** Runs `validators` in order and reports the first one `value` fails. */
export function runValidators<T>(value: T, validators: readonly Validator<T>[]): ValidationResult<T> {
  const failed = validators.find((validator) => !validator.validate(value));
  return failed ? { valid: false, failed } : { valid: true };
}

const rule = (name: string, validate: (value: string) => boolean, param?: unknown, message = name): Validator => ({
  name,
  param,
  message: `validation.${message}`,
  validate,
});

// Like native constraint validation, only `required` judges an empty value.
const unlessEmpty = (check: (value: string) => boolean) => (value: string) => value === '' || check(value);

// [0-9], never \d: other scripts' digits ('١', '１') must not pass as a code.
const digits = (min: number, max = min) => (value: string) =>
  value.length >= min && value.length <= max && /^[0-9]+$/.test(value);

const toNumber = (value: string) => Number(value.replace(',', '.'));

/** The value has a non-blank character. */
export const required = (): Validator => rule('required', (value) => value.trim() !== '');

/** An entered value has at least `min` characters (UTF-16 units, like the native `minlength`). */
export const minLength = (min: number): Validator => rule('minLength', unlessEmpty((value) => value.length >= min), min);

/** An entered value has at most `max` characters (UTF-16 units, like the native `maxlength`). */
export const maxLength = (max: number): Validator => rule('maxLength', unlessEmpty((value) => value.length <= max), max);

/** An entered value matches `regex` (anchor it to test the whole value). */
export function pattern(regex: RegExp): Validator {
  // A global or sticky regex would carry lastIndex from one test to the next.
  const stateless = new RegExp(regex.source, regex.flags.replace(/[gy]/g, ''));
  return rule('pattern', unlessEmpty((value) => stateless.test(value)), regex);
}

/** An entered number (decimal comma or point) is at least `limit`. */
export const min = (limit: number): Validator => rule('min', unlessEmpty((value) => toNumber(value) >= limit), limit);

/** An entered number (decimal comma or point) is at most `limit`. */
export const max = (limit: number): Validator => rule('max', unlessEmpty((value) => toNumber(value) <= limit), limit);

/** Scanner logon user ID: 8 to 16 characters, no whitespace. */
export const scannerUserId = (): Validator => rule('scannerUserId', (value) => /^\S{8,16}$/u.test(value));

/** Activation user ID: 1 to 16 characters, no whitespace. */
export const activationUserId = (): Validator => rule('activationUserId', (value) => /^\S{1,16}$/u.test(value));

/** Activation e-mail: an ordinary address of at most 100 characters. */
export const email = (): Validator => rule('email', (value) => value.length <= 100 && isEmailAddress(value));

/** Registration code format: exactly 10 digits. */
export const registrationCodeFormat = (): Validator => rule('registrationCodeFormat', digits(10));

/** Registration code check digit (Damm); pair it after `registrationCodeFormat` for the format message. */
export const registrationCodeCheck = (): Validator => rule('registrationCodeCheck', damm, undefined, 'registrationCodeInvalid');

/** Serial number: '38' plus 8 digits, either a known test serial (digits only) or passing the serial check digit. */
export const serialNumber = (knownSerials: ReadonlySet<string> = new Set()): Validator =>
  rule('serialNumber', (value) => /^38[0-9]{8}$/.test(value) && (knownSerials.has(value) || serialCheck(value)), knownSerials);

/** PIN confirmation code: exactly 15 digits. */
export const pinCode = (): Validator => rule('pinCode', digits(15));

/** Finish code: 9 to 15 digits. */
export const finishCode = (): Validator => rule('finishCode', digits(9, 15));

/** Options of `logonCode`, from the colour-code response (`responseLength`, `responseCheckDigit`). */
export interface LogonCodeOptions {
  length?: number;
  checkDigit?: boolean;
}

/** Scanner response code: exactly `length` digits (default 7) and, when `checkDigit` (default), passing Luhn. */
export function logonCode({ length = 7, checkDigit = true }: LogonCodeOptions = {}): Validator {
  const format = digits(length);
  return rule('logonCode', (value) => format(value) && (!checkDigit || luhn(value)), { length, checkDigit });
}
