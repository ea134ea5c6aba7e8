import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { lazyImport } from '../core/lazy-import';

/** Props of {@link Dialog}: controlled through `open` and `onOpenChange`. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The dialog's message, announced with its title (`aria-describedby`); shown above `children`. */
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for a dialog that needs an answer, such as the inactivity warning. */
  role?: 'dialog' | 'alertdialog';
  /** Accessible name of the header's close button; no close button without it. */
  closeLabel?: string;
  /** A header back arrow (e.g. detail → list in help) is shown when both are given. */
  backLabel?: string;
  onBack?: () => void;
  /** Footer buttons: each runs its callback, then closes the dialog. */
  confirmLabel?: string;
  onConfirm?: () => void;
  dismissLabel?: string;
  onDismiss?: () => void;
  /** Changing it (e.g. list ↔ detail) moves focus to the title, as a new view would. */
  viewKey?: string | number;
  /** Portal target; defaults to {@link DialogRootContext}, then `document.body`. */
  root?: HTMLElement | ShadowRoot;
  className?: string;
}

/** The modal and floating-ui under it, about a quarter of the pages' code: fetched when the pointer or focus reaches a Help button, or when a dialog opens. */
const modal = lazyImport(() => import('./modal'), {
  report: (error) => console.warn('amwa: the dialog code could not be loaded ahead of use; it is tried again when a dialog opens', error),
});
let loaded: typeof import('./modal') | undefined;

/** Loads the dialog code now; every dialog rendered after it draws in its first render. */
export async function loadDialogCode(): Promise<void> {
  loaded ??= await modal.get();
}

/** Starts loading the dialog code ahead of an opening (a pointer on a Help button); a failure is reported, and tried again on open. */
export function warmDialogCode(): void {
  if (!loaded) modal.warm();
}

/**
 * A modal dialog, 400px wide (at most the viewport less 32px): focus moves to
 * its title and is trapped inside, Escape dismisses and closes it (`onDismiss`, then
 * `onOpenChange(false)`), a press outside closes it, body
 * scrolling is locked, and focus returns where it was on close. Its code loads apart from the
 * page's, when the first dialog opens (or a pointer on a Help button asks ahead): the dialog shows
 * once it is there, and one whose code cannot be fetched fails the page as any missing chunk does.
 */
export function Dialog(props: DialogProps): ReactElement | null {
  const [module, setModule] = useState(loaded);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const { open } = props;
  useEffect(() => {
    // Nothing loads for a closed dialog: a screen pays for dialogs only once one opens.
    if (module || !open) return;
    let mounted = true;
    modal.get().then(
      (done) => {
        loaded = done;
        if (mounted) setModule(done);
      },
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => void (mounted = false);
  }, [module, open]);
  if (failure && open) throw failure.error;
  return module ? <module.Modal {...props} /> : null;
}
