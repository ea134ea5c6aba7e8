import type { MouseEvent, ReactNode } from 'react';
import { useAmwa, useRouter } from '../context';
import { ChevronRightIcon } from '../ui/icons';

/** Props of AppLink. */
export interface AppLinkProps {
  to: string;
  /** Leave the single-page app (spec: "full page load"); in memory routing it still navigates in-app. */
  fullPage?: boolean;
  /** Analytics content of the click; defaults to the link's path. */
  track?: string;
  onNavigate?: () => void;
  className?: string;
  children: ReactNode;
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A real link to a widget route: keeps middle-click and "open in new tab", navigates in-app on a plain click. */
export function AppLink({ to, fullPage, track, onNavigate, className, children }: AppLinkProps) {
  const router = useRouter();
  const { analytics, settings } = useAmwa();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    analytics.element({ elementType: 'link', content: track ?? to, position: router.location.path, event: 'clicked' });
    onNavigate?.();
    if (!isPlainClick(event) || (fullPage && settings.routing === 'history')) return;
    event.preventDefault();
    router.navigate(to);
  };
  // Pointing at or focusing a link is a strong hint: the next page starts loading before the click.
  const prefetch = () => router.prefetch(to);
  return (
    <a className={className} href={router.href(to)} onClick={onClick} onPointerEnter={prefetch} onFocus={prefetch}>
      {children}
    </a>
  );
}

/** Records a click on a link to the service team. */
export function useContactTracking(): () => void {
  const { analytics } = useAmwa();
  const { location } = useRouter();
  return () => analytics.element({ elementType: 'link', content: 'contact-us', position: location.path, event: 'clicked' });
}

/** A mailto link to the service team, tracked like every help link. */
export function ContactLink({ children }: { children: ReactNode }) {
  const { settings } = useAmwa();
  return (
    <a href={`mailto:${settings.serviceEmail}`} onClick={useContactTracking()}>
      {children}
    </a>
  );
}

/** Props of {@link OptionLink}. */
export interface OptionLinkProps extends Pick<AppLinkProps, 'to' | 'fullPage' | 'track'> {
  /** A 24px line icon, drawn at the same size for every option. */
  icon: ReactNode;
  label: string;
  hint: string;
}

/** One way to log on, as a card-sized list item linking on: icon, label, hint and a chevron. */
export function OptionLink({ icon, label, hint, ...link }: OptionLinkProps) {
  return (
    <li>
      <AppLink className="amwa-option" {...link}>
        {icon}
        <span className="amwa-option__text">
          <span className="amwa-option-label">{label}</span>
          <span className="amwa-option-hint">{hint}</span>
        </span>
        <ChevronRightIcon />
      </AppLink>
    </li>
  );
}
