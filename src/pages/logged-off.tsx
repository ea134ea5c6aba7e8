import { useState } from 'react';
import { useAmwa, useT, usePageName, useDropTokens } from '../context';
import { Card } from '../ui/card';
import { Reference, WayOn } from './end-screen';

/** Logged-off page: the time it happened, and 'Log on again', which forgets the remembered logon type and returns to logon. */
export function LoggedOff() {
  const t = useT();
  const { cookies } = useAmwa();
  usePageName('logon:logged-off');
  useDropTokens();
  const [time] = useState(() => new Date());
  return (
    <div className="amwa-page">
      <Card
        cardTitle={t('loggedOff.title')}
        headingLevel={1}
        actions={
          <WayOn to="/" onNavigate={() => cookies.logonType.clear()} track="log-on-again">
            {t('common.logOnAgain')}
          </WayOn>
        }
      >
        <p>{t('loggedOff.seeYou')}</p>
        <Reference time={time} />
      </Card>
    </div>
  );
}
