import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useContext, useLayoutEffect, useRef } from 'react';
import { useWidgetId } from './widget-id';
import { Button } from './button';
import { DialogRootContext } from './dialog-root';
import { cx } from './cx';
import { ArrowLeftIcon, CloseIcon } from './icons';
import { useFlowStyles } from './use-styles';
import type { DialogProps } from './dialog';

// floating-ui's focus trap, dismissal and portal: loaded only for dialogs (./dialog.tsx), so a
// page that shows none never waits for them.

/** The dialog of ./dialog.tsx, drawn: focus trap and return, Escape and outside presses, scroll lock. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  role = 'dialog',
  closeLabel,
  backLabel,
  onBack,
  confirmLabel,
  onConfirm,
  dismissLabel,
  onDismiss,
  viewKey,
  root,
  className,
}: DialogProps) {
  useFlowStyles();
  const contextRoot = useContext(DialogRootContext);
  // Escape dismisses and closes (spec section 4): the dismiss callback runs as the dismiss button's would.
  const { refs, context } = useFloating({
    open,
    onOpenChange: (next, _event, reason) => {
      if (!next && reason === 'escape-key') onDismiss?.();
      onOpenChange(next);
    },
  });
  const { getFloatingProps } = useInteractions([useDismiss(context), useRole(context, { role })]);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useWidgetId();
  const descriptionId = useWidgetId();
  const shownView = useRef<typeof viewKey | null>(null);

  // A new view of an open dialog focuses its title, in the same frame as the old view's control
  // goes (never leaving focus on the page in between). Opening is left to the focus manager: it
  // records the opener (to give focus back on close) before anything inside takes focus.
  useLayoutEffect(() => {
    if (open && shownView.current !== null && shownView.current !== viewKey) titleRef.current?.focus();
    shownView.current = open ? viewKey : null;
  }, [open, viewKey]);

  if (!open) return null;

  const close = (callback?: () => void) => () => {
    callback?.();
    onOpenChange(false);
  };

  return (
    <FloatingPortal root={root ?? contextRoot}>
      <FloatingOverlay lockScroll className="amwa-dialog__overlay">
        <FloatingFocusManager context={context} initialFocus={titleRef}>
          <div
            ref={refs.setFloating}
            {...getFloatingProps({
              className: cx('amwa-dialog', className),
              'aria-labelledby': titleId,
              'aria-describedby': description ? descriptionId : undefined,
              'aria-modal': true,
            })}
          >
            {/* The title comes first in the DOM (Back is drawn before it): a new view focuses the
                title, and Tab from there reaches Back before Close. */}
            <div className="amwa-dialog__header">
              <h2 id={titleId} ref={titleRef} tabIndex={-1} className="amwa-dialog__title">
                {title}
              </h2>
              {onBack && backLabel && (
                <button type="button" className="amwa-icon-button amwa-dialog__back" aria-label={backLabel} onClick={onBack}>
                  <ArrowLeftIcon />
                </button>
              )}
              {closeLabel && (
                <button type="button" className="amwa-icon-button amwa-dialog__close" aria-label={closeLabel} onClick={close()}>
                  <CloseIcon />
                </button>
              )}
            </div>
            <div className="amwa-dialog__body">
              {description && <p id={descriptionId}>{description}</p>}
              {children}
            </div>
            {(confirmLabel || dismissLabel) && (
              <div className="amwa-dialog__footer">
                {dismissLabel && (
                  <Button variant="secondary" onClick={close(onDismiss)}>
                    {dismissLabel}
                  </Button>
                )}
                {confirmLabel && <Button onClick={close(onConfirm)}>{confirmLabel}</Button>}
              </div>
            )}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
