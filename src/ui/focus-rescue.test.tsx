import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FOCUS_RESCUE, useFocusRescue } from './focus-rescue';

afterEach(cleanup);

let expire: () => void = () => undefined;

function Page() {
  const ref = useRef<HTMLDivElement>(null);
  const [expired, setExpired] = useState(false);
  expire = () => setExpired(true);
  useFocusRescue(ref);
  return (
    <div ref={ref}>
      <p tabIndex={-1} {...FOCUS_RESCUE}>
        {expired ? 'This colour code has expired.' : ''}
      </p>
      <input aria-label="Response code" disabled={expired} />
      <button type="button">Elsewhere</button>
    </div>
  );
}

// MutationObserver callbacks run as microtasks after the render.
const flush = () => act(() => Promise.resolve());

describe('useFocusRescue', () => {
  it('moves focus from a control that became disabled to the message saying why', async () => {
    render(<Page />);
    screen.getByRole('textbox').focus();
    act(() => expire());
    await flush();
    expect(document.activeElement?.textContent).toBe('This colour code has expired.');
  });

  it('leaves focus the user moved elsewhere where it is', async () => {
    render(<Page />);
    screen.getByRole('textbox').focus();
    screen.getByRole('button').focus();
    act(() => expire());
    await flush();
    expect(document.activeElement).toBe(screen.getByRole('button'));
  });
});
