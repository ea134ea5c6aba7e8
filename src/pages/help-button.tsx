import { useT } from '../context';
import { Button } from '../ui/button';
import { warmDialogCode } from '../ui/dialog';
import { HelpIcon } from '../ui/icons';

/** The Help text action of every flow screen's footer line: opens that screen's help dialog. */
export function HelpButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    // Pointing at or focusing Help fetches the dialogs' code before the click, as a link prefetches its page.
    <Button variant="text" aria-haspopup="dialog" onClick={onClick} onPointerEnter={warmDialogCode} onFocus={warmDialogCode}>
      <HelpIcon />
      {t('common.help')}
    </Button>
  );
}
