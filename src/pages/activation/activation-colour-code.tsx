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

/** The colour code of one activation screen, with its own text alternative and the shared Refresh. */
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
      refreshLabel={t('activation.colourCode.refresh')}
      expiredText={t('activation.colourCode.expired')}
      loadingLabel={t('activation.colourCode.loading')}
      placeholderSrc={`${settings.staticPath}/image`}
    />
  );
}
