import { useState } from 'react';
import { useWidgetId } from '../../ui/widget-id';
import { useT } from '../../context';
import { formatConfirmationCode } from '../../core/validate/formatters';
import { parseDigits } from '../../core/validate/parsers';
import { finishCode, pinCode } from '../../core/validate/validators';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { localise } from '../scanner-logon/localise';
import { ActivationColourCode } from './activation-colour-code';
import { StepCard, type ScreenProps } from './step-card';
import { useColourCodeState } from './use-activation';
import { useServerError } from './use-server-error';

// What differs between the PIN and the finish screen: the rule, the field and the call.
const KINDS = {
  pin: { rule: pinCode, field: 'pinCode', submit: 'submitPin' },
  finish: { rule: finishCode, field: 'finishCode', submit: 'submitFinish' },
} as const;

/** A colour code and the confirmation code the scanner shows for it. */
function ConfirmationStep({ kind, activation, state, titleRef, position, onHelp }: ScreenProps & { kind: keyof typeof KINDS }) {
  const t = useT();
  const formId = useWidgetId();
  const serverError = useServerError(state);
  const colour = useColourCodeState(activation, kind);
  const [code, setCode] = useState('');
  const { rule, field, submit } = KINDS[kind];
  const validator = localise(rule(), t);
  const unusable = colour.status !== 'shown';
  return (
    <StepCard
      title={t(`activation.${kind}.title`)}
      titleRef={titleRef}
      position={position}
      backToLogin={false}
      onHelp={onHelp}
      retryInS={state.retryInS}
      primary={{ label: t('common.next'), track: 'next', form: formId, busy: state.busy, disabled: unusable }}
    >
      <p>{t(`activation.${kind}.instruction`)}</p>
      <ActivationColourCode activation={activation} screen={kind} state={colour} position={position} />
      <Form id={formId} onSubmit={() => void activation[submit](code)}>
        <Field
          label={t('activation.confirmationCode.label')}
          hint={t('activation.confirmationCode.hint')}
          name={`${kind}-confirmation-code`}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(value) => {
            setCode(value);
            activation.edit(field);
          }}
          formatter={formatConfirmationCode}
          parser={parseDigits}
          required
          errorMessage={validator.message}
          validators={[validator]}
          externalError={serverError(field)}
          disabled={unusable}
        />
      </Form>
    </StepCard>
  );
}

/** Step 4, 'Choose a PIN': the scanner confirms the new PIN with a 15-digit code. */
export const PinStep = (props: ScreenProps) => <ConfirmationStep kind="pin" {...props} />;

/** Step 5, 'Finish setting up your scanner': the last colour code, answered with 9 to 15 digits. */
export const FinishStep = (props: ScreenProps) => <ConfirmationStep kind="finish" {...props} />;
