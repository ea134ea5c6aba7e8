import { useState } from 'react';
import { useAmwa, useRouter, useT, usePageName } from '../context';
import { Card } from '../ui/card';
import { EMAIL_SLOT, RichText } from '../ui/rich-text';
import { useContactTracking } from './app-link';
import { Reference, WayOn } from './end-screen';

/** 404 page; a 'mobile' hash means an old bookmark of the mobile logon page, which has moved. */
export function NotFound() {
  const t = useT();
  const { settings } = useAmwa();
  const trackContact = useContactTracking();
  const { location } = useRouter();
  const moved = location.hash.includes('mobile');
  usePageName(moved ? 'logon:page-moved' : 'logon:not-found');
  const [time] = useState(() => new Date());
  if (moved) {
    return (
      <div className="amwa-page">
        <Card
          cardTitle={t('notFound.movedTitle')}
          headingLevel={1}
          actions={
            <WayOn to="/pages/logon/mobile" track="new-logon-page">
              {t('notFound.goToNewPage')}
            </WayOn>
          }
        >
          <p>{t('notFound.movedText')}</p>
          <ol>
            <li>{t('notFound.bookmarkStep1')}</li>
            <li>{t('notFound.bookmarkStep2')}</li>
            <li>{t('notFound.bookmarkStep3')}</li>
          </ol>
        </Card>
      </div>
    );
  }
  return (
    <div className="amwa-page">
      <Card
        cardTitle={t('notFound.title')}
        headingLevel={1}
        actions={
          <WayOn to="/" track="log-on-again">
            {t('common.logOnAgain')}
          </WayOn>
        }
      >
        <RichText text={t('notFound.text', EMAIL_SLOT)} values={{ email: settings.serviceEmail }} onLinkClick={trackContact} />
        <Reference time={time} />
      </Card>
    </div>
  );
}
