import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useAmwa, useRouter, useT } from '../../context';
import type { Authentication } from '../../core/flows/authentication';
import { BackButton } from '../../ui/back-button';
import { Card } from '../../ui/card';
import { ProfileSelector } from '../../ui/profile-selector';
import { HelpButton } from '../help-button';

/** Props of {@link SelectProfile}. */
export interface SelectProfileProps {
  /** The authentication whose `select-profile` state this renders. */
  authentication: Authentication;
  /** Heard once the chosen profile is the session's active profile. */
  onSelected?: (profileId: string) => void;
  /** Analytics page name while the selector shows, e.g. `logon:scanner:select-profile`. */
  pageName?: string;
  /** Back: the flow gives up this logon; without it there is no Back button. */
  onBack?: () => void;
  /** Opens the flow's help; without it there is no Help in the footer. */
  onHelp?: () => void;
}

/**
 * The profile selector step of an authentication, for a flow to embed: a screen like the others
 * (the page's h1, Back, Help in the footer), shown only in the `select-profile` state; takes focus
 * to its title when it appears, and activates the chosen profile through the controller.
 */
export function SelectProfile({ authentication, onSelected, pageName, onBack, onHelp }: SelectProfileProps) {
  const t = useT();
  const { analytics } = useAmwa();
  const { location } = useRouter();
  const state = useSyncExternalStore(authentication.subscribe, () => authentication.state, () => authentication.state);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Kept in a ref so a new callback identity on every render does not matter.
  const onSelectedRef = useRef(onSelected);
  onSelectedRef.current = onSelected;
  const showing = state.status === 'select-profile';

  useEffect(() => {
    if (!showing) return;
    titleRef.current?.focus();
    if (pageName) analytics.pageLoad(pageName);
  }, [showing, pageName, analytics]);

  if (!showing) return null;
  const click = (content: string) => analytics.element({ elementType: 'button', content, position: location.path, event: 'clicked' });
  const select = (profileId: string) => {
    click('select-profile');
    if (authentication.selectProfile(profileId)) onSelectedRef.current?.(profileId);
  };
  const options = state.profiles.map(({ profile, eligible }) => ({ id: profile.profileId, name: profile.name, eligible, isDefault: profile.default }));
  return (
    <Card
      className="amwa-select-profile"
      footer={onHelp && <HelpButton onClick={() => { click('help'); onHelp(); }} />}
      actions={onBack && <BackButton label={t('common.back')} onTrack={click} onBack={onBack} />}
    >
      <ProfileSelector
        title={t('session.selectProfile')}
        headingLevel={1}
        options={options}
        onSelect={select}
        ineligibleReason={t('session.profileNeedsStrongerLogon')}
        defaultLabel={t('session.defaultProfile')}
        titleRef={titleRef}
      />
    </Card>
  );
}
