import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { ChevronRightIcon } from './icons';
import { RichText, type RichTextProps } from './rich-text';

/** One help situation: the question, its resolution (rich-text markup) and optional extra content. */
export interface HelpTopic {
  id: string;
  situation: string;
  resolution: string;
  /** Extra content under the resolution, e.g. a store QR code. */
  extra?: ReactNode;
}

/** Props of {@link HelpDialog}. */
export interface HelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Title of the list view; the detail view is titled by its situation. */
  title: string;
  topics: readonly HelpTopic[];
  /** Opens straight at this topic's detail view. */
  initialTopic?: string;
  closeLabel: string;
  backLabel: string;
  /** Heard for every tracked click: a topic opened, or a link in a resolution followed. */
  onTrack?: (content: string) => void;
  /** Values for the slots the resolutions keep (the service-team address), put in after parsing. */
  values?: RichTextProps['values'];
}

/**
 * The Help dialog: a list of situations; choosing one shows its resolution with a back
 * arrow in the header that returns to the list.
 */
export function HelpDialog({ open, onOpenChange, title, topics, initialTopic, closeLabel, backLabel, onTrack, values }: HelpDialogProps) {
  const [selectedId, setSelectedId] = useState(initialTopic);
  const [opened, setOpened] = useState(open);
  // Each opening starts at the preselected topic (or the list), not where the last one ended.
  if (open !== opened) {
    setOpened(open);
    if (open) setSelectedId(initialTopic);
  }
  const selected = topics.find((topic) => topic.id === selectedId);
  const choose = (topic: HelpTopic) => {
    onTrack?.(`help:${topic.id}`);
    setSelectedId(topic.id);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={selected ? selected.situation : title}
      closeLabel={closeLabel}
      backLabel={backLabel}
      onBack={selected ? () => setSelectedId(undefined) : undefined}
      viewKey={selected?.id ?? 'list'}
      className="amwa-help"
    >
      {selected ? (
        <div className="amwa-help__detail">
          <RichText text={selected.resolution} values={values} onLinkClick={(href) => onTrack?.(`help:${selected.id}:${href}`)} />
          {selected.extra}
        </div>
      ) : (
        <ul className="amwa-help__list">
          {topics.map((topic) => (
            <li key={topic.id}>
              <button type="button" className="amwa-help__topic" onClick={() => choose(topic)}>
                <span>{topic.situation}</span>
                <ChevronRightIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
