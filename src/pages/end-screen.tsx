import type { ReactNode } from 'react';
import { useAmwa, useT } from '../context';
import { ReferenceFacts, type ReferenceLabels } from '../ui/reference-facts';
import { useFlowStyles } from '../ui/use-styles';
import { AppLink, type AppLinkProps } from './app-link';
import { backTarget } from './back-to-login';

/** The words of the reference facts in the page's language. */
export function useReferenceLabels(): ReferenceLabels {
  const t = useT();
  return { timestamp: t('common.timestamp'), traceId: t('common.traceId'), copy: t('technicalError.copy'), copied: t('technicalError.copied') };
}

/** An end screen's time (its zone named) and, when the server gave one, its trace id with Copy. */
export function Reference({ time, traceId }: { time: Date; traceId?: string }) {
  const { i18n } = useAmwa();
  return <ReferenceFacts time={time} traceId={traceId} labels={useReferenceLabels()} formatTime={i18n.amsterdamTime} locale={i18n.locale} />;
}

/** The one way on of an end screen: a link dressed as the primary button, for the card's action row. */
export function WayOn(props: Omit<AppLinkProps, 'className'> & { children: ReactNode }) {
  // The button look lives in the flow sheet.
  useFlowStyles();
  return <AppLink className="amwa-button amwa-button--primary" {...props} />;
}

/** An end screen's way back to the logon (the link-user choice in a business context). */
export function WayBackToLogin() {
  const t = useT();
  const { settings } = useAmwa();
  return (
    <WayOn to={backTarget(settings.businessContext)} track="back-to-login">
      {t('common.backToLogin')}
    </WayOn>
  );
}
