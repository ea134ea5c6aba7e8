import { useT, usePageName } from '../context';
import { Card } from '../ui/card';
import { MobileIcon, ScannerIcon } from '../ui/icons';
import { AppLink, ContactLink } from './app-link';

/** Choose access means: the mobile app or the scanner, scanner activation and contact. */
export function Home() {
  const t = useT();
  usePageName('logon:choose-access-means');
  return (
    <div className="amwa-page">
      <h1 className="amwa-page-title" tabIndex={-1}>
        {t('home.title')}
      </h1>
      <ul className="amwa-options">
        <li>
          <AppLink className="amwa-option" to="/pages/logon/mobile" track="mobile">
            <MobileIcon />
            <span className="amwa-option-label">{t('home.mobile')}</span>
            <span className="amwa-option-hint">{t('home.mobileHint')}</span>
          </AppLink>
        </li>
        <li>
          <AppLink className="amwa-option" to="/pages/logon/scanner" fullPage track="scanner">
            <ScannerIcon />
            <span className="amwa-option-label">{t('home.scanner')}</span>
            <span className="amwa-option-hint">{t('home.scannerHint')}</span>
          </AppLink>
        </li>
      </ul>
      <Card cardTitle={t('home.newScanner')} headingLevel={2}>
        <AppLink to="/pages/activate-scanner" fullPage track="activate-scanner">
          {t('home.activateFirst')}
        </AppLink>
      </Card>
      <Card cardTitle={t('home.questions')} headingLevel={2}>
        <ContactLink>{t('common.contactUs')}</ContactLink>
      </Card>
    </div>
  );
}
