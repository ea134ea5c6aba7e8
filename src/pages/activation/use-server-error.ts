import { useAmwa, useT } from '../../context';
import type { ActivationField, ActivationState } from '../../core/flows/activation';

/** The server's verdict on a field, translated (the blocked message names the service team); '' for invalid without a message; undefined when none. */
export function useServerError(state: ActivationState): (field: ActivationField) => string | undefined {
  const t = useT();
  const { settings } = useAmwa();
  return (field) => {
    const key = state.fieldErrors[field];
    return key === undefined || key === '' ? key : t(key, { email: settings.serviceEmail });
  };
}
