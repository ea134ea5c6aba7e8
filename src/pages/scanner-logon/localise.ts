import type { I18n } from '../../core/i18n';
import type { Validator as RuleValidator } from '../../core/validate/validators';
import type { Validator as FieldValidator } from '../../ui/validators-runner';

/** A core validator as a Field validator: the same rule, its message key translated. */
export const localise = (validator: RuleValidator, t: I18n['t']): FieldValidator => ({
  name: validator.name,
  param: validator.param,
  validate: (value) => validator.validate(value),
  message: t(validator.message, { param: validator.param }),
});
