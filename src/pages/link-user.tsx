import { useT, usePageName } from '../context';
import { Card } from '../ui/card';
import { MobileIcon } from '../ui/icons';
import { ContactLink, OptionLink } from './app-link';

/** 'Link user' choice: link the corporate-portal account with the mobile app. */
export function LinkUser() {
  const t = useT();
  usePageName('link:choose-access-means');
  return (
    <div className="amwa-page">
      <Card
        cardTitle={t('linkUser.title')}
        headingLevel={1}
        footer={
          <p>
            {t('home.questions')} <ContactLink>{t('common.contactUs')}</ContactLink>
          </p>
        }
      >
        <ul className="amwa-options">
          <OptionLink
            to="/pages/link-ib-user/mobile"
            track="link-mobile"
            icon={<MobileIcon />}
            label={t('linkUser.mobile')}
            hint={t('linkUser.mobileHint')}
          />
        </ul>
      </Card>
    </div>
  );
}
