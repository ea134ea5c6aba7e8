import { useT } from '../../context';
import { StepCard, type ScreenProps } from './step-card';

/** The six steps, as the overview lists them and the stepper names them. */
export const ACTIVATION_STEP_KEYS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6'] as const;

/** 'Activate your scanner': the six steps ahead, back to login, Help, 'Start activation'. */
export function Overview({ activation, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  return (
    <StepCard
      title={t('activation.overview.title')}
      titleRef={titleRef}
      position={position}
      backToLogin="clear"
      onHelp={onHelp}
      primary={{ label: t('activation.overview.start'), track: 'start-activation', onClick: () => activation.start() }}
    >
      <p className="amwa-activation__subtitle">{t('activation.overview.subtitle')}</p>
      <ol className="amwa-activation__overview">
        {ACTIVATION_STEP_KEYS.map((key) => (
          <li key={key}>{t(`activation.steps.${key}`)}</li>
        ))}
      </ol>
    </StepCard>
  );
}
