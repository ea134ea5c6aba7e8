import { useT } from '../../context';
import { Alert } from '../../ui/alert';
import { WayBackToLogin } from '../end-screen';
import { StepCard, type ScreenProps } from './step-card';

/** The scanner status alerts, where the activation ends: no scanner ('missing') or one already active ('effective'); back to login is the one way on. */
export function StatusAlert({ state, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  const status = state.screen === 'missing' ? 'missing' : 'effective';
  return (
    <StepCard
      title={t(`activation.${status}.title`)}
      titleRef={titleRef}
      position={position}
      backToLogin={false}
      onHelp={onHelp}
      primaryLink={<WayBackToLogin />}
    >
      <Alert variant="warning">{t(`activation.${status}.text`)}</Alert>
      <p>{t('activation.guidance.lostScanner')}</p>
      <p>{t('activation.guidance.whichScanner')}</p>
    </StepCard>
  );
}
