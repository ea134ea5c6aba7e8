import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './spinner';
import { css } from './styles';

afterEach(cleanup);

describe('Spinner', () => {
  it('is a named status whose text is announced', () => {
    render(<Spinner label="Loading" />);
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status.className).toBe('amwa-spinner');
    expect(status.textContent).toBe('Loading');
    expect(status.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is 100px and stops spinning under prefers-reduced-motion', () => {
    expect(css).toMatch(/\.amwa-spinner\s*\{[^}]*width:\s*100px;[^}]*height:\s*100px;/);
    const reduced = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(reduced).toMatch(/\.amwa-spinner__ring[^{]*\{[^}]*animation:\s*none/);
  });
});
