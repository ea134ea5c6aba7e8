import { useAmwa, useT, usePageName, useDropTokens } from '../context';
import { Card } from '../ui/card';
import { AppLink } from './app-link';

/** Logged-off page: 'Log on again' forgets the remembered logon type and returns to logon. */
export function LoggedOff() {
  const t = useT();
  const { cookies } = useAmwa();
  usePageName('logon:logged-off');
  useDropTokens();
  return (
    <div className="amwa-page">
      <Card cardTitle={t('loggedOff.title')} headingLevel={1}>
        <p>{t('loggedOff.seeYou')}</p>
        <AppLink to="/" onNavigate={() => cookies.logonType.clear()} track="log-on-again">
          {t('common.logOnAgain')}
        </AppLink>
      </Card>
    </div>
  );
}
