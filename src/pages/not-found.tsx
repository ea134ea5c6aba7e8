import { useMemo } from 'react';
import { useAmwa, useRouter, useT, usePageName } from '../context';
import { Card } from '../ui/card';
import { useFlowStyles } from '../ui/use-styles';
import { EMAIL_SLOT, RichText } from '../ui/rich-text';
import { AppLink, useContactTracking } from './app-link';

/** 404 page; a 'mobile' hash means an old bookmark of the mobile logon page, which has moved. */
export function NotFound() {
  const t = useT();
  const { i18n, settings } = useAmwa();
  const trackContact = useContactTracking();
  const { location } = useRouter();
  const moved = location.hash.includes('mobile');
  usePageName(moved ? 'logon:page-moved' : 'logon:not-found');
  const timestamp = useMemo(() => i18n.amsterdamTime(new Date()), [i18n]);
  // The button look of 'Go to the new logon page' lives in the flow sheet.
  useFlowStyles();
  if (moved) {
    return (
      <div className="amwa-page">
        <Card cardTitle={t('notFound.movedTitle')} headingLevel={1}>
          <p>{t('notFound.movedText')}</p>
          <ol>
            <li>{t('notFound.bookmarkStep1')}</li>
            <li>{t('notFound.bookmarkStep2')}</li>
            <li>{t('notFound.bookmarkStep3')}</li>
          </ol>
          <AppLink className="amwa-button amwa-button--primary" to="/pages/logon/mobile" track="new-logon-page">
            {t('notFound.goToNewPage')}
          </AppLink>
        </Card>
      </div>
    );
  }
  return (
    <div className="amwa-page">
      <Card cardTitle={t('notFound.title')} headingLevel={1}>
        <RichText text={t('notFound.text', EMAIL_SLOT)} values={{ email: settings.serviceEmail }} onLinkClick={trackContact} />
        <dl className="amwa-facts">
          <dt>{t('common.timestamp')}</dt>
          <dd>{timestamp}</dd>
        </dl>
        <AppLink to="/" track="log-on-again">
          {t('common.logOnAgain')}
        </AppLink>
      </Card>
    </div>
  );
}
