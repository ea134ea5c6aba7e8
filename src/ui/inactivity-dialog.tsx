import { useEffect, useState } from 'react';
import { Dialog } from './dialog';

/** How often the remaining time is announced to screen readers: politely, not every second. */
export const ANNOUNCE_EVERY_S = 10;

/** Props of {@link InactivityDialog}. */
export interface InactivityDialogProps {
  open: boolean;
  /** The user wants more time; closing the dialog in any way counts as that. */
  onContinue(): void;
  title: string;
  text: string;
  continueLabel: string;
  /** When the session ends (epoch ms): the dialog counts down to it. */
  deadline?: number;
  /** The countdown line for a remaining time such as '0:27'. */
  remaining?(time: string): string;
  now?: () => number;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Whole seconds left until `deadline`, ticking every second while there is one. */
function useSecondsLeft(deadline: number | undefined, now: () => number): number | undefined {
  const left = () => (deadline === undefined ? undefined : Math.max(0, Math.ceil((deadline - now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (deadline === undefined) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` only reads deadline and now
  }, [deadline, now]);
  return seconds;
}

/**
 * The inactivity warning (WCAG 2.2.1): an alert dialog that opens before the session ends and
 * gives the user one simple action to extend it. The remaining time counts down on screen (a
 * timer, which screen readers do not read out by itself) and is announced politely every 10 s.
 */
export function InactivityDialog({ open, onContinue, title, text, continueLabel, deadline, remaining, now = Date.now }: InactivityDialogProps) {
  const seconds = useSecondsLeft(open ? deadline : undefined, now);
  const countdown = seconds !== undefined && remaining ? remaining(clock(seconds)) : undefined;
  // The opening text says how long is left; the live region then changes once per 10 s step
  // (at 0:20, then 0:10), so a screen reader hears it without being flooded.
  const [openedWith, setOpenedWith] = useState<number>();
  useEffect(() => setOpenedWith(open && deadline !== undefined ? Math.ceil((deadline - now()) / 1000) : undefined), [open, deadline, now]);
  const step = seconds === undefined ? undefined : Math.ceil(seconds / ANNOUNCE_EVERY_S) * ANNOUNCE_EVERY_S;
  const announcement = remaining && step !== undefined && openedWith !== undefined && step > 0 && step < openedWith ? remaining(clock(step)) : '';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onContinue()}
      role="alertdialog"
      title={title}
      confirmLabel={continueLabel}
      description={text}
      className="amwa-inactivity"
    >
      {countdown && (
        <p role="timer" className="amwa-inactivity__countdown">
          {countdown}
        </p>
      )}
      <p className="amwa-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </Dialog>
  );
}
