import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QrState } from '../core/flows/qr';
import { QrCode } from './qr-code';

const IMAGE = 'iVBORw0KGgo=';
const labels = {
  alt: 'QR code to log on: scan it with the app',
  loading: 'Loading the QR code…',
  confirmed: 'Logging you on…',
  expired: 'The QR code has expired.',
  failed: 'This QR code can no longer be used.',
  refresh: 'Refresh',
};
const show = (state: QrState, onRefresh = vi.fn()) => ({ onRefresh, ...render(<QrCode state={state} onRefresh={onRefresh} labels={labels} />) });

describe('QrCode', () => {
  it('announces loading, then shows the code with a text alternative that says what to do', () => {
    const { rerender, onRefresh } = show({ status: 'loading', attempt: 0 });
    expect(screen.getByRole('status', { name: labels.loading })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<QrCode state={{ status: 'loaded', image: IMAGE }} onRefresh={onRefresh} labels={labels} />);
    expect(screen.getByRole('img', { name: labels.alt }).getAttribute('src')).toBe(`data:image/png;base64,${IMAGE}`);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('replaces the code with a spinner once the app confirmed', () => {
    show({ status: 'confirmed', image: IMAGE });
    expect(screen.getByRole('status', { name: labels.confirmed })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it.each([
    ['timeout', labels.expired],
    ['error', labels.failed],
  ] as const)('blurs an invalid code (%s) under a Refresh button described by why', async (reason, message) => {
    const user = userEvent.setup();
    const { container, onRefresh } = show({ status: 'invalid', reason, image: IMAGE });
    expect(container.querySelector('.amwa-qr')?.getAttribute('data-state')).toBe('invalid');
    expect(container.querySelector('img')?.getAttribute('alt')).toBe(''); // decoration now: the message says why
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    expect(refresh.getAttribute('aria-describedby')).toBe(screen.getByText(message).id);
    await user.click(refresh);
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(container.querySelector('.amwa-qr')); // focus stays with the code
  });
});
