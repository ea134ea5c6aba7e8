import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

afterEach(cleanup);

// Apart from dialog.test.tsx, which loads the dialog code before its tests: here it is not loaded yet.
describe('Dialog, its code not loaded yet', () => {
  it('draws nothing while closed, and an opened dialog as soon as its code has arrived', async () => {
    const { rerender } = render(<Dialog open={false} onOpenChange={() => undefined} title="Help" closeLabel="Close" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Dialog open onOpenChange={() => undefined} title="Help" closeLabel="Close" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByRole('dialog')).textContent).toContain('Help');
  });
});
