import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stepper } from './stepper';

afterEach(cleanup);

const stepLabel = (step: number, count: number) => `Step ${step} of ${count}`;

describe('Stepper', () => {
  it('marks the current step and describes each step for screen readers', () => {
    render(<Stepper count={6} current={1} stepLabel={stepLabel} doneLabel={(text) => `${text}, completed`} label="Progress" />);
    const list = screen.getByRole('list', { name: 'Progress' });
    const steps = screen.getAllByRole('listitem');
    expect(list.className).toBe('amwa-stepper');
    expect(document.querySelector('.amwa-stepper__caption')).toBeNull();
    expect(steps).toHaveLength(6);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, 'step', null, null, null, null]);
    expect(steps.map((step) => step.querySelector('.amwa-visually-hidden')?.textContent)).toEqual([
      'Step 1 of 6, completed',
      'Step 2 of 6',
      'Step 3 of 6',
      'Step 4 of 6',
      'Step 5 of 6',
      'Step 6 of 6',
    ]);
    // Told apart by shape too: a tick for a completed step, the number for the others.
    expect(steps.map((step) => (step.querySelector('.amwa-stepper__marker svg') ? 'tick' : step.querySelector('.amwa-stepper__marker')?.textContent))).toEqual([
      'tick',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(steps.map((step) => step.dataset.state)).toEqual([
      'complete',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });

  it('shows the count under the markers, and completes the last step when all are done, saying so only to screen readers', () => {
    render(<Stepper count={6} current={6} stepLabel={stepLabel} doneLabel={(text) => `${text}, completed`} caption="Step 6 of 6" />);
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.state)).toEqual(Array(6).fill('complete'));
    expect(steps.some((step) => step.getAttribute('aria-current'))).toBe(false);
    const caption = document.querySelector('.amwa-stepper__caption')!;
    expect(caption.textContent).toBe('Step 6 of 6');
    // 'completed' is in the list's screen-reader words, never drawn.
    expect(steps.map((step) => step.querySelector('.amwa-visually-hidden')?.textContent)).toContain('Step 6 of 6, completed');
    const drawn = [...document.querySelectorAll('.amwa-stepper-block *')].filter((element) => !element.closest('.amwa-visually-hidden') && element.childNodes.length && [...element.childNodes].every((node) => node.nodeType === 3));
    expect(drawn.map((element) => element.textContent).join(' ')).not.toMatch(/completed/);
    // The list says it already: the caption is for the eye only.
    expect(caption.getAttribute('aria-hidden')).toBe('true');
  });
});
