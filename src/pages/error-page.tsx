import { useMemo } from 'react';
import { useAmwa, useRouter, useT, usePageName, useDropTokens } from '../context';
import { isTraceId } from '../core/trace-id';
import { Card } from '../ui/card';
import { EMAIL_SLOT, RichText } from '../ui/rich-text';
import { AppLink, useContactTracking } from './app-link';

/** The generic error page: retry advice, contact, timestamp and a valid trace id from `?trace-id=`. */
export function ErrorPage() {
  const t = useT();
  const { i18n, settings } = useAmwa();
  const trackContact = useContactTracking();
  const { location } = useRouter();
  usePageName('logon:error');
  useDropTokens();
  const traceId = new URLSearchParams(location.search).get('trace-id');
  const timestamp = useMemo(() => i18n.amsterdamTime(new Date()), [i18n]);
  return (
    <div className="amwa-page">
      <Card cardTitle={t('errorPage.title')} headingLevel={1}>
        <p>{t('errorPage.retry')}</p>
        <RichText text={t('errorPage.contact', EMAIL_SLOT)} values={{ email: settings.serviceEmail }} onLinkClick={trackContact} />
        <dl className="amwa-facts">
          <dt>{t('common.timestamp')}</dt>
          <dd>{timestamp}</dd>
          {traceId && isTraceId(traceId) && (
            <>
              <dt>{t('common.traceId')}</dt>
              <dd>{traceId}</dd>
            </>
          )}
        </dl>
        <AppLink to="/" track="log-on-again">
          {t('common.logOnAgain')}
        </AppLink>
      </Card>
    </div>
  );
}
