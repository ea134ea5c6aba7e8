import { useMergeRefs } from './merge-refs';
import {
  forwardRef,
  useLayoutEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useWidgetId } from './widget-id';
import { cx } from './cx';
import { useFormControl } from './form-control';
import { ErrorIcon } from './icons';
import { useControllable } from './use-controllable';
import { useFlowStyles } from './use-styles';

/** A checkbox's state: checked, unchecked, or indeterminate (shown as neither, submitted as unchecked). */
export type CheckedState = boolean | 'indeterminate';

/** Props of {@link Checkbox}. */
export interface CheckboxProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'defaultChecked' | 'onChange' | 'children'> {
  label: ReactNode;
  /** Extra text under the label (e.g. the cookie note), linked by aria-describedby. */
  hint?: ReactNode;
  checked?: CheckedState;
  defaultChecked?: CheckedState;
  /** Hears every change; a toggle always lands on true or false, clearing indeterminate. */
  onCheckedChange?: (checked: CheckedState) => void;
  /** Shown when `required` and not checked, after a submit. */
  errorMessage?: string;
}

/** A labelled checkbox (value 'on' unless told otherwise); valid as the native `required` rule says. Joins the enclosing Form or Group. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  {
    label,
    hint,
    checked: checkedProp,
    defaultChecked = false,
    onCheckedChange,
    errorMessage = '',
    required,
    disabled,
    value = 'on',
    id: idProp,
    className,
    ...rest
  },
  ref,
) {
  useFlowStyles();
  const [checked, setChecked] = useControllable<CheckedState>(checkedProp, defaultChecked, onCheckedChange);
  const [revealed, setRevealed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergeRefs([ref, inputRef]);
  const generatedId = useWidgetId();
  const id = idProp ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const valid = Boolean(disabled) || !required || checked === true;
  const invalid = revealed && !valid;

  // indeterminate exists only as a DOM property.
  useLayoutEffect(() => {
    if (inputRef.current) inputRef.current.indeterminate = checked === 'indeterminate';
  }, [checked]);

  useFormControl(
    {
      element: () => inputRef.current,
      focus: () => inputRef.current?.focus(),
      check: () => valid,
      validate() {
        setRevealed(true);
        return valid;
      },
      reset() {
        setChecked(defaultChecked);
        setRevealed(false);
      },
      isChecked: () => checked === true,
    },
    checked,
  );

  const describedBy = [hint ? hintId : '', invalid && errorMessage ? errorId : '', rest['aria-describedby']]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cx('amwa-checkbox', className)} data-invalid={invalid || undefined} data-disabled={disabled || undefined}>
      <input
        {...rest}
        ref={mergedRef}
        id={id}
        type="checkbox"
        className="amwa-checkbox__input"
        value={value}
        checked={checked === true}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => setChecked(event.currentTarget.checked)}
      />
      <label className="amwa-checkbox__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={hintId} className="amwa-checkbox__hint">
          {hint}
        </div>
      )}
      <div id={errorId} className="amwa-checkbox__error" aria-live="polite">
        {invalid && errorMessage && (
          <>
            <ErrorIcon className="amwa-checkbox__error-icon" />
            {errorMessage}
          </>
        )}
      </div>
    </div>
  );
});
