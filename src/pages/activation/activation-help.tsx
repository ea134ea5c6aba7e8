import { useAmwa, useT } from '../../context';
import type { I18n } from '../../core/i18n';
import { HelpDialog, type HelpTopic } from '../../ui/help-dialog';
import { EMAIL_SLOT } from '../../ui/rich-text';

/** The activation help topics in list order (spec section 2); scanner logon help lists them after its own. */
export const ACTIVATION_HELP_TOPICS = [
  'user-id',
  'wrong-email',
  'no-registration-code',
  'code-did-not-work',
  'activation-not-completed',
  'scanner-does-not-work',
  'which-scanner',
] as const;

/** The activation help topics, translated; scanner logon help ends its list with them. */
export const activationHelpTopics = (t: I18n['t']): HelpTopic[] =>
  ACTIVATION_HELP_TOPICS.map((id) => ({
    id,
    situation: t(`activationHelp.${id}.situation`),
    resolution: t(`activationHelp.${id}.resolution`, EMAIL_SLOT),
  }));

/** Props of {@link ActivationHelp}. */
export interface ActivationHelpProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Analytics page name the clicks are reported on. */
  position: string;
}

/** The activation help dialog, titled 'Help'. */
export function ActivationHelp({ open, onOpenChange, position }: ActivationHelpProps) {
  const t = useT();
  const { settings, analytics } = useAmwa();
  return (
    <HelpDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('common.help')}
      topics={activationHelpTopics(t)}
      values={{ email: settings.serviceEmail }}
      closeLabel={t('common.close')}
      backLabel={t('activationHelp.backToList')}
      onTrack={(content) => analytics.element({ elementType: 'link', content, position, event: 'clicked' })}
    />
  );
}
