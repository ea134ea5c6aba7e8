import { useEffect, useRef, useState } from 'react';
import { useAmwa, useRouter, useT, usePageName } from '../context';
import { currentPage, whenShown } from '../core/page-shown';
import { Alert } from '../ui/alert';
import { Card } from '../ui/card';
import { EMAIL_SLOT, RichText } from '../ui/rich-text';
import { AppLink, useContactTracking } from './app-link';

/**
 * Access protection: once the page is shown, stores the accepted query parameters, drops the
 * query from the address bar and goes to the start page; without any query parameter it explains that access is not allowed.
 */
export function AccessProtection() {
  const t = useT();
  const { cookies, settings } = useAmwa();
  const trackContact = useContactTracking();
  const router = useRouter();
  const [dismissed, setDismissed] = useState(false);
  const onwardRef = useRef<HTMLElement>(null);
  const hasQuery = new URLSearchParams(router.location.search).size > 0;
  usePageName('logon:access-protection');

  useEffect(() => {
    if (!hasQuery) return;
    const left = new AbortController();
    // A link the host prerenders may never be shown: it writes its cookies only once it is.
    void whenShown(currentPage(), left.signal).then((shown) => {
      if (!shown) return;
      cookies.storeAccessParams(router.location.search);
      router.navigate('/', { replace: true });
    });
    return () => left.abort();
  }, [hasQuery, cookies, router]);

  // The close button is gone with the alert: focus goes to the way forward that replaces it.
  useEffect(() => {
    if (dismissed) onwardRef.current?.querySelector<HTMLElement>('.amwa-card__body > p:last-child a')?.focus();
  }, [dismissed]);

  if (hasQuery) return <div className="amwa-page" />;
  return (
    <div className="amwa-page">
      {dismissed ? (
        // The closed alert leaves the page its heading, what it said, and the way on.
        <Card ref={onwardRef} cardTitle={t('accessProtection.title')} headingLevel={1}>
          <RichText text={t('accessProtection.text', EMAIL_SLOT)} values={{ email: settings.serviceEmail }} onLinkClick={trackContact} />
          <p>
            <AppLink to="/">{t('accessProtection.toStart')}</AppLink>
          </p>
        </Card>
      ) : (
        <>
          <h1 className="amwa-visually-hidden" tabIndex={-1}>
            {t('accessProtection.title')}
          </h1>
          <Alert variant="error" title={t('accessProtection.title')} closeLabel={t('common.close')} onDismiss={() => setDismissed(true)}>
            <RichText text={t('accessProtection.text', EMAIL_SLOT)} values={{ email: settings.serviceEmail }} onLinkClick={trackContact} />
          </Alert>
        </>
      )}
    </div>
  );
}
