import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useAmwa, usePageName, useT } from '../../context';
import { ACTIVATION_PAGE_NAMES, ACTIVATION_STEP_OF, type Activation, type ActivationScreen } from '../../core/flows/activation';
import { INACTIVITY_WARNING_S } from '../../core/flows/inactivity';
import { useFocusRescue } from '../../ui/focus-rescue';
import { InactivityDialog } from '../../ui/inactivity-dialog';
import { Spinner } from '../../ui/spinner';
import { Stepper } from '../../ui/stepper';
import { EMAIL_SLOT } from '../../ui/rich-text';
import { TechnicalErrorAlert, useTechnicalException } from '../../ui/technical-error-alert';
import { useReferenceLabels } from '../end-screen';
import { ActivationHelp } from './activation-help';
import { FinishStep, PinStep } from './confirmation-step';
import { CredentialsStep } from './credentials-step';
import { Done, DoneYesNext, PinSet } from './info-screens';
import { Locked } from './locked';
import { MeansCheck } from './means-check';
import { ACTIVATION_STEP_KEYS, Overview } from './overview';
import { RegistrationCodeStep } from './registration-code-step';
import { SerialNumberStep } from './serial-number-step';
import { StatusAlert } from './status-alert';
import type { ScreenProps } from './step-card';
import { useActivation, useActivationState } from './use-activation';

const SCREENS: Record<ActivationScreen, ComponentType<ScreenProps>> = {
  overview: Overview,
  credentials: CredentialsStep,
  registrationCode: RegistrationCodeStep,
  meansCheck: MeansCheck,
  serialNumber: SerialNumberStep,
  pin: PinStep,
  pinSet: PinSet,
  doneYesNext: DoneYesNext,
  finish: FinishStep,
  done: Done,
  missing: StatusAlert,
  effective: StatusAlert,
  locked: Locked,
};

/** `/pages/activate-scanner`: the six-step scanner activation. */
export function ActivateScanner() {
  const t = useT();
  const activation = useActivation();
  if (!activation) {
    return (
      <div className="amwa-page">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  return <ActivationPage activation={activation} />;
}

function ActivationPage({ activation }: { activation: Activation }) {
  const t = useT();
  const { settings, analytics, i18n, on } = useAmwa();
  const state = useActivationState(activation);
  const technical = useTechnicalException(on);
  const referenceLabels = useReferenceLabels();
  const position = ACTIVATION_PAGE_NAMES[state.screen];
  usePageName(position);
  const [helpOpen, setHelpOpen] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(state.screen);
  const pageRef = useRef<HTMLDivElement>(null);
  useFocusRescue(pageRef);

  // Every screen change but the lockout is a step done; focus goes to the new screen's heading.
  useEffect(() => {
    if (shown.current === state.screen) return;
    if (state.screen !== 'locked') analytics.step(ACTIVATION_PAGE_NAMES[shown.current], 'success');
    shown.current = state.screen;
    titleRef.current?.focus();
  }, [state.screen, analytics]);

  useEffect(() => {
    if (state.warning) analytics.element({ elementType: 'dialog', content: 'inactivity-warning', position, event: 'viewed' });
  }, [state.warning, analytics, position]);

  const step = ACTIVATION_STEP_OF[state.screen];
  const count = ACTIVATION_STEP_KEYS.length;
  const Screen = SCREENS[state.screen];
  return (
    <div ref={pageRef} className="amwa-page">
      <TechnicalErrorAlert
        // A failed means check reports the error on its own screen: said once.
        detail={state.checkFailed ? undefined : technical}
        text={t('technicalError.text', EMAIL_SLOT)}
        values={{ email: settings.serviceEmail }}
        labels={referenceLabels}
        formatTime={i18n.amsterdamTime}
        locale={i18n.locale}
        onLinkClick={() => analytics.element({ elementType: 'link', content: 'contact-us', position, event: 'clicked' })}
      />
      {step !== undefined && (
        <Stepper
          count={count}
          // On the done screen the last step is done too, not still current.
          current={state.screen === 'done' ? ACTIVATION_STEP_KEYS.length : step - 1}
          // Only 'Step 3 of 6': the heading below names the screen, and on step 5 the screen
          // ('Confirm on your scanner') is a part of the step, not the step's name.
          caption={t('activation.stepShort', { step, count })}
          label={t('activation.stepper')}
          stepLabel={(index, count) => t('activation.stepOf', { step: index, count, name: t(`activation.steps.step${index}`) })}
          doneLabel={(text) => t('activation.stepDone', { label: text })}
        />
      )}
      <Screen activation={activation} state={state} technical={technical} titleRef={titleRef} position={position} onHelp={() => setHelpOpen(true)} />
      <ActivationHelp open={helpOpen} onOpenChange={setHelpOpen} position={position} />
      <InactivityDialog
        open={state.warning}
        onContinue={() => {
          analytics.element({ elementType: 'button', content: 'inactivity-continue', position, event: 'clicked' });
          activation.continueSession();
        }}
        title={t('inactivity.title')}
        text={t('inactivity.text', { seconds: INACTIVITY_WARNING_S })}
        continueLabel={t('inactivity.continue')}
        deadline={activation.inactivityDeadline}
        remaining={(time) => t('inactivity.remaining', { time })}
      />
    </div>
  );
}
