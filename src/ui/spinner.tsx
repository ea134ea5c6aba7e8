import { cx } from './cx';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** What is happening, announced to screen readers (e.g. 'Loading'). */
  label: string;
  className?: string;
}

/** A 100px busy indicator announced as a status; its motion calms down under prefers-reduced-motion (see styles). */
export function Spinner({ label, className }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={cx('amwa-spinner', className)}>
      <svg className="amwa-spinner__ring" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className="amwa-spinner__track" cx={50} cy={50} r={44} />
        <circle className="amwa-spinner__arc" cx={50} cy={50} r={44} />
      </svg>
      <span className="amwa-visually-hidden">{label}</span>
    </div>
  );
}
