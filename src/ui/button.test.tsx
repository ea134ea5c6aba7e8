import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, LinkButton } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('is a primary type=button by default', () => {
    render(<Button>Next</Button>);
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('amwa-button amwa-button--primary');
  });

  it('applies the variant and forwards the ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} variant="secondary" className="extra">
        Help
      </Button>,
    );
    expect(ref.current?.className).toBe('amwa-button amwa-button--secondary extra');
  });

  it('calls onClick when pressed', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Next</Button>);
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('ignores presses while loading but stays focusable and busy', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button type="submit" loading onClick={onClick}>
          Next
        </Button>
      </form>,
    );
    const button = screen.getByRole('button');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(button);
  });

  it('does nothing when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Next
      </Button>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('LinkButton', () => {
  it('renders a link styled as a button', () => {
    render(
      <LinkButton href="/pages/activate-scanner" variant="link">
        Activate your scanner first
      </LinkButton>,
    );
    const link = screen.getByRole('link', { name: 'Activate your scanner first' });
    expect(link.getAttribute('href')).toBe('/pages/activate-scanner');
    expect(link.className).toBe('amwa-button amwa-button--link');
  });
});
