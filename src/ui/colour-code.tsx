import { useId, useRef } from 'react';
import type { ColourCodeState } from '../core/flows/colour-code';
import { Button } from './button';
import { FOCUS_RESCUE } from './focus-rescue';
import { Spinner } from './spinner';
import { useFlowStyles } from './use-styles';

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
 * filtered (see `.amwa-colour-code__image`). Expired or failed, it gives way to a placeholder and
 * a Refresh button; focus then stays on the component instead of falling back to the page.
 */
export function ColourCode({ state, onRefresh, alt, refreshLabel, expiredText, failedText, loadingLabel, placeholderSrc }: ColourCodeProps) {
  useFlowStyles();
  const boxRef = useRef<HTMLDivElement>(null);
  const messageId = useId();
  const stale = state.status === 'expired' || state.status === 'error';
  const refresh = () => {
    boxRef.current?.focus();
    onRefresh();
  };
  return (
    <div ref={boxRef} tabIndex={-1} className="amwa-colour-code" data-state={state.status}>
      <div className="amwa-colour-code__frame">
        {state.status === 'shown' && state.image && (
          <img className="amwa-colour-code__image" src={`data:image/png;base64,${state.image.base64Cronto}`} alt={alt} />
        )}
        {stale && <img className="amwa-colour-code__image amwa-colour-code__placeholder" src={placeholderSrc} alt="" />}
        {(state.status === 'loading' || state.spinner) && <Spinner className="amwa-colour-code__spinner" label={loadingLabel} />}
      </div>
      <p id={messageId} role="status" className="amwa-colour-code__message" {...(stale && { tabIndex: -1, ...FOCUS_RESCUE })}>
        {state.status === 'error' ? failedText : stale ? expiredText : ''}
      </p>
      {stale && (
        <Button variant="secondary" aria-describedby={messageId} onClick={refresh}>
          {refreshLabel}
        </Button>
      )}
    </div>
  );
}
