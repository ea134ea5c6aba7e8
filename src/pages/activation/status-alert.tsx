import { useAmwa, useT } from '../../context';
import { Alert } from '../../ui/alert';
import { backTarget } from '../back-to-login';
import { WayOn } from '../end-screen';
import { StepCard, type ScreenProps } from './step-card';

/** The scanner status alerts, where the activation ends: no scanner ('missing') or one already active ('effective'); back to login is the one way on. */
export function StatusAlert({ state, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  const { settings } = useAmwa();
  const status = state.screen === 'missing' ? 'missing' : 'effective';
  return (
    <StepCard
      title={t(`activation.${status}.title`)}
      titleRef={titleRef}
      position={position}
      backToLogin={false}
      onHelp={onHelp}
      primaryLink={
        <WayOn to={backTarget(settings.businessContext)} track="back-to-login">
          {t('common.backToLogin')}
        </WayOn>
      }
    >
      <Alert variant="warning">{t(`activation.${status}.text`)}</Alert>
      <p>{t('activation.guidance.lostScanner')}</p>
      <p>{t('activation.guidance.whichScanner')}</p>
    </StepCard>
  );
}
