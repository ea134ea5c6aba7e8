import { useAmwa, useRouter, useT } from '../context';
import { Button } from '../ui/button';

/** Where Back goes: the link-user choice in a business context, else the index page. */
export function backTarget(businessContext: boolean): string {
  return businessContext ? '/pages/link-ib-user' : '/';
}

/** The back-to-login button of sub-pages; with `clear` it first forgets the remembered logon type. */
export function BackToLogin({ clear = false, label }: { clear?: boolean; label?: string }) {
  const t = useT();
  const { cookies, settings, analytics } = useAmwa();
  const router = useRouter();
  const onClick = () => {
    if (clear) cookies.logonType.clear();
    analytics.element({ elementType: 'button', content: 'back-to-login', position: router.location.path, event: 'clicked' });
    router.navigate(backTarget(settings.businessContext));
  };
  return (
    <Button variant="secondary" onClick={onClick}>
      {label ?? t('common.backToLogin')}
    </Button>
  );
}
