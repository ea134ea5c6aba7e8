import { useT } from '../../context';
import { Spinner } from '../../ui/spinner';
import { StepCard, type ScreenProps } from './step-card';

/** The means-agreement check: a spinner, or after a technical error the way to try again. */
export function MeansCheck({ activation, state, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  const failed = state.checkFailed;
  return (
    <StepCard
      // A failed check no longer says 'One moment, please': the heading tells what happened.
      title={t(failed ? 'errorPage.title' : 'activation.meansCheck.title')}
      titleRef={titleRef}
      position={position}
      backToLogin={failed}
      onHelp={failed ? onHelp : undefined}
      primary={failed ? { label: t('activation.meansCheck.retry'), track: 'retry', onClick: () => void activation.retryCheck() } : undefined}
    >
      {failed ? <p>{t('activation.meansCheck.failed')}</p> : <Spinner label={t('activation.meansCheck.checking')} />}
    </StepCard>
  );
}
