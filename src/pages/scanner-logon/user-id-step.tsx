import { useState, type Ref } from 'react';
import { useWidgetId } from '../../ui/widget-id';
import { useAmwa, useT } from '../../context';
import { scannerUserId } from '../../core/validate/validators';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Form } from '../../ui/form';
import { ScannerIcon } from '../../ui/scanner-icon';
import { BackToLogin } from '../back-to-login';
import { localise } from './localise';
import { HelpButton } from '../help-button';
import { TooManyAttempts } from '../too-many-attempts';

/** Props of {@link UserIdStep}. */
export interface UserIdStepProps {
  initialUserId: string;
  /** The session is being started: Next is busy. */
  busy: boolean;
  /** A 429's wait: Next is held back this many seconds, and the user told so. */
  retryInS?: number;
  onNext(userId: string, remember: boolean): void;
  onHelp(): void;
  /** Analytics page name of the step. */
  position: string;
  titleRef: Ref<HTMLHeadingElement>;
}

/** Step 1: scanner icon, User ID, Remember me (with the cookie note), back to login, Help, Next. */
export function UserIdStep({ initialUserId, busy, retryInS, onNext, onHelp, position, titleRef }: UserIdStepProps) {
  const t = useT();
  const { settings, cookies, analytics } = useAmwa();
  const formId = useWidgetId();
  const [userId, setUserId] = useState(initialUserId);
  const [remember, setRemember] = useState(() => cookies.userId.get() !== undefined);
  const click = (content: string, elementType = 'button') => analytics.element({ elementType, content, position, event: 'clicked' });
  const message = t('validation.scannerUserId');

  return (
    <Card
      cardTitle={t('scannerLogon.title')}
      headingLevel={1}
      titleRef={titleRef}
      footer={<HelpButton onClick={() => { click('help'); onHelp(); }} />}
      actions={
        <>
          <BackToLogin clear />
          <Button type="submit" form={formId} loading={busy} disabled={retryInS !== undefined} onClick={() => click('next')}>
            {t('common.next')}
          </Button>
        </>
      }
    >
      <ScannerIcon className="amwa-scanner-logon__icon" />
      <Form id={formId} onSubmit={() => onNext(userId, remember)}>
        <Field
          label={t('scannerLogon.userId')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={userId}
          onChange={setUserId}
          required
          errorMessage={message}
          validators={[{ ...localise(scannerUserId(), t), message }]}
        />
        <Checkbox
          name="remember-me"
          label={t('scannerLogon.rememberMe')}
          checked={remember}
          onCheckedChange={(checked) => {
            click(checked === true ? 'remember-me:on' : 'remember-me:off', 'checkbox');
            setRemember(checked === true);
          }}
          hint={
            <>
              {t('scannerLogon.rememberMeNote')}{' '}
              {settings.privacyUrl && (
                <a href={settings.privacyUrl} onClick={() => click('privacy-and-cookies', 'link')}>
                  {t('scannerLogon.privacyAndCookies')}
                </a>
              )}
            </>
          }
        />
      </Form>
      <TooManyAttempts seconds={retryInS} />
    </Card>
  );
}
