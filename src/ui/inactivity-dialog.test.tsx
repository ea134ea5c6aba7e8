import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadDialogCode } from './dialog';
import { InactivityDialog } from './inactivity-dialog';

afterEach(cleanup);

const props = {
  title: 'Would you like to continue?',
  text: 'You have been inactive for a while. For your security, your session ends in 30 seconds.',
  continueLabel: 'Continue',
};

// The dialog code is a chunk of its own (./dialog.tsx); here it is loaded before the first test.
beforeAll(() => loadDialogCode());

describe('InactivityDialog', () => {
  it('renders nothing while closed', () => {
    render(<InactivityDialog open={false} onContinue={vi.fn()} {...props} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is an alert dialog named by its question, with focus on the title', async () => {
    render(<InactivityDialog open onContinue={vi.fn()} {...props} />);
    const dialog = await screen.findByRole('alertdialog', { name: props.title });
    expect(dialog.textContent).toContain(props.text);
    expect(document.activeElement?.textContent).toBe(props.title);
  });

  it('continues on the button', async () => {
    const onContinue = vi.fn();
    render(<InactivityDialog open onContinue={onContinue} {...props} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('treats Escape as continuing: the user is plainly there', async () => {
    const onContinue = vi.fn();
    render(<InactivityDialog open onContinue={onContinue} {...props} />);
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(onContinue).toHaveBeenCalledOnce();
  });
});

describe('InactivityDialog countdown', () => {
  afterEach(() => vi.useRealTimers());
  const remaining = (time: string) => `Time left: ${time}`;

  it('counts the remaining time down every second, and announces it politely only every 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const deadline = Date.now() + 30_000;
    render(<InactivityDialog open onContinue={vi.fn()} {...props} deadline={deadline} remaining={remaining} />);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toBe('Time left: 0:30');
    const live = document.querySelector('.amwa-inactivity [aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    const announced: string[] = [];
    for (let second = 1; second <= 30; second++) {
      await act(() => vi.advanceTimersByTime(1000));
      if (live.textContent && live.textContent !== announced.at(-1)) announced.push(live.textContent);
    }
    expect(timer.textContent).toBe('Time left: 0:00');
    expect(announced).toEqual(['Time left: 0:20', 'Time left: 0:10']);
  });

  it('shows no countdown without a deadline', async () => {
    render(<InactivityDialog open onContinue={vi.fn()} {...props} remaining={remaining} />);
    await screen.findByRole('alertdialog');
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
