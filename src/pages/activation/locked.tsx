import { useT } from '../../context';
import { Reference, WayBackToLogin } from '../end-screen';
import { StepCard, type ScreenProps } from './step-card';

/**
 * Too many wrong confirmation codes (the finish step's 403): the activation is over. The spec's
 * message says what happens next (an e-mail); the time and trace id are for the service team, and
 * the only way on is back to the logon: no code, field or Next is left to send the call again.
 */
export function Locked({ state, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  return (
    <StepCard
      title={t('endings.activationLockedTitle')}
      titleRef={titleRef}
      position={position}
      backToLogin={false}
      onHelp={onHelp}
      primaryLink={<WayBackToLogin />}
    >
      <p>{t('validation.finishAttempts')}</p>
      {state.lockout && <Reference time={new Date(state.lockout.date)} traceId={state.lockout.traceId} />}
    </StepCard>
  );
}
