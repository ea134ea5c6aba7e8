import { useState } from 'react';
import { useWidgetId } from '../../ui/widget-id';
import { useAmwa, useT } from '../../context';
import { formatSerial, SERIAL_PREFILL } from '../../core/validate/formatters';
import { parseDigits } from '../../core/validate/parsers';
import { serialNumber } from '../../core/validate/validators';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { localise } from '../scanner-logon/localise';
import { ActivationColourCode } from './activation-colour-code';
import { StepCard, type ScreenProps } from './step-card';
import { useColourCodeState } from './use-activation';
import { useServerError } from './use-server-error';

const PREFIX = parseDigits(SERIAL_PREFILL);
// The pre-filled prefix keeps its hyphen so the field reads '38-' before the user types.
const formatSerialField = (value: string) => (value === PREFIX ? SERIAL_PREFILL : formatSerial(value));

/** Step 3, 'Connect your scanner': the scanner shows its serial number for the colour code. */
export function SerialNumberStep({ activation, state, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  const { settings } = useAmwa();
  const formId = useWidgetId();
  const serverError = useServerError(state);
  const colour = useColourCodeState(activation, 'serialNumber');
  const [serial, setSerial] = useState(PREFIX);
  const message = t('validation.serialNumber');
  // Expired, failed or still loading: nothing to read the serial number from (spec section 4).
  const unusable = colour.status !== 'shown';
  return (
    <StepCard
      title={t('activation.serialNumber.title')}
      titleRef={titleRef}
      position={position}
      onHelp={onHelp}
      retryInS={state.retryInS}
      primary={{ label: t('common.next'), track: 'next', form: formId, busy: state.busy, disabled: unusable }}
    >
      <p>{t('activation.serialNumber.instruction')}</p>
      <ActivationColourCode activation={activation} screen="serialNumber" state={colour} position={position} />
      <Form id={formId} onSubmit={() => void activation.submitSerialNumber(serial)}>
        <Field
          label={t('activation.serialNumber.label')}
          hint={t('activation.serialNumber.hint')}
          name="serial-number"
          autoComplete="off"
          inputMode="numeric"
          value={serial}
          onChange={(value) => {
            setSerial(value);
            activation.edit('serialNumber');
          }}
          formatter={formatSerialField}
          parser={parseDigits}
          required
          errorMessage={message}
          validators={[{ ...localise(serialNumber(settings.scannerSerialMapping), t), message }]}
          externalError={serverError('serialNumber')}
          disabled={unusable}
        />
      </Form>
    </StepCard>
  );
}
