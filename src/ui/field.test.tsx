import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field, type FieldProps } from './field';
import type { Validator } from './validators-runner';

afterEach(cleanup);

const MSG = 'Please enter a valid user ID of at least 8 characters';
const noSpace: Validator = { name: 'noWhitespace', validate: (v) => !/\s/.test(v), message: MSG };

function Controlled(props: Partial<FieldProps> & { initial?: string; spy?: (value: string) => void }) {
  const { initial = '', spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field
        label="User ID"
        value={value}
        onChange={(next) => {
          setValue(next);
          spy?.(next);
        }}
        {...rest}
      />
      <output data-testid="model">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('User ID');
const wrapper = () => input().closest('.amwa-field') as HTMLElement;
const errorText = () => wrapper().querySelector('.amwa-field__error')?.textContent;

describe('Field', () => {
  it('links label, hint and input', () => {
    render(<Field label="User ID" hint="8 to 16 characters" autoComplete="username" />);
    expect(input().getAttribute('autocomplete')).toBe('username');
    const hintId = input().getAttribute('aria-describedby');
    expect(hintId && document.getElementById(hintId)?.textContent).toBe('8 to 16 characters');
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('validates on blur, not while first typing', async () => {
    const user = userEvent.setup();
    render(<Controlled minLength={8} maxLength={16} validators={[noSpace]} errorMessage={MSG} />);
    await user.type(input(), 'ANNA');
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(wrapper().dataset.dirty).toBe('true');
    expect(wrapper().dataset.focused).toBe('true');
    await user.tab();
    expect(wrapper().dataset.focused).toBeUndefined();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(wrapper().dataset.invalid).toBe('true');
    expect(errorText()).toBe(MSG);
    const errorRegion = wrapper().querySelector('.amwa-field__error') as HTMLElement;
    expect(errorRegion.getAttribute('aria-live')).toBe('polite');
    expect(input().getAttribute('aria-describedby')).toContain(errorRegion.id);
  });

  it('does not validate when a modal dialog takes focus by itself, but does once the user leaves', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Controlled minLength={8} errorMessage={MSG} />
        <div role="alertdialog" aria-modal="true" aria-label="Would you like to continue?">
          <h2 tabIndex={-1}>Would you like to continue?</h2>
        </div>
      </>,
    );
    await user.type(input(), 'ANNA');
    screen.getByRole('heading').focus();
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(errorText()).toBe('');
    input().focus();
    await user.tab();
    expect(errorText()).toBe(MSG);
  });

  it('re-validates on input once invalid, and keeps what the user typed', async () => {
    const user = userEvent.setup();
    render(<Controlled minLength={8} validators={[noSpace]} errorMessage={MSG} />);
    await user.type(input(), 'ANNA 001');
    await user.tab();
    expect(errorText()).toBe(MSG);
    expect(input().value).toBe('ANNA 001');
    await user.clear(input());
    await user.type(input(), 'ANNA0001');
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(errorText()).toBe('');
  });

  it('shows a custom validator message after the constraint ones', async () => {
    const user = userEvent.setup();
    const checkDigit: Validator = { name: 'damm', validate: (v) => v.endsWith('0'), message: 'The registration code is not valid.' };
    render(<Controlled minLength={10} maxLength={10} pattern="\d*" validators={[checkDigit]} errorMessage="10 digits" />);
    await user.type(input(), '12345');
    await user.tab();
    expect(errorText()).toBe('10 digits');
    await user.type(input(), '67891');
    expect(errorText()).toBe('The registration code is not valid.');
  });

  it('leaves an untouched field quiet on blur', async () => {
    const user = userEvent.setup();
    render(<Controlled required errorMessage="Required" />);
    await user.click(input());
    await user.tab();
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('lets only digits, period, comma, e and minus into a number field', async () => {
    const user = userEvent.setup();
    render(<Controlled type="number" />);
    expect(input().type).toBe('text');
    expect(input().getAttribute('inputmode')).toBe('decimal');
    await user.type(input(), '1a2,5 e-3x.');
    expect(input().value).toBe('12,5e-3.');
    expect(screen.getByTestId('model').textContent).toBe('12,5e-3.');
  });

  it('filters pasted text instead of blocking it', async () => {
    const user = userEvent.setup();
    render(<Controlled type="number" />);
    await user.click(input());
    await user.paste('12 34-x5');
    expect(input().value).toBe('1234-5');
  });

  it('checks numeric bounds', async () => {
    const user = userEvent.setup();
    render(<Controlled type="number" min={1} max={5} errorMessage="Out of range" />);
    await user.type(input(), '7');
    await user.tab();
    expect(errorText()).toBe('Out of range');
  });

  it('shows masked text while the model stays raw', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    const formatter = (v: string) => [v.slice(0, 1), v.slice(1, 4), v.slice(4, 7)].filter(Boolean).join(' ');
    const parser = (t: string) => t.replace(/\D/g, '').slice(0, 7);
    render(<Controlled formatter={formatter} parser={parser} inputMode="numeric" spy={spy} />);
    await user.type(input(), '1234567');
    expect(input().value).toBe('1 234 567');
    expect(screen.getByTestId('model').textContent).toBe('1234567');
    await user.type(input(), '{backspace}{backspace}{backspace}{backspace}');
    expect(input().value).toBe('1 23');
    await user.keyboard('{backspace}');
    expect(input().value).toBe('1 2');
    expect(spy).toHaveBeenLastCalledWith('12');
  });

  it('deletes the digit before a separator on Backspace instead of sticking', async () => {
    const user = userEvent.setup();
    const formatter = (v: string) => [v.slice(0, 1), v.slice(1, 4), v.slice(4, 7)].filter(Boolean).join(' ');
    const parser = (t: string) => t.replace(/\D/g, '').slice(0, 7);
    render(<Controlled initial="1234" formatter={formatter} parser={parser} />);
    expect(input().value).toBe('1 234');
    await user.type(input(), '{backspace}', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input().value).toBe('2 34');
    expect(input().selectionStart).toBe(0);
    await user.type(input(), '9', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input().value).toBe('2 934');
    expect(input().selectionStart).toBe(3);
  });

  it('undoes and redoes masked edits with Ctrl+Z and Ctrl+Y (the browser cannot: the mask rewrites the text)', async () => {
    const user = userEvent.setup();
    const formatter = (v: string) => [v.slice(0, 1), v.slice(1, 4), v.slice(4, 7)].filter(Boolean).join(' ');
    const parser = (t: string) => t.replace(/\D/g, '').slice(0, 7);
    const onKeyDown = vi.fn();
    render(<Controlled formatter={formatter} parser={parser} onKeyDown={onKeyDown} />);
    await user.type(input(), '12345');
    expect(input().value).toBe('1 234 5');
    await user.keyboard('{Control>}z{/Control}');
    expect(input().value).toBe('1 234');
    expect(screen.getByTestId('model').textContent).toBe('1234');
    await user.keyboard('{Control>}z{/Control}{Control>}z{/Control}');
    expect(input().value).toBe('1 2');
    expect(input().selectionStart).toBe(3);
    await user.keyboard('{Control>}y{/Control}');
    expect(input().value).toBe('1 23');
    await user.keyboard('{Meta>}{Shift>}z{/Shift}{/Meta}');
    expect(input().value).toBe('1 234');
    expect(screen.getByTestId('model').textContent).toBe('1234');
    expect(onKeyDown).toHaveBeenCalled();
  });

  it('answers Undo from the browser menu (beforeinput historyUndo) the same way', async () => {
    const user = userEvent.setup();
    const formatter = (v: string) => v.replace(/(\d{3})(?=\d)/g, '$1 ');
    const parser = (t: string) => t.replace(/\D/g, '');
    render(<Controlled formatter={formatter} parser={parser} />);
    await user.type(input(), '1234');
    const undo = new InputEvent('beforeinput', { inputType: 'historyUndo', cancelable: true, bubbles: true });
    input().dispatchEvent(undo);
    expect(undo.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(screen.getByTestId('model').textContent).toBe('123'));
    expect(input().value).toBe('123');
  });

  it('leaves Ctrl+Z to the browser in a field without a mask', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(input(), 'AB');
    const event = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, cancelable: true, bubbles: true });
    input().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('shows an external error until the parent clears it', () => {
    const { rerender } = render(<Field label="User ID" externalError="Your account is blocked." />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(errorText()).toBe('Your account is blocked.');
    rerender(<Field label="User ID" />);
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(errorText()).toBe('');
  });

  it("marks the field invalid with an empty message for an external error of '' (spec section 8, errorCode 14 on the e-mail)", () => {
    render(<Field label="User ID" externalError="" />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(wrapper().dataset.invalid).toBe('true');
    expect(errorText()).toBe('');
  });

  it('shows an error without announcing it again when another field already says it', () => {
    render(<Field label="User ID" externalError="This combination is not valid." announceError={false} />);
    expect(errorText()).toBe('This combination is not valid.');
    expect(wrapper().querySelector('.amwa-field__error')?.getAttribute('aria-live')).toBe('off');
    expect(input().getAttribute('aria-describedby')).toContain(wrapper().querySelector('.amwa-field__error')!.id);
  });

  it('works uncontrolled and forwards its ref to the input', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    render(<Field ref={ref} label="User ID" defaultValue="38-" onChange={onChange} />);
    expect(ref.current).toBe(input());
    await user.type(input(), '1');
    expect(input().value).toBe('38-1');
    expect(onChange).toHaveBeenLastCalledWith('38-1');
  });

  it('is disabled and never invalid when disabled', () => {
    render(<Field label="User ID" disabled required />);
    expect(input().disabled).toBe(true);
    expect(wrapper().dataset.disabled).toBe('true');
  });
});
