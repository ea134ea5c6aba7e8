import { useAmwa, useT } from '../../context';
import { technicalAlertTime } from '../../core/error-handler';
import { EMAIL_SLOT, RichText } from '../../ui/rich-text';
import { Spinner } from '../../ui/spinner';
import { Reference } from '../end-screen';
import { StepCard, type ScreenProps } from './step-card';

/**
 * The means-agreement check: a spinner, or after a technical error one screen that says so once:
 * the heading names what failed, the spec's technical text what to do, with the time and trace id
 * (the page shows no technical alert above it), and Try again.
 */
export function MeansCheck({ activation, state, technical, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  const { settings, analytics } = useAmwa();
  const failed = state.checkFailed;
  return (
    <StepCard
      title={t(failed ? 'endings.checkFailedTitle' : 'activation.meansCheck.title')}
      titleRef={titleRef}
      position={position}
      backToLogin={failed}
      onHelp={failed ? onHelp : undefined}
      primary={failed ? { label: t('activation.meansCheck.retry'), track: 'retry', onClick: () => void activation.retryCheck() } : undefined}
    >
      {failed ? (
        <>
          <RichText
            text={t('technicalError.text', EMAIL_SLOT)}
            values={{ email: settings.serviceEmail }}
            onLinkClick={() => analytics.element({ elementType: 'link', content: 'contact-us', position, event: 'clicked' })}
          />
          {technical && <Reference time={technicalAlertTime(technical.date)} traceId={technical.traceId} />}
        </>
      ) : (
        <Spinner label={t('activation.meansCheck.checking')} />
      )}
    </StepCard>
  );
}
