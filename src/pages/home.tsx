import { useT, usePageName } from '../context';
import { Card } from '../ui/card';
import { MobileIcon, ScannerGlyphIcon } from '../ui/icons';
import { AppLink, ContactLink, OptionLink } from './app-link';

/** Choose access means: the two ways to log on, with activation and contact in the footer line. */
export function Home() {
  const t = useT();
  usePageName('logon:choose-access-means');
  return (
    <div className="amwa-page">
      <Card
        cardTitle={t('home.title')}
        headingLevel={1}
        footer={
          <>
            <p>
              {t('home.newScanner')}{' '}
              <AppLink to="/pages/activate-scanner" fullPage track="activate-scanner">
                {t('home.activateFirst')}
              </AppLink>
            </p>
            <p>
              {t('home.questions')} <ContactLink>{t('common.contactUs')}</ContactLink>
            </p>
          </>
        }
      >
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
      </Card>
    </div>
  );
}
