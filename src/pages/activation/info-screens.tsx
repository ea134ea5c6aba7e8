import { useAmwa, useT } from '../../context';
import { Alert } from '../../ui/alert';
import { ScannerIllustration, SuccessIllustration } from '../../ui/illustrations';
import { AppLink } from '../app-link';
import { StepCard, type ScreenProps } from './step-card';

/** 'Your PIN code is set!' after the PIN step. */
export function PinSet({ activation, titleRef, position }: ScreenProps) {
  const t = useT();
  return (
    <StepCard
      title={t('activation.pinSet.title')}
      titleRef={titleRef}
      position={position}
      backToLogin={false}
      primary={{ label: t('common.next'), track: 'next', onClick: () => activation.next() }}
    >
      <p>{t('activation.pinSet.text')}</p>
    </StepCard>
  );
}

/** What to choose on the scanner before the last colour code: Done, then Yes and Next. */
export function DoneYesNext({ activation, titleRef, position }: ScreenProps) {
  const t = useT();
  const word = (key: string) => t(`activation.doneYesNext.${key}`);
  return (
    <StepCard
      title={word('title')}
      titleRef={titleRef}
      position={position}
      backToLogin={false}
      primary={{ label: t('common.next'), track: 'next', onClick: () => activation.next() }}
    >
      <p>{word('text')}</p>
      <div className="amwa-illustrations">
        <ScannerIllustration
          screen={[word('newPin'), '• • • • •', word('minDigits')]}
          keys={[{ label: word('done'), chosen: true }]}
          caption={word('captionDone')}
        />
        <ScannerIllustration
          screen={[word('pinSet'), word('continue')]}
          keys={[
            { label: word('yes'), chosen: true },
            { label: word('next'), chosen: true },
          ]}
          caption={word('captionYesNext')}
        />
      </div>
    </StepCard>
  );
}

/**
 * 'And you're done': scanner and PIN are the keys; the coordinator note unless level of assurance
 * 2. When the logout named a corporate-portal logout, leaving goes there (a full navigation), so
 * the portal's session ends too; otherwise to the scanner logon.
 */
export function Done({ state, titleRef, position }: ScreenProps) {
  const t = useT();
  const { analytics } = useAmwa();
  const label = t('activation.done.logOn');
  return (
    <StepCard
      title={t('activation.done.title')}
      titleRef={titleRef}
      position={position}
      backToLogin={false}
      media={<SuccessIllustration />}
      primaryLink={
        state.logoutUrl ? (
          <a
            className="amwa-button amwa-button--primary"
            href={state.logoutUrl}
            onClick={() => analytics.element({ elementType: 'link', content: 'log-on-with-scanner', position, event: 'clicked' })}
          >
            {label}
          </a>
        ) : (
          <AppLink className="amwa-button amwa-button--primary" to="/pages/logon/scanner" fullPage track="log-on-with-scanner">
            {label}
          </AppLink>
        )
      }
    >
      <p>{t('activation.done.keys')}</p>
      {state.levelOfAssurance !== 2 && <Alert variant="info">{t('activation.done.coordinator')}</Alert>}
    </StepCard>
  );
}
