import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as icons from './icons';
import { ScannerIcon } from './scanner-icon';

afterEach(cleanup);

describe('icons', () => {
  const all = [...Object.entries(icons), ['ScannerIcon', ScannerIcon]].filter(([name]) => String(name).endsWith('Icon')) as [string, typeof ScannerIcon][];

  it.each(all)('%s is a decorative svg', (_name, Icon) => {
    const { container } = render(<Icon className="extra" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('focusable')).toBe('false');
    expect(svg?.getAttribute('class')).toContain('amwa-icon');
    expect(svg?.getAttribute('class')).toContain('extra');
    expect(svg?.childElementCount).toBeGreaterThan(0);
  });

  it('draws the scanner at 80x142', () => {
    const { container } = render(<ScannerIcon />);
    const svg = container.querySelector('svg');
    expect([svg?.getAttribute('width'), svg?.getAttribute('height')]).toEqual(['80', '142']);
    expect(svg?.getAttribute('viewBox')).toBe('0 0 80 142');
    // Body, screen, and the twelve keys of the keypad drawn as one path.
    const keys = svg?.querySelector('path')?.getAttribute('d') ?? '';
    expect(keys.match(/M/g)).toHaveLength(12);
    expect(keys).toContain('M17 66h6a3 3 0 0 1 3 3v4');
  });
});
