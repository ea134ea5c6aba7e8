import { useState } from 'react';
import { useAmwa, useRouter, useT, usePageName, useDropTokens } from '../context';
import { isTraceId } from '../core/trace-id';
import { Card } from '../ui/card';
import { EMAIL_SLOT, RichText } from '../ui/rich-text';
import { useContactTracking } from './app-link';
import { Reference, WayOn } from './end-screen';

/** The generic error page: retry advice, contact, the time with its zone, a valid trace id from `?trace-id=` with Copy, and 'Log on again'. */
export function ErrorPage() {
  const t = useT();
  const { settings } = useAmwa();
  const trackContact = useContactTracking();
  const { location } = useRouter();
  usePageName('logon:error');
  useDropTokens();
  const traceId = new URLSearchParams(location.search).get('trace-id');
  const [time] = useState(() => new Date());
  return (
    <div className="amwa-page">
      <Card
        cardTitle={t('errorPage.title')}
        headingLevel={1}
        actions={
          <WayOn to="/" track="log-on-again">
            {t('common.logOnAgain')}
          </WayOn>
        }
      >
        <p>{t('errorPage.retry')}</p>
        <RichText text={t('errorPage.contact', EMAIL_SLOT)} values={{ email: settings.serviceEmail }} onLinkClick={trackContact} />
        <Reference time={time} traceId={isTraceId(traceId) ? traceId : undefined} />
      </Card>
    </div>
  );
}
