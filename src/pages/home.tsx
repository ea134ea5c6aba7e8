import { useT, usePageName } from '../context';
import { Card } from '../ui/card';
import { MobileIcon, ScannerGlyphIcon } from '../ui/icons';
import { AppLink, ContactLink, OptionLink } from './app-link';

/** Choose access means: the two ways to log on, then the 'New Scanner?' and contact cards (spec rows S2.18, S2.19). */
export function Home() {
  const t = useT();
  usePageName('logon:choose-access-means');
  return (
    <div className="amwa-page">
      <Card cardTitle={t('home.title')} headingLevel={1}>
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
        {/* Two small cards below the options, as the spec's Home has them (S2.18, S2.19): side by
            side where two fit, so Home stays within the height docs/performance.md tells hosts to reserve. */}
        <div className="amwa-tiles">
          <div className="amwa-tile">
            <h2>{t('home.newScanner')}</h2>
            <AppLink to="/pages/activate-scanner" fullPage track="activate-scanner">
              {t('home.activateFirst')}
            </AppLink>
          </div>
          <div className="amwa-tile">
            <h2>{t('home.questions')}</h2>
            <ContactLink>{t('common.contactUs')}</ContactLink>
          </div>
        </div>
      </Card>
    </div>
  );
}
