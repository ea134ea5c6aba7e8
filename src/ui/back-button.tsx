import { Button } from './button';

/** Props of {@link BackButton}. */
export interface BackButtonProps {
  label: string;
  /** Analytics content of the click, reported before going back. */
  content?: string;
  /** Reports the click to analytics (the screen knows its position). */
  onTrack(content: string): void;
  onBack(): void;
}

/** The secondary Back action of a screen: reports the click, then goes back. */
export function BackButton({ label, content = 'back', onTrack, onBack }: BackButtonProps) {
  return (
    <Button
      variant="secondary"
      onClick={() => {
        onTrack(content);
        onBack();
      }}
    >
      {label}
    </Button>
  );
}
