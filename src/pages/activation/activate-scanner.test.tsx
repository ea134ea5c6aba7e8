import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileLocaleLoader } from '../../../test/locale-loader';
import { mount, type AmwaHandle } from '../../mount';

let host: HTMLElement;
let handle: AmwaHandle | undefined;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  handle?.unmount();
  host.remove();
});

const openCredentials = async () => {
  handle = mount(host, { routing: 'memory', serviceEmail: 'service@demobank.example', initialRoute: '/pages/activate-scanner' }, { loadLocale: fileLocaleLoader });
  await waitFor(() => expect(host.shadowRoot?.querySelector('.amwa-root h1')).toBeTruthy(), { timeout: 5000 });
  const view = within(host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!);
  await userEvent.click(await view.findByRole('button', { name: 'Start activation' }));
  await view.findByRole('heading', { level: 1, name: 'Enter your user ID and email' });
  return view;
};

describe('the activation stepper', () => {
  it('counts the steps in its caption and leaves naming the step to the heading', async () => {
    const view = await openCredentials();
    const caption = host.shadowRoot!.querySelector('.amwa-stepper__caption')!;
    expect(caption.textContent).toBe('Step 1 of 6');
    expect(caption.getAttribute('aria-hidden')).toBe('true');
    // Screen readers hear the step's name once, from the list.
    expect(view.getByRole('list', { name: 'Activation progress' }).querySelector('[aria-current="step"] .amwa-visually-hidden')?.textContent).toBe('Step 1 of 6: Enter your user ID and email');
  });
});

describe('the e-mail field', () => {
  it('announces its own error like every other field', async () => {
    const view = await openCredentials();
    const email = view.getByLabelText('Email');
    await userEvent.type(email, 'not an address');
    await userEvent.tab();
    const error = host.shadowRoot!.getElementById(email.getAttribute('aria-describedby')!.split(' ').find((id) => host.shadowRoot!.getElementById(id)?.classList.contains('amwa-field__error'))!)!;
    await waitFor(() => expect(error.textContent).toBe('Please enter a valid email address'));
    expect(error.getAttribute('aria-live')).toBe('polite');
    expect((email as HTMLInputElement).value).toBe('not an address');
  });
});
