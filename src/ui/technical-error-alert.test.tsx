import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../core/events';
import { createI18n } from '../core/i18n';
import { TechnicalErrorAlert, useTechnicalException } from './technical-error-alert';

afterEach(cleanup);

const TEXT =
  'A technical error occurred. Please try again. If the issue persists, send your user ID and a screenshot of the whole page to your service team via [service@bank.example](mailto:service@bank.example) for support.';
const TRACE = '01-0123456789abcdef0123456789abcdef-0123456789abcdef-01';

function setup() {
  const emitter = createEmitter();
  const i18n = createI18n('en-GB', {});
  const onLinkClick = vi.fn();
  function Page() {
    const detail = useTechnicalException(emitter.on);
    return (
      <TechnicalErrorAlert
        detail={detail}
        text={TEXT}
        labels={{ timestamp: 'Timestamp', traceId: 'Trace ID', copy: 'Copy', copied: 'Copied' }}
        formatTime={i18n.amsterdamTime}
        locale="en-GB"
        onLinkClick={onLinkClick}
      />
    );
  }
  const view = render(<Page />);
  return { ...view, emit: emitter.emit, onLinkClick };
}

describe('TechnicalErrorAlert', () => {
  it('is hidden until a technical exception, then shows the text, Amsterdam time and trace id', () => {
    const { emit } = setup();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => emit('amwa-technical-exception', { date: '2024-07-01T10:05:09.000Z', traceId: TRACE, timeout: false }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'A technical error occurred. Please try again. If the issue persists, send your user ID and a screenshot of the whole page to your service team via service@bank.example for support.',
    );
    // 10:05:09 UTC is 12:05:09 in Amsterdam summer time.
    // The time zone is named: summer time in July.
    expect(alert.textContent).toContain('TimestampJuly 01, 12:05:09 CEST');
    // The trace id is in plain sight, so a screenshot carries it (spec row S2.105), with Copy beside it.
    expect(alert.querySelector('details')).toBeNull();
    expect(alert.textContent).toContain(`Trace ID${TRACE}`);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('copies the trace id to the clipboard and says so', async () => {
    const user = userEvent.setup();
    const { emit } = setup();
    act(() => emit('amwa-technical-exception', { date: '2024-01-15T08:00:00Z', traceId: TRACE, timeout: false }));
    expect(screen.getByRole('alert').textContent).toContain('January 15, 09:00:00 CET');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(TRACE);
    expect(screen.getByRole('status').textContent).toBe('Copied');
    // A new exception is a new reference: the old 'Copied' goes.
    act(() => emit('amwa-technical-exception', { date: '2024-01-15T08:05:00Z', traceId: TRACE, timeout: false }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('copies by keyboard: Tab reaches Copy, Enter copies', async () => {
    const user = userEvent.setup();
    const { emit } = setup();
    act(() => emit('amwa-technical-exception', { date: '2024-01-15T08:00:00Z', traceId: TRACE, timeout: false }));
    await user.tab();
    // The service address link comes first, then Copy.
    expect(document.activeElement?.textContent).toBe('service@bank.example');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy' }));
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe(TRACE);
  });

  it('leaves out the trace id when there is none, and uses now for an invalid date', () => {
    const { emit } = setup();
    vi.useFakeTimers({ now: new Date('2024-01-15T08:00:00Z') });
    act(() => emit('amwa-technical-exception', { date: 'not a date', timeout: true }));
    vi.useRealTimers();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('January 15, 09:00:00');
    expect(alert.textContent).not.toContain('Trace ID');
  });

  it('goes away on the clear event and stops listening once unmounted', () => {
    const { emit, unmount } = setup();
    act(() => emit('amwa-technical-exception', { date: new Date().toISOString(), timeout: false }));
    act(() => emit('amwa-clear-technical-exception', {}));
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    expect(() => emit('amwa-technical-exception', { date: new Date().toISOString(), timeout: false })).not.toThrow();
  });

  it('makes the service address a tracked mail link', async () => {
    const { emit, onLinkClick } = setup();
    act(() => emit('amwa-technical-exception', { date: new Date().toISOString(), timeout: false }));
    const link = screen.getByRole('link', { name: 'service@bank.example' });
    expect(link.getAttribute('href')).toBe('mailto:service@bank.example');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(onLinkClick).toHaveBeenCalledWith('mailto:service@bank.example');
  });
});
