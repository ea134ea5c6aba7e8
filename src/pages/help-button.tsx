import { useT } from '../context';
import { Button } from '../ui/button';
import { HelpIcon } from '../ui/icons';

/** The Help text action of every flow screen's footer line: opens that screen's help dialog. */
export function HelpButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button variant="text" aria-haspopup="dialog" onClick={onClick}>
      <HelpIcon />
      {t('common.help')}
    </Button>
  );
}
