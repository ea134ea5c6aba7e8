/**
 * A validator as a small named object (Lion style). `validate` answers whether
 * a value passes; `message` is what the field shows when it does not.
 */
export interface Validator {
  readonly name: string;
  readonly param?: unknown;
  validate(value: string): boolean;
  readonly message: string;
}

/** The built-in constraints of a field, the same ones native inputs know. */
export interface Constraints {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Must match the whole value, like the native `pattern` attribute. */
  pattern?: RegExp | string;
}

/** The outcome of running validators: valid, or the first failure with its message. */
export type ValidationOutcome = { valid: true } | { valid: false; name: string; message: string };

/** Name of the only validator that judges an empty value; all others pass it, as native constraints do. */
export const REQUIRED = 'required';

// Accepts a decimal comma as well as a period.
const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

// Strings are anchored like the native attribute; g/y flags are dropped because they make `test` stateful.
const toRegExp = (pattern: RegExp | string) =>
  typeof pattern === 'string' ? new RegExp(`^(?:${pattern})$`, 'u') : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));

/** The field's constraints as validators, all carrying the one message the field shows for them. */
export function constraintValidators(constraints: Constraints, message: string): Validator[] {
  const { required, minLength, maxLength, min, max, pattern } = constraints;
  const rules: Array<[string, unknown, (value: string) => boolean]> = [];
  if (required) rules.push([REQUIRED, true, (value) => value !== '']);
  if (minLength !== undefined) rules.push(['minLength', minLength, (value) => value.length >= minLength]);
  if (maxLength !== undefined) rules.push(['maxLength', maxLength, (value) => value.length <= maxLength]);
  if (min !== undefined) rules.push(['min', min, (value) => toNumber(value) >= min]);
  if (max !== undefined) rules.push(['max', max, (value) => toNumber(value) <= max]);
  if (pattern !== undefined) {
    const regex = toRegExp(pattern);
    rules.push(['pattern', pattern, (value) => regex.test(value)]);
  }
  return rules.map(([name, param, validate]) => ({ name, param, validate, message }));
}

/** Runs validators in order and reports the first failure; an empty value is judged only by `required`. */
export function runValidators(value: string, validators: readonly Validator[]): ValidationOutcome {
  for (const validator of validators) {
    if (value === '' && validator.name !== REQUIRED) continue;
    if (!validator.validate(value)) return { valid: false, name: validator.name, message: validator.message };
  }
  return { valid: true };
}
