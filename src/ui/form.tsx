import {
  forwardRef,
  useImperativeHandle,
  useMemo,
  useReducer,
  useRef,
  useState,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';
import { useWidgetId } from './widget-id';
import { cx } from './cx';
import { RegistryContext, useFormControl, useRegistry, type FormControl } from './form-control';
import { ErrorIcon } from './icons';
import { useFlowStyles } from './use-styles';

/** What a page can ask of a {@link Form} through its ref. */
export interface FormHandle {
  /** True when every control inside is valid; shows nothing. */
  isValid(): boolean;
  /** Shows every control's errors and focuses the first invalid one; true when all are valid. */
  validateAll(): boolean;
  /** Every control back to its initial value, not dirty, no errors shown. */
  reset(): void;
}

/** Props of {@link Form}. */
export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  /** Heard on submit (Enter or a submit button) only when every control is valid. */
  onSubmit?: () => void;
  children?: ReactNode;
}

const firstInvalid = (controls: FormControl[]) => {
  // Every control validates (so every error shows), not just the first failing one.
  const invalid = controls.filter((control) => !control.validate());
  invalid[0]?.focus();
  return invalid.length === 0;
};

/** A form container whose validity is that of all the Fields, Checkboxes and Groups inside it. */
export const Form = forwardRef<FormHandle, FormProps>(function Form({ onSubmit, className, children, ...rest }, ref) {
  const registry = useRegistry();
  const handle = useMemo<FormHandle>(
    () => ({
      isValid: () => registry.controls().every((control) => control.check()),
      validateAll: () => firstInvalid(registry.controls()),
      reset: () => registry.controls().forEach((control) => control.reset()),
    }),
    [registry],
  );
  useImperativeHandle(ref, () => handle, [handle]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (handle.validateAll()) onSubmit?.();
  };

  return (
    // noValidate: our own messages replace the browser's, which come in the browser's language.
    <form {...rest} className={cx('amwa-form', className)} noValidate onSubmit={submit}>
      <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>
    </form>
  );
});

/** Props of {@link Group}. */
export interface GroupProps {
  legend: ReactNode;
  hint?: ReactNode;
  /** At least one child must be checked. */
  required?: boolean;
  /** At least this many children must be checked. */
  minSelectedItems?: number;
  /** Shown when too few children are checked, after a submit. */
  errorMessage?: string;
  className?: string;
  children?: ReactNode;
}

/** A fieldset of checkboxes: valid when each child is, at least `minSelectedItems` are checked, and one if required. */
export function Group({ legend, hint, required, minSelectedItems = 0, errorMessage = '', className, children }: GroupProps) {
  useFlowStyles();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [revealed, setRevealed] = useState(false);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const registry = useRegistry(rerender);
  const id = useWidgetId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const countValid = () => {
    const checked = registry.controls().filter((control) => control.isChecked?.()).length;
    return checked >= Math.max(minSelectedItems, required ? 1 : 0);
  };
  const countInvalid = revealed && !countValid();

  useFormControl(
    {
      element: () => fieldsetRef.current,
      focus() {
        const controls = registry.controls();
        (controls.find((control) => !control.check()) ?? controls[0])?.focus();
      },
      check: () => countValid() && registry.controls().every((control) => control.check()),
      validate() {
        setRevealed(true);
        const childrenValid = registry.controls().filter((control) => !control.validate()).length === 0;
        return countValid() && childrenValid;
      },
      reset() {
        registry.controls().forEach((control) => control.reset());
        setRevealed(false);
      },
    },
    countInvalid,
  );

  const describedBy = [hint ? hintId : '', countInvalid && errorMessage ? errorId : ''].filter(Boolean).join(' ');

  return (
    <fieldset
      ref={fieldsetRef}
      className={cx('amwa-group', className)}
      data-invalid={countInvalid || undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="amwa-group__legend">{legend}</legend>
      {hint && (
        <div id={hintId} className="amwa-group__hint">
          {hint}
        </div>
      )}
      <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>
      <div id={errorId} className="amwa-group__error" aria-live="polite">
        {countInvalid && errorMessage && (
          <>
            <ErrorIcon className="amwa-group__error-icon" />
            {errorMessage}
          </>
        )}
      </div>
    </fieldset>
  );
}
