import { useEffect, useState, useSyncExternalStore, type Ref } from 'react';
import { useWidgetId } from '../../ui/widget-id';
import { useAmwa, useT } from '../../context';
import type { Authentication } from '../../core/flows/authentication';
import type { ColourCode } from '../../core/flows/colour-code';
import { SCANNER_MEANS } from '../../core/flows/scanner-logon';
import { Alert } from '../../ui/alert';
import { BackButton } from '../../ui/back-button';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ResponseCode, unanswerable } from './response-code';
import type { ScannerHelpTopic } from './scanner-help';
import { HelpButton } from '../help-button';
import { TooManyAttempts } from '../too-many-attempts';

/** Props of {@link StepUpStep}. */
export interface StepUpStepProps {
  /** The authentication in its step-up: the means on screen first, the others to swap to. */
  authentication: Authentication;
  /** The step-up's colour code, loaded once the scanner is the means on screen. */
  colourCode: ColourCode;
  /** Message key of the server's verdict on the code. */
  codeError?: string;
  /** Answering the colour code: Confirm is busy. */
  busy: boolean;
  /** A 429's wait: Confirm is held back this many seconds, and the user told so. */
  retryInS?: number;
  onConfirm(code: string): void;
  /** The user edits the code. */
  onCodeChange(): void;
  onBack(): void;
  onHelp(topic?: ScannerHelpTopic): void;
  /** Analytics page name of the step. */
  position: string;
  titleRef: Ref<HTMLHeadingElement>;
}

/**
 * The step-up after a partial result: the cheapest means first, a swap to the next one. The
 * scanner shows a second colour code to answer; any other means (the mobile app) cannot run
 * inside this widget, so it says so and offers the swap or Back.
 */
export function StepUpStep({ authentication, colourCode, codeError, busy, retryInS, onConfirm, onCodeChange, onBack, onHelp, position, titleRef }: StepUpStepProps) {
  const t = useT();
  const { analytics } = useAmwa();
  const formId = useWidgetId();
  const [code, setCode] = useState('');
  const { means } = useSyncExternalStore(authentication.subscribe, () => authentication.state, () => authentication.state);
  const colour = useSyncExternalStore(colourCode.subscribe, () => colourCode.state, () => colourCode.state);
  const scanner = means[0]?.componentName === SCANNER_MEANS.componentName;
  const click = (content: string) => analytics.element({ elementType: 'button', content, position, event: 'clicked' });

  // Loaded when the scanner comes on screen, and again after a further step-up dropped the code.
  useEffect(() => {
    if (scanner && colour.status === 'idle') colourCode.show();
  }, [scanner, colour.status, colourCode]);

  return (
    <Card
      cardTitle={t('scannerLogon.stepUpTitle')}
      headingLevel={1}
      titleRef={titleRef}
      footer={
        <>
          <HelpButton onClick={() => { click('help'); onHelp(); }} />
          {means.length > 1 && (
            <Button
              variant="text"
              disabled={busy}
              onClick={() => {
                click('switch-means');
                authentication.swap();
              }}
            >
              {t('session.switchMeans')}
            </Button>
          )}
        </>
      }
      actions={
        <>
          <BackButton label={t('common.back')} onTrack={click} onBack={onBack} />
          {scanner && (
            <Button type="submit" form={formId} loading={busy} disabled={unanswerable(colour) || retryInS !== undefined} onClick={() => click('confirm')}>
              {t('scannerLogon.confirm')}
            </Button>
          )}
        </>
      }
    >
      {scanner ? (
        <>
          <p>{t('scannerLogon.stepUpText')}</p>
          <ResponseCode
            formId={formId}
            name="step-up-code"
            colour={colour}
            code={code}
            onCodeChange={(next) => {
              setCode(next);
              onCodeChange();
            }}
            codeError={codeError}
            onSubmit={() => onConfirm(code)}
            onRefresh={() => {
              setCode('');
              colourCode.refresh();
            }}
            onHelp={onHelp}
            position={position}
          />
          <TooManyAttempts seconds={retryInS} />
        </>
      ) : (
        <Alert variant="info">{t('scannerLogon.stepUpUnavailable')}</Alert>
      )}
    </Card>
  );
}
