import type { Ref } from 'react';
import { useAmwa, useT } from '../../context';
import type { Lockout } from '../../core/flows/lockout';
import { CODE_ERRORS } from '../../core/flows/scanner-logon';
import { Card } from '../../ui/card';
import { backTarget } from '../back-to-login';
import { Reference, WayOn } from '../end-screen';
import { HelpButton } from '../help-button';

/** Props of {@link LockedStep}. */
export interface LockedStepProps {
  lockout: Lockout | undefined;
  onHelp(): void;
  /** Analytics page name of the step. */
  position: string;
  titleRef: Ref<HTMLHeadingElement>;
}

/**
 * The fifth wrong code (403): the scanner is deactivated and the logon is over. One screen says so
 * (the spec's message: an e-mail tells how to regain access), with the time and trace id for the
 * service team and back to login as the only way on; no colour code, field or Log on is left.
 */
export function LockedStep({ lockout, onHelp, position, titleRef }: LockedStepProps) {
  const t = useT();
  const { settings, analytics, cookies } = useAmwa();
  return (
    <Card
      cardTitle={t('endings.scannerLockedTitle')}
      headingLevel={1}
      titleRef={titleRef}
      footer={
        <HelpButton
          onClick={() => {
            analytics.element({ elementType: 'button', content: 'help', position, event: 'clicked' });
            onHelp();
          }}
        />
      }
      actions={
        // Like the user ID step's back to login, it forgets the remembered logon type: the scanner is gone.
        <WayOn to={backTarget(settings.businessContext)} onNavigate={() => cookies.logonType.clear()} track="back-to-login">
          {t('common.backToLogin')}
        </WayOn>
      }
    >
      <p>{t(CODE_ERRORS[403])}</p>
      {lockout && <Reference time={new Date(lockout.date)} traceId={lockout.traceId} />}
    </Card>
  );
}
