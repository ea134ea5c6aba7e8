import { useState, type ReactNode } from 'react';
import { cx } from './cx';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';

/** What an alert reports; decides colour, icon and live-region role. */
export type AlertVariant = 'info' | 'error' | 'warning' | 'success';

/** Props of {@link Alert}. */
export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Accessible name of the close button; the alert is dismissible only when it is given. */
  closeLabel?: string;
  /** Heard after the user closes the alert; remount (change `key`) to show it again. */
  onDismiss?: () => void;
  /** Takes focus when the focused control is disabled for the reason it reports (`useFocusRescue`). */
  focusRescue?: boolean;
  className?: string;
}

const iconFor = { info: InfoIcon, error: ErrorIcon, warning: WarningIcon, success: SuccessIcon };

/** An alert box: errors interrupt (`role="alert"`), everything else is announced politely (`role="status"`). */
export function Alert({ variant = 'info', title, children, closeLabel, onDismiss, focusRescue, className }: AlertProps) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const Icon = iconFor[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cx('amwa-alert', `amwa-alert--${variant}`, className)}
      // The attribute of FOCUS_RESCUE, spelt out: Home's first load does without focus-rescue.ts.
      {...(focusRescue && { tabIndex: -1, 'data-focus-rescue': '' })}
    >
      <Icon className="amwa-alert__icon" />
      <div className="amwa-alert__content">
        {title && <div className="amwa-alert__title">{title}</div>}
        {children}
      </div>
      {closeLabel && (
        <button
          type="button"
          className="amwa-icon-button amwa-alert__close"
          aria-label={closeLabel}
          onClick={() => {
            setDismissed(true);
            onDismiss?.();
          }}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
