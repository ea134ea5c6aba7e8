import { useEffect, useRef, useState } from 'react';
import { useAmwa, usePageName, useT } from '../../context';
import { INACTIVITY_WARNING_S } from '../../core/flows/inactivity';
import type { ScannerLogonState, ScannerLogonStatus } from '../../core/flows/scanner-logon';
import { Card } from '../../ui/card';
import { useFocusRescue } from '../../ui/focus-rescue';
import { InactivityDialog } from '../../ui/inactivity-dialog';
import { Spinner } from '../../ui/spinner';
import { EMAIL_SLOT } from '../../ui/rich-text';
import { TechnicalErrorAlert, useTechnicalException } from '../../ui/technical-error-alert';
import { SelectProfile } from '../authentication/select-profile';
import { useReferenceLabels } from '../end-screen';
import { CodeStep } from './code-step';
import { LockedStep } from './locked-step';
import { ScannerHelp, type ScannerHelpTopic } from './scanner-help';
import { StepUpStep } from './step-up-step';
import { useScannerLogonFlow, useScannerLogonState, type ScannerLogonFlow } from './use-scanner-logon';
import { UserIdStep } from './user-id-step';

/** Analytics page names of the steps. */
export const SCANNER_PAGE_NAMES = {
  userId: 'logon:scanner:step1',
  code: 'logon:scanner:step2',
  selectProfile: 'logon:scanner:select-profile',
  stepUp: 'logon:scanner:step-up',
  locked: 'logon:scanner:locked',
} as const;

type Step = keyof typeof SCANNER_PAGE_NAMES;

/** The step each status shows; leaving (redirecting) keeps the step it left from. */
const STEPS: Partial<Record<ScannerLogonStatus, Step>> = {
  userId: 'userId',
  starting: 'userId',
  code: 'code',
  loggingOn: 'code',
  selectProfile: 'selectProfile',
  handingOver: 'selectProfile',
  stepUp: 'stepUp',
  steppingUp: 'stepUp',
  locked: 'locked',
};

/** Statuses past the code step's answer: that step succeeded. */
const PAST_CODE: readonly ScannerLogonStatus[] = ['selectProfile', 'stepUp', 'redirecting'];

/** `/pages/logon/scanner`: log on with the user ID, the colour code and the scanner's response code. */
export function ScannerLogonPage() {
  const { cookies } = useAmwa();
  const [warning, setWarning] = useState(false);
  // The user ID step needs no flow: it shows in the page's first render, with the remembered user
  // ID read from the cookies read ahead, and the flow (created tasks later, with the session
  // layer) takes it over. A spinner first and then the whole step was one long task on a slow phone.
  const [before] = useState<ScannerLogonState>(() => ({ status: 'userId', userId: cookies.userId.get() ?? '' }));
  const flow = useScannerLogonFlow({ onWarn: () => setWarning(true), onExpire: () => setWarning(false) }, before.userId);
  return <ScannerLogonScreen flow={flow} before={before} warning={warning} onContinue={() => setWarning(false)} />;
}

interface ScreenProps {
  /** Undefined until the session layer is there: the user ID step shows, and a Next waits for it. */
  flow: ScannerLogonFlow | undefined;
  /** The state shown until the flow is there. */
  before: ScannerLogonState;
  warning: boolean;
  onContinue(): void;
}

function ScannerLogonScreen({ flow, before, warning, onContinue }: ScreenProps) {
  const t = useT();
  const { settings, analytics, i18n, on } = useAmwa();
  const technical = useTechnicalException(on);
  const referenceLabels = useReferenceLabels();
  const logon = flow?.logon;
  const { state, colour } = useScannerLogonState(logon, before);
  const shownStep = useRef<Step>('userId');
  const step = STEPS[state.status] ?? shownStep.current;
  const pageName = SCANNER_PAGE_NAMES[step];
  usePageName(pageName);
  // Undefined until Help is first pressed: a closed dialog draws nothing, so the page's first render goes without it.
  const [help, setHelp] = useState<{ open: boolean; topic?: ScannerHelpTopic }>();
  const [code, setCode] = useState('');
  // A Next before the flow is there: the user ID and Remember me it was pressed with.
  const [queued, setQueued] = useState<[userId: string, remember: boolean]>();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  useFocusRescue(pageRef);

  // A new step moves focus to its heading (the profile selector moves it to its own); the first
  // one leaves focus where the host has it.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    titleRef.current?.focus();
    if (step === 'code') logon?.colourCode.show();
  }, [step, logon]);

  // Locked out: the flow is over, and so is its inactivity limit (no warning, no logout to come).
  const locked = step === 'locked';
  useEffect(() => {
    if (locked) flow?.inactivity.stop();
  }, [locked, flow]);

  useEffect(() => {
    if (warning) analytics.element({ elementType: 'dialog', content: 'inactivity-warning', position: pageName, event: 'viewed' });
  }, [warning, analytics, pageName]);

  useEffect(() => {
    if (state.codeError) analytics.element({ elementType: 'error', content: state.codeError, position: pageName, event: 'viewed' });
  }, [state.codeError, analytics, pageName]);

  const submitUserId = async ({ logon, inactivity }: ScannerLogonFlow, userId: string, remember: boolean) => {
    await logon.submitUserId(userId, remember);
    if (logon.state.status !== 'code') return;
    analytics.step(SCANNER_PAGE_NAMES.userId, 'success');
    inactivity.start();
  };

  useEffect(() => {
    if (!flow || !queued) return;
    setQueued(undefined);
    void submitUserId(flow, ...queued);
    // Only the flow's arrival (or a Next while waiting for it) submits; submitUserId is the render's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow, queued]);

  const openHelp = (topic?: ScannerHelpTopic) => setHelp({ open: true, topic });

  return (
    <div ref={pageRef} className="amwa-page">
      <TechnicalErrorAlert
        detail={technical}
        text={t('technicalError.text', EMAIL_SLOT)}
        values={{ email: settings.serviceEmail }}
        labels={referenceLabels}
        formatTime={i18n.amsterdamTime}
        locale={i18n.locale}
        onLinkClick={() => analytics.element({ elementType: 'link', content: 'contact-us', position: pageName, event: 'clicked' })}
      />
      {step === 'userId' && (
        <UserIdStep
          initialUserId={state.userId}
          busy={state.status === 'starting' || queued !== undefined}
          retryInS={state.retryInS}
          onNext={(userId, remember) => (flow ? submitUserId(flow, userId, remember) : setQueued([userId, remember]))}
          onHelp={() => openHelp()}
          position={pageName}
          titleRef={titleRef}
        />
      )}
      {step === 'code' && flow && logon && (
        <CodeStep
          userId={state.userId}
          colour={colour}
          code={code}
          onCodeChange={(next) => {
            setCode(next);
            logon.clearCodeError();
          }}
          codeError={state.codeError}
          busy={state.status === 'loggingOn' || state.status === 'redirecting'}
          retryInS={state.retryInS}
          onLogon={async () => {
            await logon.logon(code);
            if (PAST_CODE.includes(logon.state.status)) analytics.step(SCANNER_PAGE_NAMES.code, 'success');
          }}
          onBack={() => {
            analytics.step(SCANNER_PAGE_NAMES.code, 'go_back');
            setCode('');
            logon.back();
          }}
          onRefresh={() => {
            setCode('');
            logon.colourCode.refresh();
            // A refresh starts a new session, whose idle clock starts now.
            flow.inactivity.start();
          }}
          onHelp={openHelp}
          position={pageName}
          titleRef={titleRef}
        />
      )}
      {step === 'selectProfile' &&
        logon &&
        (state.status === 'selectProfile' && logon.authentication ? (
          <SelectProfile
            authentication={logon.authentication}
            onSelected={async () => {
              await logon.continueLogon();
              if (logon.state.status === 'redirecting') analytics.step(SCANNER_PAGE_NAMES.selectProfile, 'success');
            }}
            onBack={() => {
              analytics.step(SCANNER_PAGE_NAMES.selectProfile, 'go_back');
              setCode('');
              logon.back();
            }}
            onHelp={() => openHelp()}
          />
        ) : (
          <Card>
            <Spinner label={t('scannerLogon.loggingOn')} />
          </Card>
        ))}
      {step === 'stepUp' && logon?.authentication && (
        <StepUpStep
          authentication={logon.authentication}
          colourCode={logon.stepUpCode}
          codeError={state.codeError}
          busy={state.status === 'steppingUp' || state.status === 'redirecting'}
          retryInS={state.retryInS}
          onConfirm={async (stepUpCode) => {
            await logon.logon(stepUpCode);
            if (logon.state.status === 'selectProfile' || logon.state.status === 'redirecting') analytics.step(SCANNER_PAGE_NAMES.stepUp, 'success');
          }}
          onCodeChange={() => logon.clearCodeError()}
          onBack={() => {
            analytics.step(SCANNER_PAGE_NAMES.stepUp, 'go_back');
            setCode('');
            logon.back();
          }}
          onHelp={openHelp}
          position={pageName}
          titleRef={titleRef}
        />
      )}
      {locked && <LockedStep lockout={state.lockout} onHelp={() => openHelp()} position={pageName} titleRef={titleRef} />}
      {help && <ScannerHelp open={help.open} onOpenChange={(open) => setHelp((current) => current && { ...current, open })} topic={help.topic} position={pageName} />}
      {/* Warns of the flow's inactivity limit: there from the flow's arrival, not in the page's first render. */}
      {flow && (
        <InactivityDialog
          open={warning && !locked}
          onContinue={() => {
            analytics.element({ elementType: 'button', content: 'inactivity-continue', position: pageName, event: 'clicked' });
            flow.inactivity.extend();
            onContinue();
          }}
          title={t('inactivity.title')}
          text={t('inactivity.text', { seconds: INACTIVITY_WARNING_S })}
          continueLabel={t('inactivity.continue')}
          deadline={warning ? flow.inactivity.deadline : undefined}
          remaining={(time) => t('inactivity.remaining', { time })}
        />
      )}
    </div>
  );
}
