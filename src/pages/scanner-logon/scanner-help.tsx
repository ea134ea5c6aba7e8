import { useAmwa, useT } from '../../context';
import { HelpDialog } from '../../ui/help-dialog';
import { EMAIL_SLOT } from '../../ui/rich-text';
import { ACTIVATION_HELP_TOPICS, activationHelpTopics } from '../activation/activation-help';

/** The topics only logon help has (spec section 2); they open its list, ahead of the activation topics it shares. */
export const LOGON_ONLY_HELP_TOPICS = [
  'forgot-pin',
  'new-scanner',
  'trouble-scanning',
  'lost-scanner',
  'not-intended',
] as const;

/** The scanner logon help topics in list order: the logon's own situations ('I forgot my PIN') before the activation's. */
export const SCANNER_HELP_TOPICS = [...LOGON_ONLY_HELP_TOPICS, ...ACTIVATION_HELP_TOPICS] as const;

/** Id of a scanner help topic. */
export type ScannerHelpTopic = (typeof SCANNER_HELP_TOPICS)[number];

/** Props of {@link ScannerHelp}. */
export interface ScannerHelpProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Opens at this topic instead of the list. */
  topic?: ScannerHelpTopic;
  /** Analytics page name the clicks are reported on. */
  position: string;
}

/** The scanner logon help dialog: every logon situation, each with its resolution. */
export function ScannerHelp({ open, onOpenChange, topic, position }: ScannerHelpProps) {
  const t = useT();
  const { settings, analytics } = useAmwa();
  const topics = [
    ...LOGON_ONLY_HELP_TOPICS.map((id) => ({
      id,
      situation: t(`scannerHelp.${id}.situation`),
      resolution: t(`scannerHelp.${id}.resolution`, EMAIL_SLOT),
    })),
    ...activationHelpTopics(t),
  ];
  return (
    <HelpDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('common.help')}
      topics={topics}
      values={{ email: settings.serviceEmail }}
      initialTopic={topic}
      closeLabel={t('common.close')}
      backLabel={t('scannerHelp.backToList')}
      onTrack={(content) => analytics.element({ elementType: 'link', content, position, event: 'clicked' })}
    />
  );
}
