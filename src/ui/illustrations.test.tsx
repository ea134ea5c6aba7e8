import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScannerIllustration } from './illustrations';

afterEach(cleanup);

describe('ScannerIllustration', () => {
  it('is an image named by its visible caption, so the drawing’s own text is not read twice', () => {
    render(<ScannerIllustration screen={['New PIN', 'At least 5 digits']} keys={[{ label: 'Done', chosen: true }]} caption="Choose Done." />);
    const drawing = screen.getByRole('img', { name: 'Choose Done.' });
    expect(drawing.tagName.toLowerCase()).toBe('svg');
    expect(drawing.closest('figure')?.querySelector('figcaption')?.textContent).toBe('Choose Done.');
    expect([...drawing.querySelectorAll('text')].map((text) => text.textContent)).toEqual(['New PIN', 'At least 5 digits', 'Done']);
  });

  it('marks the keys to press and squeezes screen lines too long for the screen', () => {
    const { container } = render(
      <ScannerIllustration
        screen={['PIN', 'Legalább 5 számjegy kell']}
        keys={[{ label: 'Yes', chosen: true }, { label: 'No' }]}
        caption="Choose Yes."
      />,
    );
    const keys = [...container.querySelectorAll('.amwa-illustration__key')];
    expect(keys.map((key) => key.classList.contains('amwa-illustration__key--chosen'))).toEqual([true, false]);
    const [short, long] = container.querySelectorAll('text');
    expect(short?.getAttribute('textLength')).toBeNull();
    expect(long?.getAttribute('textLength')).toBe('112');
  });
});
