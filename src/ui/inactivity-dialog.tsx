import { Dialog } from './dialog';

/** Props of {@link InactivityDialog}. */
export interface InactivityDialogProps {
  open: boolean;
  /** The user wants more time; closing the dialog in any way counts as that. */
  onContinue(): void;
  title: string;
  text: string;
  continueLabel: string;
}

/**
 * The inactivity warning (WCAG 2.2.1): an alert dialog that opens before the session ends and
 * gives the user one simple action to extend it.
 */
export function InactivityDialog({ open, onContinue, title, text, continueLabel }: InactivityDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onContinue()}
      role="alertdialog"
      title={title}
      confirmLabel={continueLabel}
      description={text}
      className="amwa-inactivity"
    />
  );
}
