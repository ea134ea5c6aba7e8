import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, loadDialogCode, type DialogProps } from './dialog';
import { DialogRootContext } from './dialog-root';

afterEach(cleanup);

function Harness(props: Partial<DialogProps> & { initiallyOpen?: boolean }) {
  const { initiallyOpen = false, onOpenChange, ...rest } = props;
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Help
      </button>
      <button type="button">Outside</button>
      <Dialog
        title="Help"
        closeLabel="Close"
        {...rest}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
      >
        <a href="#pin">Forgot PIN</a>
        <a href="#id">Where to find the user ID</a>
      </Dialog>
    </>
  );
}

const opener = () => screen.getByRole('button', { name: 'Help' });
// Let floating-ui's deferred focus work settle.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

async function openDialog(props: Partial<DialogProps> = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(opener());
  await settle();
  return { user, dialog: screen.getByRole(props.role ?? 'dialog') };
}

// The dialog code is a chunk of its own (./dialog.tsx); here it is loaded before the first test.
beforeAll(() => loadDialogCode());

describe('Dialog', () => {
  it('is a modal dialog named by its title, which gets focus', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Help' })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Help' }));
    expect(dialog.className).toBe('amwa-dialog');
    expect(dialog.parentElement?.className).toContain('amwa-dialog__overlay');
  });

  it('traps focus inside', async () => {
    const { user, dialog } = await openDialog();
    const tabbables = [
      screen.getByRole('button', { name: 'Close' }),
      screen.getByRole('link', { name: 'Forgot PIN' }),
      screen.getByRole('link', { name: 'Where to find the user ID' }),
    ];
    const visited: Element[] = [];
    for (let i = 0; i < 6; i++) {
      await user.tab();
      await settle();
      visited.push(document.activeElement as Element);
    }
    expect(visited).toEqual([...tabbables, ...tabbables]);
    await user.tab({ shift: true });
    await settle();
    expect(document.activeElement).toBe(tabbables[1]);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const onOpenChange = vi.fn();
    const { user } = await openDialog({ onOpenChange });
    await user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(document.activeElement).toBe(opener());
  });

  it('closes on a press outside it', async () => {
    const { user } = await openDialog();
    await user.click(document.querySelector('.amwa-dialog__overlay') as HTMLElement);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes from the close button', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('locks body scrolling while open and unlocks it on close', async () => {
    expect(document.body.style.overflow).toBe('');
    const { user } = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    await settle();
    expect(document.body.style.overflow).toBe('');
  });

  it('runs confirm and dismiss callbacks, then closes', async () => {
    const onConfirm = vi.fn();
    const onDismiss = vi.fn();
    const onOpenChange = vi.fn();
    const { user } = await openDialog({
      role: 'alertdialog',
      confirmLabel: 'Continue',
      onConfirm,
      dismissLabel: 'Log off',
      onDismiss,
      onOpenChange,
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await settle();
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(opener());
    await settle();
    await user.click(screen.getByRole('button', { name: 'Log off' }));
    await settle();
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(onOpenChange.mock.calls).toEqual([[false], [false]]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('dismisses and closes on Escape (spec section 4): the dismiss callback runs, then the dialog closes', async () => {
    const onDismiss = vi.fn();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    const { user } = await openDialog({ role: 'alertdialog', confirmLabel: 'Continue', onConfirm, dismissLabel: 'Log off', onDismiss, onOpenChange });
    await user.keyboard('{Escape}');
    await settle();
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange.mock.calls).toEqual([[false]]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('shows a back arrow and moves focus to the title when the view changes', async () => {
    const user = userEvent.setup();
    function HelpDialog() {
      const [topic, setTopic] = useState<string | undefined>('Forgot PIN');
      return (
        <Dialog
          open
          onOpenChange={() => undefined}
          title={topic ?? 'Help'}
          viewKey={topic ?? ''}
          backLabel="Back"
          onBack={topic ? () => setTopic(undefined) : undefined}
        >
          <button type="button" onClick={() => setTopic('Lost smartphone')}>
            Lost smartphone
          </button>
        </Dialog>
      );
    }
    render(<HelpDialog />);
    await settle();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await settle();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Help' }));
    await user.click(screen.getByRole('button', { name: 'Lost smartphone' }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Lost smartphone' }));
  });

  it('opened straight at a detail view, gives focus back to its opener on close', async () => {
    const user = userEvent.setup();
    function TopicLink() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            iPhone
          </button>
          <Dialog open={open} onOpenChange={setOpen} title="Install on iPhone" viewKey={open ? 'install-ios' : 'list'} closeLabel="Close">
            <p>iOS 12 or higher</p>
          </Dialog>
        </>
      );
    }
    render(<TopicLink />);
    await user.click(screen.getByRole('button', { name: 'iPhone' }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Install on iPhone' }));
    await user.keyboard('{Escape}');
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'iPhone' }));
  });

  it('is described by its description', async () => {
    const { dialog } = await openDialog({ description: 'Your session ends in 30 seconds.' });
    const id = dialog.getAttribute('aria-describedby');
    expect(id && document.getElementById(id)?.textContent).toBe('Your session ends in 30 seconds.');
  });

  it('portals into the root from context, e.g. inside a shadow root', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const box = document.createElement('div');
    shadow.append(box);
    render(
      <DialogRootContext.Provider value={box}>
        <Dialog open onOpenChange={() => undefined} title="Help">
          <button type="button">Inside</button>
        </Dialog>
      </DialogRootContext.Provider>,
    );
    await settle();
    expect(box.querySelector('[role="dialog"]')).not.toBeNull();
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();
    host.remove();
  });

  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});
