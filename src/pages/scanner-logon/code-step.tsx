import type { Ref } from 'react';
import { useWidgetId } from '../../ui/widget-id';
import { useAmwa, useT } from '../../context';
import type { ColourCodeState } from '../../core/flows/colour-code';
import { BackButton } from '../../ui/back-button';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { AppLink } from '../app-link';
import { ResponseCode, unanswerable } from './response-code';
import type { ScannerHelpTopic } from './scanner-help';
import { HelpButton } from '../help-button';
import { TooManyAttempts } from '../too-many-attempts';

/** Props of {@link CodeStep}. */
export interface CodeStepProps {
  userId: string;
  colour: ColourCodeState;
  code: string;
  onCodeChange(code: string): void;
  /** Message key of the server's verdict on the code. */
  codeError?: string;
  /** Logging on: Log on is busy. */
  busy: boolean;
  /** A 429's wait: Log on is held back this many seconds, and the user told so. */
  retryInS?: number;
  onLogon(): void;
  onBack(): void;
  onRefresh(): void;
  onHelp(topic?: ScannerHelpTopic): void;
  /** Analytics page name of the step. */
  position: string;
  titleRef: Ref<HTMLHeadingElement>;
}

/** Step 2: the colour code, the response code, Log on, Back, Help and the way to activation. */
export function CodeStep({ userId, colour, code, onCodeChange, codeError, busy, retryInS, onLogon, onBack, onRefresh, onHelp, position, titleRef }: CodeStepProps) {
  const t = useT();
  const { analytics } = useAmwa();
  const formId = useWidgetId();
  const click = (content: string) => analytics.element({ elementType: 'button', content, position, event: 'clicked' });

  return (
    <Card
      cardTitle={t('scannerLogon.title')}
      headingLevel={1}
      titleRef={titleRef}
      footer={
        <>
          <HelpButton onClick={() => { click('help'); onHelp(); }} />
          <p>
            {t('home.newScanner')}{' '}
            <AppLink to="/pages/activate-scanner" fullPage track="activate-scanner">
              {t('home.activateFirst')}
            </AppLink>
          </p>
        </>
      }
      actions={
        <>
          <BackButton label={t('common.back')} onTrack={click} onBack={onBack} />
          <Button type="submit" form={formId} loading={busy} disabled={unanswerable(colour) || retryInS !== undefined} onClick={() => click('log-on')}>
            {t('scannerLogon.logOn')}
          </Button>
        </>
      }
    >
      <dl className="amwa-facts">
        <dt>{t('scannerLogon.userId')}</dt>
        <dd>{userId}</dd>
      </dl>
      <ol className="amwa-scanner-logon__steps">
        <li>{t('scannerLogon.instructionPin')}</li>
        <li>{t('scannerLogon.instructionScan')}</li>
        <li>{t('scannerLogon.instructionCode')}</li>
      </ol>
      <ResponseCode
        formId={formId}
        name="response-code"
        colour={colour}
        code={code}
        onCodeChange={onCodeChange}
        codeError={codeError}
        onSubmit={onLogon}
        onRefresh={onRefresh}
        onHelp={onHelp}
        position={position}
      />
      <TooManyAttempts seconds={retryInS} />
    </Card>
  );
}
