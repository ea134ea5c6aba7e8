import type { ReactNode, Ref } from 'react';
import { useAmwa, useT } from '../../context';
import type { Activation, ActivationState } from '../../core/flows/activation';
import type { TechnicalExceptionDetail } from '../../core/events';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { BackToLogin } from '../back-to-login';
import { HelpButton } from '../help-button';
import { TooManyAttempts } from '../too-many-attempts';

/** What every activation screen gets from the page. */
export interface ScreenProps {
  activation: Activation;
  state: ActivationState;
  /** The technical exception the page heard last, for a screen that reports it itself. */
  technical?: TechnicalExceptionDetail;
  /** The screen's heading, focused when the screen comes. */
  titleRef: Ref<HTMLHeadingElement>;
  /** Analytics page name of the screen. */
  position: string;
  onHelp(): void;
}

/** The primary button of a screen: submits `form` when given, otherwise runs `onClick`. */
export interface PrimaryAction {
  label: string;
  /** Analytics content of the click. */
  track: string;
  form?: string;
  onClick?(): void;
  /** A call runs: the button says so and ignores presses. */
  busy?: boolean;
  disabled?: boolean;
}

/** Props of {@link StepCard}. */
export interface StepCardProps extends Pick<ScreenProps, 'titleRef' | 'position'> {
  title: string;
  /** Back to login; 'clear' also forgets the remembered logon type. */
  backToLogin?: boolean | 'clear';
  onHelp?(): void;
  primary?: PrimaryAction;
  /** A primary that navigates (a link in a button's clothes), in the action row where a primary button would be. */
  primaryLink?: ReactNode;
  /** A picture above the title (the success illustration of the last screen). */
  media?: ReactNode;
  /** A 429's wait: the primary button is held back this many seconds, and the user told so. */
  retryInS?: number;
  children?: ReactNode;
}

/** An activation screen: a card titled by its heading, with back to login, Help and the primary button. */
export function StepCard({ title, titleRef, position, backToLogin = true, onHelp, primary, primaryLink, media, retryInS, children }: StepCardProps) {
  const t = useT();
  const { analytics } = useAmwa();
  const click = (content: string) => analytics.element({ elementType: 'button', content, position, event: 'clicked' });
  return (
    <Card
      className="amwa-activation"
      cardTitle={title}
      headingLevel={1}
      titleRef={titleRef}
      media={media}
      footer={onHelp && <HelpButton onClick={() => { click('help'); onHelp(); }} />}
      actions={
        (backToLogin || primary || primaryLink) && (
          <>
            {backToLogin && <BackToLogin clear={backToLogin === 'clear'} />}
            {primary && (
              <Button
                type={primary.form ? 'submit' : 'button'}
                form={primary.form}
                loading={primary.busy}
                disabled={primary.disabled || retryInS !== undefined}
                onClick={() => {
                  click(primary.track);
                  primary.onClick?.();
                }}
              >
                {primary.label}
              </Button>
            )}
            {primaryLink}
          </>
        )
      }
    >
      {children}
      <TooManyAttempts seconds={retryInS} />
    </Card>
  );
}
