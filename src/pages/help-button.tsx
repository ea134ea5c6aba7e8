import { useT } from '../context';
import { Button } from '../ui/button';
import { HelpIcon } from '../ui/icons';

/** The Help button of every flow screen: opens that screen's help dialog. */
export function HelpButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button variant="secondary" aria-haspopup="dialog" onClick={onClick}>
      <HelpIcon />
      {t('common.help')}
    </Button>
  );
}
