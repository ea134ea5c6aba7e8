import { useId, useRef } from 'react';
import type { QrState } from '../core/flows/qr';
import { Spinner } from './spinner';
import { useFlowStyles } from './use-styles';

/** The words the QR code needs, in the page's language. */
export interface QrCodeLabels {
  /** Text alternative of a usable QR code: what it is and what to do with it. */
  alt: string;
  loading: string;
  /** Spinner label once the app confirmed (logon in progress). */
  confirmed: string;
  expired: string;
  failed: string;
  refresh: string;
}

/** Props of {@link QrCode}. */
export interface QrCodeProps {
  state: QrState;
  onRefresh(): void;
  labels: QrCodeLabels;
}

/**
 * Renders the QR machine's state: a spinner while loading or logging on, the code once loaded,
 * and an invalid code blurred under a Refresh overlay that covers it (so a click anywhere on it
 * refreshes). Focus stays on the code after Refresh instead of falling back to the page.
 */
export function QrCode({ state, onRefresh, labels }: QrCodeProps) {
  useFlowStyles();
  const boxRef = useRef<HTMLDivElement>(null);
  const messageId = useId();
  const image = 'image' in state ? state.image : undefined;
  const invalid = state.status === 'invalid';
  const message = invalid ? (state.reason === 'timeout' ? labels.expired : labels.failed) : '';
  const refresh = () => {
    boxRef.current?.focus();
    onRefresh();
  };
  return (
    <div ref={boxRef} tabIndex={-1} className="amwa-qr" data-state={state.status}>
      {image && state.status !== 'confirmed' && (
        <img className="amwa-qr__image" src={`data:image/png;base64,${image}`} alt={invalid ? '' : labels.alt} />
      )}
      {state.status === 'loading' && <Spinner className="amwa-qr__spinner" label={labels.loading} />}
      {state.status === 'confirmed' && <Spinner className="amwa-qr__spinner" label={labels.confirmed} />}
      {invalid && (
        <button type="button" className="amwa-qr__refresh" aria-describedby={messageId} onClick={refresh}>
          <span className="amwa-button amwa-button--primary">{labels.refresh}</span>
        </button>
      )}
      <p id={messageId} role="status" className="amwa-qr__message">
        {message}
      </p>
    </div>
  );
}
