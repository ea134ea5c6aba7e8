import { useId, type Ref } from 'react';
import { useAmwa, useT } from '../../context';
import type { ColourCodeState } from '../../core/flows/colour-code';
import { formatLogonCode } from '../../core/validate/formatters';
import { parseDigits } from '../../core/validate/parsers';
import { logonCode } from '../../core/validate/validators';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ColourCode } from '../../ui/colour-code';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { HelpIcon } from '../../ui/icons';
import { AppLink } from '../app-link';
import { localise } from './localise';
import type { ScannerHelpTopic } from './scanner-help';

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
  onLogon(): void;
  onBack(): void;
  onRefresh(): void;
  onHelp(topic?: ScannerHelpTopic): void;
  /** Analytics page name of the step. */
  position: string;
  titleRef: Ref<HTMLHeadingElement>;
}

/** Step 2: the colour code, the response code, Log on, Back, Help and the way to activation. */
export function CodeStep({ userId, colour, code, onCodeChange, codeError, busy, onLogon, onBack, onRefresh, onHelp, position, titleRef }: CodeStepProps) {
  const t = useT();
  const { settings, analytics } = useAmwa();
  const formId = useId();
  const click = (content: string) => analytics.element({ elementType: 'button', content, position, event: 'clicked' });
  const length = colour.image?.responseLength ?? 7;
  const rule = logonCode({ length, checkDigit: colour.image?.responseCheckDigit ?? true });
  const message = t('validation.logonCode');
  // Expired, failed or still loading: nothing to answer yet (spec section 4).
  const unusable = colour.status !== 'shown';

  return (
    <Card
      cardTitle={t('scannerLogon.title')}
      headingLevel={1}
      titleRef={titleRef}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => {
              click('back');
              onBack();
            }}
          >
            {t('common.back')}
          </Button>
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            onClick={() => {
              click('help');
              onHelp();
            }}
          >
            <HelpIcon />
            {t('common.help')}
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={unusable} onClick={() => click('log-on')}>
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
      <ColourCode
        state={colour}
        onRefresh={() => {
          click('refresh-colour-code');
          onRefresh();
        }}
        alt={t('scannerLogon.colourCodeAlt')}
        refreshLabel={t('scannerLogon.refresh')}
        expiredText={t('scannerLogon.colourCodeExpired')}
        loadingLabel={t('scannerLogon.colourCodeLoading')}
        placeholderSrc={`${settings.staticPath}/image`}
      />
      <Button
        variant="link"
        aria-haspopup="dialog"
        onClick={() => {
          click('help:trouble-scanning');
          onHelp('trouble-scanning');
        }}
      >
        {t('scannerLogon.troubleScanning')}
      </Button>
      <Form id={formId} onSubmit={onLogon}>
        <Field
          label={t('scannerLogon.responseCode')}
          hint={t('scannerLogon.responseCodeHint', { length })}
          name="response-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={onCodeChange}
          formatter={(value) => formatLogonCode(value, length)}
          parser={parseDigits}
          required
          errorMessage={message}
          validators={[{ ...localise(rule, t), message }]}
          externalError={codeError && t(codeError)}
          disabled={unusable}
        />
      </Form>
      <p className="amwa-scanner-logon__activate">
        {t('home.newScanner')}{' '}
        <AppLink to="/pages/activate-scanner" fullPage track="activate-scanner">
          {t('home.activateFirst')}
        </AppLink>
      </p>
    </Card>
  );
}
