import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import pl from '../../locales/pl.json';
import { type AmwaServices, ServicesProvider } from '../context';
import { createI18n, type Messages } from '../core/i18n';
import { TooManyAttempts } from './too-many-attempts';

const renderIn = (locale: string, table: Messages, seconds: number | undefined) =>
  render(
    <ServicesProvider value={{ i18n: createI18n(locale, table) } as unknown as AmwaServices}>
      <TooManyAttempts seconds={seconds} />
    </ServicesProvider>,
  );

describe('TooManyAttempts', () => {
  it('states the wait once, in the plural form of the language, as a polite status that can take focus', () => {
    renderIn('en-GB', en as Messages, 2);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toBe('Too many attempts. Try again in 2 seconds.');
    expect(notice.getAttribute('tabindex')).toBe('-1');
    expect(notice.hasAttribute('data-focus-rescue')).toBe(true);
  });

  it.each([
    [1, 'Zbyt wiele prób. Spróbuj ponownie za 1 sekundę.'],
    [3, 'Zbyt wiele prób. Spróbuj ponownie za 3 sekundy.'],
    [5, 'Zbyt wiele prób. Spróbuj ponownie za 5 sekund.'],
  ])('picks the Polish form for %i', (seconds, text) => {
    renderIn('pl-PL', pl as Messages, seconds);
    expect(screen.getByRole('status').textContent).toBe(text);
  });

  it('shows nothing when no wait runs', () => {
    const { container } = renderIn('en-GB', en as Messages, undefined);
    expect(container.textContent).toBe('');
  });
});
