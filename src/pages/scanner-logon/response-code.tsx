import { useAmwa, useT } from '../../context';
import type { ColourCodeState } from '../../core/flows/colour-code';
import { formatLogonCode } from '../../core/validate/formatters';
import { parseDigits } from '../../core/validate/parsers';
import { logonCode } from '../../core/validate/validators';
import { Button } from '../../ui/button';
import { ColourCode } from '../../ui/colour-code';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { localise } from './localise';
import type { ScannerHelpTopic } from './scanner-help';

/** Props of {@link ResponseCode}. */
export interface ResponseCodeProps {
  /** Id of the form, so the card's submit button (outside it) can submit it. */
  formId: string;
  /** Name of the response-code field. */
  name: string;
  colour: ColourCodeState;
  code: string;
  onCodeChange(code: string): void;
  /** Message key of the server's verdict on the code. */
  codeError?: string;
  onSubmit(): void;
  onRefresh(): void;
  onHelp(topic?: ScannerHelpTopic): void;
  /** Analytics page name of the step. */
  position: string;
}

/** True while the colour code cannot be answered: expired, failed or still loading (spec section 4). */
export const unanswerable = (colour: ColourCodeState) => colour.status !== 'shown';

/**
 * A colour code and the response code the scanner shows for it: the image with its Refresh,
 * 'Trouble scanning the colour code?' and the checked, formatted code field. The code step and
 * the step-up both answer a colour code this way.
 */
export function ResponseCode({ formId, name, colour, code, onCodeChange, codeError, onSubmit, onRefresh, onHelp, position }: ResponseCodeProps) {
  const t = useT();
  const { settings, analytics } = useAmwa();
  const click = (content: string) => analytics.element({ elementType: 'button', content, position, event: 'clicked' });
  const length = colour.image?.responseLength ?? 7;
  const rule = logonCode({ length, checkDigit: colour.image?.responseCheckDigit ?? true });
  const message = t('validation.logonCode');

  return (
    <>
      <ColourCode
        state={colour}
        onRefresh={() => {
          click('refresh-colour-code');
          onRefresh();
        }}
        alt={t('scannerLogon.colourCodeAlt')}
        refreshLabel={t('scannerLogon.refresh')}
        expiredText={t('scannerLogon.colourCodeExpired')}
        // The technical alert above says what failed: the frame only says how on, so the error is said once.
        failedText={t('endings.refreshForNewCode')}
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
      <Form id={formId} onSubmit={onSubmit}>
        <Field
          label={t('scannerLogon.responseCode')}
          hint={t('scannerLogon.responseCodeHint', { count: length })}
          name={name}
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
          disabled={unanswerable(colour)}
        />
      </Form>
    </>
  );
}
