import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { Card } from './card';

afterEach(cleanup);

describe('Card', () => {
  it('is a region named by its title heading', () => {
    render(<Card cardTitle="New Scanner?">body</Card>);
    const region = screen.getByRole('region', { name: 'New Scanner?' });
    expect(region.className).toBe('amwa-card');
    expect(screen.getByRole('heading', { level: 2, name: 'New Scanner?' })).toBeTruthy();
  });

  it('takes the heading level and hands out a focusable heading ref', () => {
    const titleRef = createRef<HTMLHeadingElement>();
    render(
      <Card cardTitle="Log on with" headingLevel={1} titleRef={titleRef}>
        body
      </Card>,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(titleRef.current).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
    titleRef.current?.focus();
    expect(document.activeElement).toBe(heading);
  });

  it('renders actions in a footer row and no heading without a title', () => {
    const { container } = render(<Card actions={<Button>Next</Button>}>body</Card>);
    expect(container.querySelector('h2')).toBeNull();
    expect(container.querySelector('.amwa-card__actions')?.textContent).toBe('Next');
  });
});
