import { useRef, useState } from 'react';
import { useWidgetId } from '../../ui/widget-id';
import { useAmwa, useT, usePageName } from '../../context';
import type { QrMode, QrState } from '../../core/flows/qr';
import type { I18n } from '../../core/i18n';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { QrCode } from '../../ui/qr-code';
import { BackToLogin } from '../back-to-login';
import { MobileHelp, type MobileHelpTopic } from './mobile-help';
import { useMobileLogon } from './use-mobile-logon';
import { HelpButton } from '../help-button';
import { OpenApp, useAppLinkTemplate } from './open-app';

// Analytics page name of each QR state, after the mode's prefix.
const STEPS: Record<QrState['status'], string> = { loading: 'step1', loaded: 'step1', confirmed: 'step2', invalid: 'qr-error' };

// Analytics step names of the invalid reasons that have one of their own.
const INVALID_STEPS: Partial<Record<Extract<QrState, { status: 'invalid' }>['reason'], string>> = { timeout: 'qr-expired', 'taken-over': 'qr-taken-over' };

/** Analytics page name of the screen: 'logon:mobile:step1', 'link:mobile:qr-expired', … */
function mobilePageName(mode: QrMode, state: QrState): string {
  const step = (state.status === 'invalid' && INVALID_STEPS[state.reason]) || STEPS[state.status];
  return `${mode}:mobile:${step}`;
}

// The app-download links and the help topic each opens.
const APP_LINKS = [
  ['iphone', 'install-ios'],
  ['android', 'install-android'],
  ['apk', 'install-android'],
] as const;

/**
 * How long a QR code stays valid, in words of the locale ('2 minutes', '3 Stunden'), in the
 * largest fitting unit, the plural form by the language's rules. The words are CLDR's long unit
 * names in the tables: `Intl.NumberFormat` with a unit said the same, but its first use loads
 * number-formatting data, a task of about 80 ms on a slow phone when the QR code arrives.
 */
export function qrValidity(timeoutMs: number, t: I18n['t']): string {
  const minutes = Math.max(1, Math.round(timeoutMs / 60_000));
  const [count, unit] = minutes < 120 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.round(minutes / 60), 'hour'] : [Math.round(minutes / 1440), 'day'];
  return t(`mobileLogon.duration.${unit}`, { count });
}

/** The QR page of both modes: headline, what to do, app links, the QR code, back and help. */
function MobileLogonPage({ mode }: { mode: QrMode }) {
  const t = useT();
  const { settings, analytics } = useAmwa();
  const { state, refresh } = useMobileLogon(mode);
  const pageName = mobilePageName(mode, state);
  usePageName(pageName);
  const noAppId = useWidgetId();
  const codeArea = useRef<HTMLDivElement>(null);
  // Another tab or widget started a logon and took this one's cookies: say so in words, not as a broken code.
  const takenOver = state.status === 'invalid' && state.reason === 'taken-over';
  // Undefined until Help is first pressed: a closed dialog draws nothing, so the page's first render goes without it.
  const [help, setHelp] = useState<{ open: boolean; topic?: MobileHelpTopic }>();
  const click = (content: string) => analytics.element({ elementType: 'button', content, position: pageName, event: 'clicked' });
  const openHelp = (content: string, topic?: MobileHelpTopic) => {
    click(content);
    setHelp({ open: true, topic });
  };
  const showBack = mode === 'logon' || settings.features.backToChoice === true;
  // On a phone with the bank's app link: 'Open the app' first, the QR code below for a second device.
  const appLinkTemplate = useAppLinkTemplate();

  return (
    <div className="amwa-page">
      <Card
        cardTitle={t(`mobileLogon.${mode}.title`)}
        headingLevel={1}
        footer={<HelpButton onClick={() => openHelp('help')} />}
        actions={
          <>
            {showBack && <BackToLogin clear={mode === 'logon'} />}
          </>
        }
      >
        {appLinkTemplate === undefined ? (
          <p>{t(`mobileLogon.${mode}.scan`)}</p>
        ) : (
          <OpenApp mode={mode} state={state} template={appLinkTemplate} onOpen={() => analytics.element({ elementType: 'link', content: 'open-app', position: pageName, event: 'clicked' })} />
        )}
        {/* Focus lands here after Start again: the button it was on goes with the message. */}
        <div ref={codeArea} tabIndex={-1} className="amwa-qr-area">
          {takenOver ? (
            <Alert variant="warning" title={t('oneLogon.takenOver.title')} className="amwa-taken-over">
              <p>{t('oneLogon.takenOver.message')}</p>
              <Button
                variant="secondary"
                onClick={() => {
                  click('start-again');
                  codeArea.current?.focus();
                  refresh();
                }}
              >
                {t('oneLogon.takenOver.startAgain')}
              </Button>
            </Alert>
          ) : (
            <QrCode
              state={state}
              onRefresh={() => {
                click('refresh-qr');
                refresh();
              }}
              labels={{
                alt: t(`mobileLogon.${mode}.qrAlt`),
                loading: t('mobileLogon.loadingQr'),
                confirmed: t(`mobileLogon.${mode}.confirmed`),
                expired: t('mobileLogon.expired'),
                failed: t('mobileLogon.failed'),
                refresh: t('mobileLogon.refresh'),
              }}
            />
          )}
        </div>
        {state.status === 'loaded' && (
          <div>
            <p className="amwa-qr__lead">{t('mobileLogon.waiting')}</p>
            <p className="amwa-qr__hint">{t('mobileLogon.validFor', { duration: qrValidity(settings.qrTimeout, t) })}</p>
          </div>
        )}
        <p id={noAppId}>{t('mobileLogon.noApp')}</p>
        <ul className="amwa-app-links" aria-labelledby={noAppId}>
          {APP_LINKS.map(([name, topic]) => (
            <li key={name}>
              <Button variant="link" aria-haspopup="dialog" onClick={() => openHelp(name, topic)}>
                {t(`mobileLogon.${name}`)}
              </Button>
            </li>
          ))}
        </ul>
      </Card>
      {help && (
        <MobileHelp
          open={help.open}
          onOpenChange={(open) => setHelp((current) => current && { ...current, open })}
          mode={mode === 'link' ? 'link' : 'mobile'}
          topic={help.topic}
          position={pageName}
        />
      )}
    </div>
  );
}

/** `/pages/logon/mobile`: log on by scanning the QR code with the bank's app. */
export function MobileLogon() {
  return <MobileLogonPage mode="logon" />;
}

/** `/pages/link-ib-user/mobile`: link the corporate-portal account by scanning the QR code. */
export function LinkMobile() {
  return <MobileLogonPage mode="link" />;
}
