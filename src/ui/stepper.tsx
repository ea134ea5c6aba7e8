import { cx } from './cx';
import { useFlowStyles } from './use-styles';

/** Props of {@link Stepper}. */
export interface StepperProps {
  count: number;
  /** Zero-based index of the current step. */
  current: number;
  /** Screen-reader text of a step, e.g. (2, 6) => 'Step 2 of 6'. */
  stepLabel: (step: number, count: number) => string;
  /** Accessible name of the whole list, e.g. 'Activation progress'. */
  label?: string;
  className?: string;
}

const stateOf = (index: number, current: number) =>
  index < current ? 'complete' : index === current ? 'current' : 'upcoming';

/** A row of step markers; the current one carries `aria-current="step"`. */
export function Stepper({ count, current, stepLabel, label, className }: StepperProps) {
  useFlowStyles();
  return (
    <ol className={cx('amwa-stepper', className)} aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          className="amwa-stepper__step"
          data-state={stateOf(index, current)}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="amwa-stepper__marker" aria-hidden="true">
            {index + 1}
          </span>
          <span className="amwa-visually-hidden">{stepLabel(index + 1, count)}</span>
        </li>
      ))}
    </ol>
  );
}
