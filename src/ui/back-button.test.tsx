import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BackButton } from './back-button';

afterEach(cleanup);

describe('BackButton', () => {
  it('is a secondary button that never submits a form', () => {
    render(
      <form>
        <BackButton label="Back" onTrack={() => undefined} onBack={() => undefined} />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Back' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('amwa-button amwa-button--secondary');
  });

  it("reports the click as 'back', then goes back", async () => {
    const calls: string[] = [];
    render(<BackButton label="Back" onTrack={(content) => calls.push(`track ${content}`)} onBack={() => calls.push('back')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(calls).toEqual(['track back', 'back']);
  });

  it('reports the content it is given, and works by keyboard', async () => {
    const calls: string[] = [];
    render(<BackButton label="Back to login" content="back-to-login" onTrack={(content) => calls.push(`track ${content}`)} onBack={() => calls.push('back')} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(calls).toEqual(['track back-to-login', 'back']);
  });
});
