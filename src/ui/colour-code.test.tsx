import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColourCodeState } from '../core/flows/colour-code';
import { ColourCode } from './colour-code';

afterEach(cleanup);

const labels = {
  alt: 'Colour code to scan with your scanner',
  refreshLabel: 'Refresh',
  expiredText: 'This colour code has expired. Select Refresh for a new one.',
  failedText: 'The colour code could not be loaded. Select Refresh to try again.',
  loadingLabel: 'Loading the colour code…',
  placeholderSrc: '/access/static/image',
};
const image = { base64Cronto: 'iVBORw0KGgo=', expirationDuration: 120 };
const renderState = (state: ColourCodeState, onRefresh = vi.fn()) => render(<ColourCode state={state} onRefresh={onRefresh} {...labels} />);

describe('ColourCode', () => {
  it('shows the image as a data URL with its text alternative, unscaled', () => {
    renderState({ status: 'shown', image, spinner: false });
    const img = screen.getByRole('img', { name: labels.alt }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(img.className).toBe('amwa-colour-code__image');
    expect(img.hasAttribute('width')).toBe(false);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('status', { name: labels.loadingLabel })).toBeNull();
  });

  it('shows a spinner while loading, and over the new image while the refresh spinner runs', () => {
    const { rerender } = renderState({ status: 'loading', spinner: false });
    expect(screen.getByRole('status', { name: labels.loadingLabel })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<ColourCode state={{ status: 'shown', image, spinner: true }} onRefresh={vi.fn()} {...labels} />);
    expect(screen.getByRole('img', { name: labels.alt })).toBeTruthy();
    expect(screen.getByRole('status', { name: labels.loadingLabel })).toBeTruthy();
  });

  it.each([
    ['expired', labels.expiredText],
    ['error', labels.failedText],
  ] as const)('when %s, shows the placeholder, says why, and refreshes keeping focus inside', async (status, text) => {
    const onRefresh = vi.fn();
    const { container } = renderState({ status, spinner: false }, onRefresh);
    expect(screen.queryByRole('img', { name: labels.alt })).toBeNull();
    const placeholder = container.querySelector('img.amwa-colour-code__placeholder')!;
    expect(placeholder.getAttribute('src')).toBe('/access/static/image');
    expect(placeholder.getAttribute('alt')).toBe('');
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    const message = screen.getByText(text);
    expect(refresh.getAttribute('aria-describedby')).toBe(message.id);
    // The message takes focus if the control the user was in is disabled under them.
    expect(message.hasAttribute('data-focus-rescue')).toBe(true);
    expect(message.tabIndex).toBe(-1);
    await userEvent.click(refresh);
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(container.querySelector('.amwa-colour-code'));
  });

  it('keeps its live region in place so the expiry is announced', () => {
    const { container, rerender } = renderState({ status: 'shown', image, spinner: false });
    const region = container.querySelector('[role="status"].amwa-colour-code__message')!;
    expect(region.textContent).toBe('');
    act(() => rerender(<ColourCode state={{ status: 'expired', image, spinner: false }} onRefresh={vi.fn()} {...labels} />));
    expect(container.querySelector('[role="status"].amwa-colour-code__message')).toBe(region);
    expect(region.textContent).toBe(labels.expiredText);
  });

  it('keeps one frame for every state', () => {
    const { container, rerender } = renderState({ status: 'shown', image, spinner: false });
    const frame = container.querySelector('.amwa-status__frame');
    for (const state of [{ status: 'loading', spinner: false }, { status: 'expired', spinner: false }, { status: 'error', spinner: false }] as const) {
      rerender(<ColourCode state={state} onRefresh={vi.fn()} {...labels} />);
      // The same frame element throughout: nothing below it is laid out anew.
      expect(container.querySelector('.amwa-status__frame')).toBe(frame);
    }
  });
});
