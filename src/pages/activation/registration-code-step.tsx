import { useState } from 'react';
import { useWidgetId } from '../../ui/widget-id';
import { useT } from '../../context';
import { parseDigits } from '../../core/validate/parsers';
import { registrationCodeCheck, registrationCodeFormat } from '../../core/validate/validators';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { localise } from '../scanner-logon/localise';
import { StepCard, type ScreenProps } from './step-card';
import { useServerError } from './use-server-error';

/** Step 2, 'Confirm your email': the e-mailed registration code (10 digits, Damm check). */
export function RegistrationCodeStep({ activation, state, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  const formId = useWidgetId();
  const serverError = useServerError(state);
  const [code, setCode] = useState('');
  return (
    <StepCard
      title={t('activation.registrationCode.title')}
      titleRef={titleRef}
      position={position}
      onHelp={onHelp}
      retryInS={state.retryInS}
      primary={{ label: t('common.next'), track: 'next', form: formId, busy: state.busy }}
    >
      <p>{t('activation.registrationCode.sent', { email: state.anonymizedEmail })}</p>
      <p>{t('activation.registrationCode.validity')}</p>
      <Form id={formId} onSubmit={() => void activation.submitRegistrationCode(code)}>
        <Field
          label={t('activation.registrationCode.label')}
          name="registration-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(value) => {
            setCode(value);
            activation.edit('registrationCode');
          }}
          parser={parseDigits}
          required
          errorMessage={t('validation.registrationCodeFormat')}
          validators={[localise(registrationCodeFormat(), t), localise(registrationCodeCheck(), t)]}
          externalError={serverError('registrationCode')}
        />
      </Form>
    </StepCard>
  );
}
