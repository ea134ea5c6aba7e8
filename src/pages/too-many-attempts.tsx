import { useT } from '../context';
import { Alert } from '../ui/alert';

/**
 * 'Too many attempts. Try again in N seconds.' while a 429's wait holds a step's action back;
 * nothing otherwise. Stated once, not counted down, so a screen reader hears it once (a live
 * countdown would speak every second); the action's control comes back when the time is up.
 * Focus lands here when it was on the control the wait disabled.
 */
export function TooManyAttempts({ seconds }: { seconds: number | undefined }) {
  const t = useT();
  if (seconds === undefined) return null;
  return (
    <Alert variant="warning" focusRescue className="amwa-too-many-attempts">
      {t('rateLimit.tryAgainIn', { count: seconds })}
    </Alert>
  );
}
