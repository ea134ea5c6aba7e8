import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox, type CheckedState } from './checkbox';

afterEach(cleanup);

const box = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Remember me' });

describe('Checkbox', () => {
  it("submits value 'on' under its name by default", () => {
    render(
      <form data-testid="form">
        <Checkbox label="Remember me" name="remember" defaultChecked />
      </form>,
    );
    const data = new FormData(screen.getByTestId<HTMLFormElement>('form'));
    expect(data.get('remember')).toBe('on');
    expect(box().value).toBe('on');
  });

  it('toggles on click and on Space', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Remember me" onCheckedChange={onCheckedChange} />);
    await user.click(box());
    expect(box().checked).toBe(true);
    await user.keyboard(' ');
    expect(box().checked).toBe(false);
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('shows indeterminate until toggled, and toggling clears it', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Remember me" defaultChecked="indeterminate" onCheckedChange={onCheckedChange} />);
    expect(box().indeterminate).toBe(true);
    expect(box().checked).toBe(false);
    await user.click(box());
    expect(box().indeterminate).toBe(false);
    expect(box().checked).toBe(true);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('clears indeterminate when controlled, too', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [checked, setChecked] = useState<CheckedState>('indeterminate');
      return <Checkbox label="Remember me" checked={checked} onCheckedChange={setChecked} />;
    }
    render(<Parent />);
    expect(box().indeterminate).toBe(true);
    await user.click(box());
    expect(box().indeterminate).toBe(false);
    expect(box().checked).toBe(true);
  });

  it('is disabled', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Remember me" disabled />);
    await user.click(box());
    expect(box().checked).toBe(false);
    expect(box().disabled).toBe(true);
  });

  it('follows the native required rule', () => {
    render(<Checkbox label="Remember me" required />);
    expect(box().required).toBe(true);
    expect(box().checkValidity()).toBe(false);
  });

  it('links its hint', () => {
    render(<Checkbox label="Remember me" hint="A cookie stores your user ID." />);
    const id = box().getAttribute('aria-describedby');
    expect(id && document.getElementById(id)?.textContent).toBe('A cookie stores your user ID.');
  });
});
