import { cx } from './cx';
import { CheckIcon } from './icons';
import { useFlowStyles } from './use-styles';

/** Props of {@link Stepper}. */
export interface StepperProps {
  count: number;
  /** Zero-based index of the current step; `count` when every step is done. */
  current: number;
  /** Screen-reader text of a step, e.g. (2, 6) => 'Step 2 of 6: Confirm your email'. */
  stepLabel: (step: number, count: number) => string;
  /** Screen-reader text of a completed step, from its `stepLabel`: 'Step 1 of 6: …, completed'. */
  doneLabel: (label: string) => string;
  /** The visible line under the markers, 'Step 3 of 6': the screen's heading names the step, so the caption does not. */
  caption?: string;
  /** Accessible name of the whole list, e.g. 'Activation progress'. */
  label?: string;
  className?: string;
}

const stateOf = (index: number, current: number) =>
  index < current ? 'complete' : index === current ? 'current' : 'upcoming';

/**
 * A row of step markers that tells done, current and upcoming steps apart by shape as well as
 * colour (a tick, a thick ring, a thin ring), and in words for screen readers: completed steps
 * say so, the current one carries `aria-current="step"`. Under it a visible caption counts the
 * steps, 'Step 3 of 6' (the list already says it, so the caption is hidden from screen readers;
 * 'completed' stays in the list's words, never in the caption).
 */
export function Stepper({ count, current, stepLabel, doneLabel, caption, label, className }: StepperProps) {
  useFlowStyles();
  return (
    <div className={cx('amwa-stepper-block', className)}>
      <ol className="amwa-stepper" aria-label={label}>
        {Array.from({ length: count }, (_, index) => {
          const state = stateOf(index, current);
          const text = stepLabel(index + 1, count);
          return (
            <li key={index} className="amwa-stepper__step" data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="amwa-stepper__marker" aria-hidden="true">
                {state === 'complete' ? <CheckIcon /> : index + 1}
              </span>
              <span className="amwa-visually-hidden">{state === 'complete' ? doneLabel(text) : text}</span>
            </li>
          );
        })}
      </ol>
      {caption && (
        <p className="amwa-stepper__caption" aria-hidden="true">
          {caption}
        </p>
      )}
    </div>
  );
}
