import { useRef } from 'react';
import type { ColourCodeState } from '../core/flows/colour-code';
import { StatusBlock } from './status-block';

/** Props of {@link ColourCode}. */
export interface ColourCodeProps {
  state: ColourCodeState;
  onRefresh(): void;
  /** Text alternative of a usable colour code: what it is and what to do with it. */
  alt: string;
  refreshLabel: string;
  /** Said (and shown) while the image is expired. */
  expiredText: string;
  /** Said (and shown) when the image failed to load or a technical error spoiled it. */
  failedText: string;
  /** Spinner label while a colour code loads. */
  loadingLabel: string;
  /** The placeholder image shown in place of an expired code: `{staticPath}/image`. */
  placeholderSrc: string;
}

/**
 * A colour code exactly as the scanner must see it: the PNG at its own size, never smoothed or
 * filtered (see `.amwa-colour-code__image`), in the shared status block. Expired or failed, the
 * faded placeholder keeps its place with why and Refresh; focus then stays on the component.
 */
export function ColourCode({ state, onRefresh, alt, refreshLabel, expiredText, failedText, loadingLabel, placeholderSrc }: ColourCodeProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const stale = state.status === 'expired' || state.status === 'error';
  const status = state.status === 'error' ? 'failed' : state.status === 'expired' ? 'expired' : state.status === 'loading' || state.spinner ? 'loading' : 'shown';
  return (
    <StatusBlock
      boxRef={boxRef}
      className="amwa-colour-code"
      dataState={state.status}
      status={status}
      picture={
        state.status === 'shown' && state.image ? (
          <img className="amwa-colour-code__image" src={`data:image/png;base64,${state.image.base64Cronto}`} alt={alt} />
        ) : stale ? (
          <img className="amwa-colour-code__image amwa-colour-code__placeholder" src={placeholderSrc} alt="" />
        ) : undefined
      }
      waitLabel={loadingLabel}
      message={state.status === 'error' ? failedText : stale ? expiredText : ''}
      refreshLabel={refreshLabel}
      onRefresh={() => {
        boxRef.current?.focus();
        onRefresh();
      }}
    />
  );
}
