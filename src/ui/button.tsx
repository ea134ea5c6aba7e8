import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { cx } from './cx';
import { useFlowStyles } from './use-styles';

/** Visual weight of a button: filled (the primary action), outlined, a link in text, or a quiet text action (Help). */
export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'text';

/** Props of {@link Button}: a native button's, plus variant and loading. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** A request runs: the button ignores presses and says it is busy, but keeps focus. */
  loading?: boolean;
}

const classes = (variant: ButtonVariant, className?: string) =>
  cx('amwa-button', `amwa-button--${variant}`, className);

/** A button (the control height: 36px unless the host sets `--amwa-control-height`); `type="button"` unless told otherwise, so it never submits by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', loading = false, type = 'button', className, onClick, children, ...rest },
  ref,
) {
  useFlowStyles();
  // aria-disabled rather than disabled while loading: a disabled button would drop keyboard focus.
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={classes(variant, className)}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      onClick={click}
    >
      {loading && <span className="amwa-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
});

/** Props of {@link LinkButton}: a native anchor's, plus variant. */
export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
}

/** A link that looks like a button: use it whenever pressing it navigates. */
export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton(
  { variant = 'primary', className, children, ...rest },
  ref,
) {
  useFlowStyles();
  return (
    <a {...rest} ref={ref} className={classes(variant, className)}>
      {children}
    </a>
  );
});
