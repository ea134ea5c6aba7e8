import { useState } from 'react';
import { useAmwa, useT } from '../../context';
import type { QrMode, QrState } from '../../core/flows/qr';
import { appLinkFor, browserDeviceHints, isPhone } from '../../core/open-app';
import { LinkButton } from '../../ui/button';

/**
 * The bank's app link template where this device should open the app rather than scan: a phone
 * (it cannot scan its own screen) and a template in the settings. Undefined elsewhere: the page
 * is the QR page it always was. The device is read once, when the page is shown.
 */
export function useAppLinkTemplate(): string | undefined {
  const { settings } = useAmwa();
  const [phone] = useState(() => typeof window !== 'undefined' && isPhone(browserDeviceHints(window)));
  return phone ? settings.appLinkTemplate : undefined;
}

/** Props of {@link OpenApp}. */
export interface OpenAppProps {
  mode: QrMode;
  state: QrState;
  template: string;
  onOpen(): void;
}

/**
 * 'Open the app' on a phone: what to do, the primary link carrying the QR code to the bank's app,
 * and the way to the QR code below for a second device. The link opens a new tab, so this page
 * stays and keeps polling when no app takes the link. Until a code is loaded (and once it is
 * used up) the link has no address and says it is disabled; it stays the same element, so
 * keyboard focus stays on it.
 */
export function OpenApp({ mode, state, template, onOpen }: OpenAppProps) {
  const t = useT();
  const href = state.status === 'loaded' ? appLinkFor(template, state.image) : undefined;
  return (
    <>
      <p>{t(`openApp.${mode}`)}</p>
      <LinkButton
        className="amwa-open-app"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        role={href ? undefined : 'link'}
        aria-disabled={href ? undefined : 'true'}
        tabIndex={0}
        onClick={(event) => (href ? onOpen() : event.preventDefault())}
      >
        {t('openApp.button')}
      </LinkButton>
      <p>{t('openApp.otherDevice')}</p>
    </>
  );
}
