import { useRef } from 'react';
import type { QrState } from '../core/flows/qr';
import { StatusBlock, type StatusBlockStatus } from './status-block';

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

const STATUS: Record<QrState['status'], StatusBlockStatus> = { loading: 'loading', loaded: 'shown', confirmed: 'busy', invalid: 'failed' };

/**
 * Renders the QR machine's state in the shared status block: a spinner while loading or logging
 * on, the code once loaded, and an invalid code blurred and faded inside the same frame with why
 * and Refresh. Focus stays on the code after Refresh instead of falling back to the page.
 */
export function QrCode({ state, onRefresh, labels }: QrCodeProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const image = 'image' in state ? state.image : undefined;
  const invalid = state.status === 'invalid';
  const status = invalid && state.reason === 'timeout' ? 'expired' : STATUS[state.status];
  return (
    <StatusBlock
      boxRef={boxRef}
      className="amwa-qr"
      dataState={state.status}
      status={status}
      picture={image && state.status !== 'confirmed' && <img className="amwa-qr__image" src={`data:image/png;base64,${image}`} alt={invalid ? '' : labels.alt} />}
      waitLabel={state.status === 'confirmed' ? labels.confirmed : labels.loading}
      message={invalid ? (state.reason === 'timeout' ? labels.expired : labels.failed) : ''}
      refreshLabel={labels.refresh}
      onRefresh={() => {
        boxRef.current?.focus();
        onRefresh();
      }}
    />
  );
}
