import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { Field } from './field';
import { Form, Group, type FormHandle } from './form';

afterEach(cleanup);

const byLabel = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const validateAll = (formRef: React.RefObject<FormHandle | null>) => {
  let valid: boolean | undefined;
  act(() => {
    valid = formRef.current?.validateAll();
  });
  return valid;
};

function ActivationForm({ onSubmit, formRef }: { onSubmit?: () => void; formRef?: React.Ref<FormHandle> }) {
  return (
    <Form ref={formRef} onSubmit={onSubmit} aria-label="Activation">
      <Field label="User ID" required maxLength={16} pattern="\S+" errorMessage="Please enter a valid user ID" />
      <Field label="Email" type="email" required maxLength={100} errorMessage="Please enter a valid email address" />
      <Checkbox label="Remember me" defaultChecked />
      <Button type="submit">Next</Button>
    </Form>
  );
}

describe('Form', () => {
  it('blocks submit while invalid, shows every error and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ActivationForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(byLabel('User ID').getAttribute('aria-invalid')).toBe('true');
    expect(byLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(byLabel('User ID'));
    expect(screen.getByRole<HTMLFormElement>('form').noValidate).toBe(true);
  });

  it('focuses the first invalid field in document order', async () => {
    const user = userEvent.setup();
    render(<ActivationForm />);
    await user.type(byLabel('User ID'), 'ANNA0001');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(byLabel('Email'));
  });

  it('submits (prevented natively) once every control is valid, also on Enter', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const formRef = createRef<FormHandle>();
    render(<ActivationForm onSubmit={onSubmit} formRef={formRef} />);
    const submits: Event[] = [];
    screen.getByRole('form').addEventListener('submit', (event) => submits.push(event));
    expect(formRef.current?.isValid()).toBe(false);
    await user.type(byLabel('User ID'), 'ANNA0001');
    await user.type(byLabel('Email'), 'anna.devries@example.com{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(submits.map((event) => event.defaultPrevented)).toEqual([true]);
    expect(formRef.current?.isValid()).toBe(true);
  });

  it('reset clears values and the dirty and invalid flags', async () => {
    const user = userEvent.setup();
    const formRef = createRef<FormHandle>();
    render(<ActivationForm formRef={formRef} />);
    await user.type(byLabel('User ID'), 'ANNA 0001');
    await user.click(byLabel('Remember me'));
    expect(validateAll(formRef)).toBe(false);
    const wrapper = byLabel('User ID').closest('.amwa-field') as HTMLElement;
    expect(wrapper.dataset.dirty).toBe('true');
    expect(wrapper.dataset.invalid).toBe('true');

    act(() => formRef.current?.reset());
    expect(byLabel('User ID').value).toBe('');
    expect(wrapper.dataset.dirty).toBeUndefined();
    expect(wrapper.dataset.invalid).toBeUndefined();
    expect(byLabel('Email').getAttribute('aria-invalid')).toBeNull();
    expect(byLabel('Remember me').checked).toBe(true);
  });

  it('counts a disabled field as valid', () => {
    const formRef = createRef<FormHandle>();
    render(
      <Form ref={formRef}>
        <Field label="User ID" required disabled />
      </Form>,
    );
    expect(validateAll(formRef)).toBe(true);
  });
});

describe('Group', () => {
  function Topics({ formRef, ...props }: { formRef: React.Ref<FormHandle>; required?: boolean; minSelectedItems?: number }) {
    return (
      <Form ref={formRef}>
        <Group legend="Topics" errorMessage="Choose more topics" {...props}>
          <Checkbox label="iPhone" />
          <Checkbox label="Android" />
          <Checkbox label="Terms" required errorMessage="Accept the terms" />
        </Group>
      </Form>
    );
  }
  const groupError = () => screen.getByRole('group', { name: 'Topics' }).querySelector('.amwa-group__error')?.textContent;

  it('needs each child valid', async () => {
    const user = userEvent.setup();
    const formRef = createRef<FormHandle>();
    render(<Topics formRef={formRef} />);
    expect(validateAll(formRef)).toBe(false);
    expect(byLabel('Terms').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Accept the terms')).toBeTruthy();
    await user.click(byLabel('Terms'));
    expect(formRef.current?.isValid()).toBe(true);
  });

  it('needs at least minSelectedItems checked, re-checking as boxes change', async () => {
    const user = userEvent.setup();
    const formRef = createRef<FormHandle>();
    render(<Topics formRef={formRef} minSelectedItems={3} />);
    await user.click(byLabel('Terms'));
    await user.click(byLabel('iPhone'));
    expect(formRef.current?.isValid()).toBe(false);
    validateAll(formRef);
    expect(groupError()).toBe('Choose more topics');
    expect(screen.getByRole('group').dataset.invalid).toBe('true');
    expect(document.activeElement).toBe(byLabel('iPhone'));
    await user.click(byLabel('Android'));
    expect(groupError()).toBe('');
    expect(formRef.current?.isValid()).toBe(true);
  });

  it('needs one checked when required', async () => {
    const user = userEvent.setup();
    const formRef = createRef<FormHandle>();
    render(
      <Form ref={formRef}>
        <Group legend="Topics" required errorMessage="Choose a topic">
          <Checkbox label="iPhone" />
          <Checkbox label="Android" />
        </Group>
      </Form>,
    );
    expect(formRef.current?.isValid()).toBe(false);
    await user.click(byLabel('Android'));
    expect(formRef.current?.isValid()).toBe(true);
  });
});
