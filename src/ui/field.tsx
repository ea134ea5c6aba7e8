import { useMergeRefs } from './merge-refs';
import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useWidgetId } from './widget-id';
import { cx } from './cx';
import { useFormControl } from './form-control';
import { ErrorIcon } from './icons';
import { applyEdit, createMaskHistory, filterNumber, historyKey, type Mask, type MaskedEdit, type MaskHistory } from './input-mask';
import { useControllable } from './use-controllable';
import { constraintValidators, runValidators, type Validator } from './validators-runner';
import { useFlowStyles } from './use-styles';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'pattern' | 'min' | 'max' | 'minLength' | 'maxLength' | 'children'
>;

/** Props of {@link Field}. Values are model values: what the parser makes of the text shown. */
export interface FieldProps extends NativeProps {
  label: ReactNode;
  hint?: ReactNode;
  /** `number` renders a text input that lets only digits, period, comma, 'e' and minus through. */
  type?: 'text' | 'email' | 'password' | 'tel' | 'number';
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: RegExp | string;
  /** Checked after the built-in constraints; each shows its own message. */
  validators?: readonly Validator[];
  /** Shown when a built-in constraint (required, lengths, bounds, pattern) fails. */
  errorMessage?: string;
  /** A message from the server: shown and marked invalid while set (even when ''), without blocking a new submit. */
  externalError?: string;
  /** False when another field already announces the same message: this one shows it without saying it again. */
  announceError?: boolean;
  /** Model value → text shown, e.g. '1234567' → '1 234 567'. */
  formatter?: (value: string) => string;
  /** Text typed → model value; must undo the formatter. */
  parser?: (text: string) => string;
}

const same = (text: string) => text;

/**
 * A labelled text input validated on blur, then on every input while invalid.
 * Errors are linked by aria-describedby and announced; state shows as
 * data-dirty, data-focused, data-invalid. Joins the enclosing Form.
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  {
    label,
    hint,
    type = 'text',
    value: valueProp,
    defaultValue = '',
    onChange,
    required,
    minLength,
    maxLength,
    min,
    max,
    pattern,
    validators = [],
    errorMessage = '',
    externalError,
    announceError = true,
    formatter,
    parser,
    disabled,
    inputMode,
    id: idProp,
    className,
    onFocus,
    onBlur,
    onKeyDown,
    ...rest
  },
  ref,
) {
  useFlowStyles();
  const [value, setValue] = useControllable(valueProp, defaultValue, onChange);
  const [dirty, setDirty] = useState(false);
  const [focused, setFocused] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergeRefs([ref, inputRef]);
  const generatedId = useWidgetId();
  const id = idProp ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const all = [...constraintValidators({ required, minLength, maxLength, min, max, pattern }, errorMessage), ...validators];
  const check = (model: string) => runValidators(model, all);
  const outcome = check(value);
  const mask: Mask | undefined =
    type === 'number' || formatter || parser
      ? { parse: (text) => (parser ?? same)(type === 'number' ? filterNumber(text) : text), format: formatter ?? same }
      : undefined;
  const display = mask ? mask.format(value) : value;
  // Disabled controls are barred from validation, as native ones are.
  const valid = Boolean(disabled) || outcome.valid;
  const invalid = externalError !== undefined || (revealed && !valid);
  const message = externalError || (revealed && !disabled && !outcome.valid ? outcome.message : '');

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
        setValue(defaultValue);
        setDirty(false);
        setRevealed(false);
      },
    },
    value,
  );

  // A masked field rewrites its text, which empties the browser's undo stack: it keeps its own.
  const history = useRef<MaskHistory>(undefined);
  const historyNow = () => {
    if (history.current?.current().model !== value) history.current = createMaskHistory({ model: value, display, caret: display.length });
    return history.current;
  };

  const commit = (next: string) => {
    setDirty(true);
    // Once valid again, hide errors until the next blur ("reward early, punish late").
    if (revealed && check(next).valid) setRevealed(false);
    setValue(next);
  };

  /** Shows a state from the history: text, caret and model value. */
  const restore = (state: MaskedEdit | undefined) => {
    const input = inputRef.current;
    if (!state || !input) return;
    input.value = state.display;
    if (input.type !== 'email') input.setSelectionRange(state.caret, state.caret);
    commit(state.model);
  };

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    let next = input.value;
    if (mask) {
      const backward = (event.nativeEvent as InputEvent).inputType !== 'deleteContentForward';
      const edit = applyEdit(mask, input.value, input.selectionStart ?? input.value.length, display, backward);
      // Written straight to the input so the caret survives the re-render (and a rejected character).
      if (edit.display !== input.value) {
        input.value = edit.display;
        if (input.type !== 'email') input.setSelectionRange(edit.caret, edit.caret);
      }
      historyNow().record(edit);
      next = edit.model;
    }
    commit(next);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const move = mask && !event.defaultPrevented ? historyKey(event) : undefined;
    if (!move) return;
    event.preventDefault();
    restore(historyNow()[move]());
  };

  // Undo and Redo from the browser's Edit or context menu arrive as beforeinput, not as keys.
  const latest = useRef({ mask, restore, historyNow });
  latest.current = { mask, restore, historyNow };
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onBeforeInput = (event: InputEvent) => {
      const { mask: masked, restore: show, historyNow: now } = latest.current;
      const move = event.inputType === 'historyUndo' ? 'undo' : event.inputType === 'historyRedo' ? 'redo' : undefined;
      if (!masked || !move) return;
      event.preventDefault();
      show(now()[move]());
    };
    input.addEventListener('beforeinput', onBeforeInput);
    return () => input.removeEventListener('beforeinput', onBeforeInput);
  }, []);

  const focus = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    onFocus?.(event);
  };

  const blur = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(false);
    // A field the user has not edited (empty or prefilled) stays quiet until a submit asks; one
    // left for a dialog that took focus by itself (the inactivity warning) is not done with yet.
    if (dirty && !(event.relatedTarget as Element | null)?.closest('[aria-modal="true"]')) setRevealed(true);
    onBlur?.(event);
  };

  const describedBy = [hint ? hintId : '', message ? errorId : '', rest['aria-describedby']].filter(Boolean).join(' ');

  return (
    <div
      className={cx('amwa-field', className)}
      data-dirty={dirty || undefined}
      data-focused={focused || undefined}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
    >
      <label className="amwa-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={hintId} className="amwa-field__hint">
          {hint}
        </div>
      )}
      <input
        {...rest}
        ref={mergedRef}
        id={id}
        className="amwa-field__input"
        type={type === 'number' ? 'text' : type}
        inputMode={inputMode ?? (type === 'number' ? 'decimal' : undefined)}
        value={display}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={change}
        onKeyDown={keyDown}
        onFocus={focus}
        onBlur={blur}
      />
      <div id={errorId} className="amwa-field__error" aria-live={announceError ? 'polite' : 'off'}>
        {message && (
          <>
            <ErrorIcon className="amwa-field__error-icon" />
            {message}
          </>
        )}
      </div>
    </div>
  );
});
