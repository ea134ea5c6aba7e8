import { useEffect, useRef, useState } from 'react';
import { useAmwa, useRouter, useT, usePageName } from '../context';
import { currentPage, whenShown } from '../core/page-shown';
import { Alert } from '../ui/alert';
import { Card } from '../ui/card';
import { EMAIL_SLOT, RichText } from '../ui/rich-text';
import { useContactTracking } from './app-link';
import { WayOn } from './end-screen';

/**
 * Access protection: once the page is shown, stores the accepted query parameters, drops the
 * query from the address bar and goes to the start page; without any query parameter it explains,
 * in the shell's card, that access is not allowed: an error alert that can be closed, and the way on.
 */
export function AccessProtection() {
  const t = useT();
  const { cookies, settings } = useAmwa();
  const trackContact = useContactTracking();
  const router = useRouter();
  const [dismissed, setDismissed] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
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

  // The close button is gone with the alert: focus goes to the way on.
  useEffect(() => {
    if (dismissed) cardRef.current?.querySelector<HTMLElement>('.amwa-card__actions a')?.focus();
  }, [dismissed]);

  if (hasQuery) return <div className="amwa-page" />;
  const text = <RichText text={t('accessProtection.text', EMAIL_SLOT)} values={{ email: settings.serviceEmail }} onLinkClick={trackContact} />;
  return (
    <div className="amwa-page">
      <Card
        ref={cardRef}
        cardTitle={t('accessProtection.title')}
        headingLevel={1}
        actions={<WayOn to="/">{t('accessProtection.toStart')}</WayOn>}
      >
        {/* Closed, the alert leaves what it said in the card. */}
        {dismissed ? text : <Alert variant="error" closeLabel={t('common.close')} onDismiss={() => setDismissed(true)}>{text}</Alert>}
      </Card>
    </div>
  );
}
