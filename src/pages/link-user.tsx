import { useT, usePageName } from '../context';
import { Card } from '../ui/card';
import { MobileIcon } from '../ui/icons';
import { AppLink, ContactLink } from './app-link';

/** 'Link user' choice: link the corporate-portal account with the mobile app. */
export function LinkUser() {
  const t = useT();
  usePageName('link:choose-access-means');
  return (
    <div className="amwa-page">
      <h1 className="amwa-page-title" tabIndex={-1}>
        {t('linkUser.title')}
      </h1>
      <ul className="amwa-options">
        <li>
          <AppLink className="amwa-option" to="/pages/link-ib-user/mobile" track="link-mobile">
            <MobileIcon />
            <span className="amwa-option-label">{t('linkUser.mobile')}</span>
            <span className="amwa-option-hint">{t('linkUser.mobileHint')}</span>
          </AppLink>
        </li>
      </ul>
      <Card cardTitle={t('home.questions')} headingLevel={2}>
        <ContactLink>{t('common.contactUs')}</ContactLink>
      </Card>
    </div>
  );
}
