import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDialogCode } from './dialog';
import { HelpDialog, type HelpTopic } from './help-dialog';

const topics: HelpTopic[] = [
  { id: 'pin', situation: 'I forgot my PIN', resolution: 'Ask your **coordinator**.' },
  { id: 'lost', situation: 'My scanner is lost', resolution: 'Report it: [call us](tel:+31000)', extra: <p>extra content</p> },
];

function Harness({ initialTopic, onTrack }: { initialTopic?: string; onTrack?: (content: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Help</button>
      <HelpDialog open={open} onOpenChange={setOpen} title="Help" topics={topics} initialTopic={initialTopic} closeLabel="Close" backLabel="Back" onTrack={onTrack} />
    </>
  );
}

// The dialog code is a chunk of its own (./dialog.tsx); here it is loaded before the first test.
beforeAll(() => loadDialogCode());

describe('HelpDialog', () => {
  it('shows the list, then a topic with a back arrow that returns to the list', async () => {
    const user = userEvent.setup();
    const onTrack = vi.fn();
    render(<Harness onTrack={onTrack} />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('heading', { name: 'Help' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'My scanner is lost' }));
    expect(screen.getByRole('heading', { name: 'My scanner is lost' })).toBeTruthy();
    expect(screen.getByText('extra content')).toBeTruthy();
    expect(onTrack).toHaveBeenCalledWith('help:lost');
    await user.click(screen.getByRole('link', { name: 'call us' }));
    expect(onTrack).toHaveBeenCalledWith('help:lost:tel:+31000');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'I forgot my PIN' })).toBeTruthy();
  });

  it('opens at a preselected topic every time it opens', async () => {
    const user = userEvent.setup();
    render(<Harness initialTopic="pin" />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('heading', { name: 'I forgot my PIN' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('heading', { name: 'I forgot my PIN' })).toBeTruthy();
  });
});
