import { useT, usePageName } from '../context';
import { Card } from '../ui/card';
import { MobileIcon, ScannerGlyphIcon } from '../ui/icons';
import { AppLink, ContactLink, OptionLink } from './app-link';

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
        <OptionLink to="/pages/logon/mobile" track="mobile" icon={<MobileIcon />} label={t('home.mobile')} hint={t('home.mobileHint')} />
        <OptionLink
          to="/pages/logon/scanner"
          fullPage
          track="scanner"
          icon={<ScannerGlyphIcon />}
          label={t('home.scanner')}
          hint={t('home.scannerHint')}
        />
      </ul>
      <Card className="amwa-card--info" cardTitle={t('home.newScanner')} headingLevel={2}>
        <AppLink to="/pages/activate-scanner" fullPage track="activate-scanner">
          {t('home.activateFirst')}
        </AppLink>
      </Card>
      <Card className="amwa-card--info" cardTitle={t('home.questions')} headingLevel={2}>
        <ContactLink>{t('common.contactUs')}</ContactLink>
      </Card>
    </div>
  );
}
