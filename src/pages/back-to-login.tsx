import { useAmwa, useRouter, useT } from '../context';
import { BackButton } from '../ui/back-button';

/** Where Back goes: the link-user choice in a business context, else the index page. */
export function backTarget(businessContext: boolean): string {
  return businessContext ? '/pages/link-ib-user' : '/';
}

/** The back-to-login button of sub-pages; with `clear` it first forgets the remembered logon type. */
export function BackToLogin({ clear = false, label }: { clear?: boolean; label?: string }) {
  const t = useT();
  const { cookies, settings, analytics } = useAmwa();
  const router = useRouter();
  return (
    <BackButton
      label={label ?? t('common.backToLogin')}
      content="back-to-login"
      onTrack={(content) => analytics.element({ elementType: 'button', content, position: router.location.path, event: 'clicked' })}
      onBack={() => {
        if (clear) cookies.logonType.clear();
        router.navigate(backTarget(settings.businessContext));
      }}
    />
  );
}
