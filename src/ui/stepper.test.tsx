import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stepper } from './stepper';

afterEach(cleanup);

const stepLabel = (step: number, count: number) => `Step ${step} of ${count}`;

describe('Stepper', () => {
  it('marks the current step and describes each step for screen readers', () => {
    render(<Stepper count={6} current={1} stepLabel={stepLabel} label="Progress" />);
    const list = screen.getByRole('list', { name: 'Progress' });
    const steps = screen.getAllByRole('listitem');
    expect(list.className).toBe('amwa-stepper');
    expect(steps).toHaveLength(6);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, 'step', null, null, null, null]);
    expect(steps[1]?.querySelector('.amwa-visually-hidden')?.textContent).toBe('Step 2 of 6');
    expect(steps.map((step) => step.dataset.state)).toEqual([
      'complete',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });
});
