import { type ReactNode, type Ref } from 'react';
import { useWidgetId } from './widget-id';
import { Button } from './button';
import { cx } from './cx';
import { FOCUS_RESCUE } from './focus-rescue';
import { icon } from './icons';
import { Spinner } from './spinner';
import { useFlowStyles } from './use-styles';

/** What a status block shows: the code itself, a wait, or a code that can no longer be used. */
export type StatusBlockStatus = 'loading' | 'shown' | 'busy' | 'expired' | 'failed';

/** A clock with a stopped hand: the code ran out (not a broken image). */
export const ExpiredIcon = icon('expired', () => (
  <>
    <circle cx={12} cy={12} r={9} />
    <path d="M12 7v5l3 2" />
  </>
));

/** A circular arrow: the code could not be used, get a new one (a failure, not a time-out). */
export const RetryIcon = icon('retry', () => (
  <>
    <path d="M20 12a8 8 0 1 1-2.34-5.66" />
    <path d="M20 4v4h-4" />
  </>
));

/** Props of {@link StatusBlock}. */
export interface StatusBlockProps {
  status: StatusBlockStatus;
  /** The code (shown) or its faded placeholder (expired, failed), drawn inside the frame. */
  picture?: ReactNode;
  /** Spinner label while loading or busy. */
  waitLabel: string;
  /** Why the code can no longer be used; announced politely. */
  message: string;
  refreshLabel: string;
  onRefresh(): void;
  /** Where focus goes when Refresh is pressed (the block itself). */
  boxRef?: Ref<HTMLDivElement>;
  className?: string;
  /** The element's `data-state`: the machine's own status name. */
  dataState?: string;
}

/**
 * The frame every code shares (QR code, colour code): one fixed size for loading, shown, expired
 * and failed, so nothing below it moves. Expired or failed, the frame keeps the code's place with
 * a faded placeholder, a clock (expired) or a circular arrow (failed), why, and Refresh inside it;
 * a click anywhere on it refreshes too.
 */
export function StatusBlock({ status, picture, waitLabel, message, refreshLabel, onRefresh, boxRef, className, dataState }: StatusBlockProps) {
  useFlowStyles();
  const messageId = useWidgetId();
  const stale = status === 'expired' || status === 'failed';
  return (
    <div ref={boxRef} tabIndex={-1} className={cx('amwa-status', className)} data-status={status} data-state={dataState ?? status}>
      <div className="amwa-status__frame">
        {picture}
        {(status === 'loading' || status === 'busy') && <Spinner className="amwa-status__spinner" label={waitLabel} />}
        {/* A click beside the button refreshes as well; the button is the keyboard's way. */}
        <div className="amwa-status__panel" onClick={stale ? onRefresh : undefined}>
          {status === 'expired' && <ExpiredIcon className="amwa-status__icon" />}
          {status === 'failed' && <RetryIcon className="amwa-status__icon" />}
          <p id={messageId} role="status" className={cx('amwa-status__message', className && `${className}__message`)} {...(stale && { tabIndex: -1, ...FOCUS_RESCUE })}>
            {message}
          </p>
          {stale && (
            <Button
              variant="secondary"
              aria-describedby={messageId}
              onClick={(event) => {
                event.stopPropagation();
                onRefresh();
              }}
            >
              {refreshLabel}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
