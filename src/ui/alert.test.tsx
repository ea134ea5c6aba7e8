import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';

afterEach(cleanup);

describe('Alert', () => {
  it('uses role=alert for errors', () => {
    render(
      <Alert variant="error" title="You are not allowed to access">
        details
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.className).toBe('amwa-alert amwa-alert--error');
    expect(alert.textContent).toBe('You are not allowed to accessdetails');
  });

  it.each(['info', 'warning', 'success'] as const)('uses role=status for %s', (variant) => {
    render(<Alert variant={variant}>Your session has expired</Alert>);
    expect(screen.getByRole('status').className).toContain(`amwa-alert--${variant}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no close button without a dismiss label', () => {
    render(<Alert>text</Alert>);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('closes from its labelled close button and reports it', async () => {
    const onDismiss = vi.fn();
    render(
      <Alert variant="error" closeLabel="Close" onDismiss={onDismiss}>
        text
      </Alert>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
