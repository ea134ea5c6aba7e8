import { useEffect, useState } from 'react';
import { useAmwa, useRouter, useT, usePageName } from '../context';
import { Alert } from '../ui/alert';
import { RichText } from '../ui/rich-text';
import { useContactTracking } from './app-link';

/**
 * Access protection: stores the accepted query parameters, drops the query from the address bar
 * and goes to the start page; without any query parameter it explains that access is not allowed.
 */
export function AccessProtection() {
  const t = useT();
  const { cookies, settings } = useAmwa();
  const trackContact = useContactTracking();
  const router = useRouter();
  const [dismissed, setDismissed] = useState(false);
  const hasQuery = new URLSearchParams(router.location.search).size > 0;
  usePageName('logon:access-protection');

  useEffect(() => {
    if (!hasQuery) return;
    cookies.storeAccessParams(router.location.search);
    router.navigate('/', { replace: true });
  }, [hasQuery, cookies, router]);

  if (hasQuery || dismissed) return <div className="amwa-page" />;
  return (
    <div className="amwa-page">
      <h1 className="amwa-visually-hidden" tabIndex={-1}>
        {t('accessProtection.title')}
      </h1>
      <Alert variant="error" title={t('accessProtection.title')} closeLabel={t('common.close')} onDismiss={() => setDismissed(true)}>
        <RichText text={t('accessProtection.text', { email: settings.serviceEmail })} onLinkClick={trackContact} />
      </Alert>
    </div>
  );
}
