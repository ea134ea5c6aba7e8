import { useState } from 'react';
import { useWidgetId } from '../../ui/widget-id';
import { useT } from '../../context';
import { activationUserId, email as emailRule } from '../../core/validate/validators';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { localise } from '../scanner-logon/localise';
import { StepCard, type ScreenProps } from './step-card';
import { useServerError } from './use-server-error';

/** Step 1, 'Enter your user ID and email': the OTP request. */
export function CredentialsStep({ activation, state, titleRef, position, onHelp }: ScreenProps) {
  const t = useT();
  const formId = useWidgetId();
  const serverError = useServerError(state);
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const userIdMessage = t('validation.activationUserId');
  const emailMessage = t('validation.email');
  return (
    <StepCard
      title={t('activation.credentials.title')}
      titleRef={titleRef}
      position={position}
      onHelp={onHelp}
      retryInS={state.retryInS}
      primary={{ label: t('common.next'), track: 'next', form: formId, busy: state.busy }}
    >
      <Form id={formId} onSubmit={() => void activation.submitCredentials(userName, email)}>
        <Field
          label={t('activation.credentials.userId')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={userName}
          onChange={(value) => {
            setUserName(value);
            activation.edit('userName');
          }}
          required
          errorMessage={userIdMessage}
          validators={[{ ...localise(activationUserId(), t), message: userIdMessage }]}
          externalError={serverError('userName')}
        />
        <Field
          label={t('activation.credentials.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            activation.edit('email');
          }}
          required
          errorMessage={emailMessage}
          validators={[{ ...localise(emailRule(), t), message: emailMessage }]}
          externalError={serverError('email')}
          // One verdict on both fields (a 400) is announced once, from the user ID; every other
          // message here (the format check, errorCode 14's empty one) is this field's own.
          announceError={!serverError('email') || serverError('email') !== serverError('userName')}
        />
      </Form>
    </StepCard>
  );
}
