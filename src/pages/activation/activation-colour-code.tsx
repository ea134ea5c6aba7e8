import { useAmwa, useT } from '../../context';
import type { Activation, ColourCodeScreen } from '../../core/flows/activation';
import type { ColourCodeState } from '../../core/flows/colour-code';
import { ColourCode } from '../../ui/colour-code';

/** Props of {@link ActivationColourCode}. */
export interface ActivationColourCodeProps {
  activation: Activation;
  screen: ColourCodeScreen;
  state: ColourCodeState;
  /** Analytics page name of the screen. */
  position: string;
}

/** The colour code of one activation screen: its own text alternative, the scanner logon's Refresh and expiry texts. */
export function ActivationColourCode({ activation, screen, state, position }: ActivationColourCodeProps) {
  const t = useT();
  const { settings, analytics } = useAmwa();
  return (
    <ColourCode
      state={state}
      onRefresh={() => {
        analytics.element({ elementType: 'button', content: 'refresh-colour-code', position, event: 'clicked' });
        activation.colourCodes[screen].refresh();
      }}
      alt={t(`activation.${screen}.colourCodeAlt`)}
      refreshLabel={t('scannerLogon.refresh')}
      expiredText={t('scannerLogon.colourCodeExpired')}
      // The technical alert above says what failed: the frame only says how on, so the error is said once.
      failedText={t('endings.refreshForNewCode')}
      loadingLabel={t('scannerLogon.colourCodeLoading')}
      placeholderSrc={`${settings.staticPath}/image`}
    />
  );
}
