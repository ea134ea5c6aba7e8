import type { ReactNode } from 'react';
import { useAmwa, useT } from '../../context';
import { HelpDialog } from '../../ui/help-dialog';
import { EMAIL_SLOT } from '../../ui/rich-text';
import { StoreQr } from './store-qr';

/** Which page a help topic belongs to: every page, the mobile logon, or link mode. */
export type HelpTarget = 'all' | 'mobile' | 'link';

/** The mobile help topics in the order the dialog lists them (spec section 2). */
const MOBILE_HELP_TOPICS = [
  ['link-account', 'link'],
  ['forgot-pin', 'all'],
  ['install-ios', 'all'],
  ['install-android', 'all'],
  ['user-id', 'all'],
  ['new-device', 'all'],
  ['lost-phone', 'all'],
  ['stop-using', 'mobile'],
  ['keep-installed', 'link'],
  ['contact', 'all'],
] as const satisfies ReadonlyArray<readonly [string, HelpTarget]>;

/** Id of a mobile help topic. */
export type MobileHelpTopic = (typeof MOBILE_HELP_TOPICS)[number][0];

/** The APK the Android topic offers beside the store (spec section 7). */
const APK_VERSION = '1.3.110';

/** The topics shown in `mode`: all-mode topics plus that mode's own. */
const topicsFor = (mode: Exclude<HelpTarget, 'all'>): MobileHelpTopic[] =>
  MOBILE_HELP_TOPICS.filter(([, target]) => target === 'all' || target === mode).map(([id]) => id);

/** Props of {@link MobileHelp}. */
export interface MobileHelpProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  mode: Exclude<HelpTarget, 'all'>;
  /** Opens at this topic instead of the list. */
  topic?: MobileHelpTopic;
  /** Analytics page name the clicks are reported on. */
  position: string;
}

/** The mobile help dialog: situations for the current mode, store QR codes and the APK download. */
export function MobileHelp({ open, onOpenChange, mode, topic, position }: MobileHelpProps) {
  const t = useT();
  const { settings, analytics } = useAmwa();
  const track = (content: string) => analytics.element({ elementType: 'link', content, position, event: 'clicked' });
  const store = (url: string | undefined, name: 'appStore' | 'googlePlay') =>
    // The topic's text says where to search; only a topic that has a QR code asks to scan one.
    url && (
      <div className="amwa-store">
        <p>{t('mobileHelp.scanStoreQr')}</p>
        <StoreQr url={url} label={t(`mobileHelp.${name}Qr`)} />
        <a href={url} onClick={() => track(`help:${name}`)}>
          {t(`mobileHelp.${name}Open`)}
        </a>
      </div>
    );
  const extras: Partial<Record<MobileHelpTopic, ReactNode>> = {
    'install-ios': store(settings.storeUrls.ios, 'appStore'),
    'install-android': (
      <>
        {store(settings.storeUrls.android, 'googlePlay')}
        <p>
          <a href={`${settings.staticPath}/apk/app-${APK_VERSION}.apk`} download onClick={() => track('help:apk')}>
            {t('mobileHelp.apk', { version: APK_VERSION })}
          </a>
        </p>
      </>
    ),
  };
  const topics = topicsFor(mode).map((id) => ({
    id,
    situation: t(`mobileHelp.${id}.situation`),
    resolution: t(`mobileHelp.${id}.resolution`, EMAIL_SLOT),
    extra: extras[id],
  }));
  return (
    <HelpDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('common.help')}
      topics={topics}
      values={{ email: settings.serviceEmail }}
      initialTopic={topic}
      closeLabel={t('common.close')}
      backLabel={t('common.back')}
      onTrack={track}
    />
  );
}
