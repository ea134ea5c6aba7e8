import { useEffect, useState } from 'react';
import { technicalAlertTime } from '../core/error-handler';
import type { AmwaEventType, AmwaListener, TechnicalExceptionDetail } from '../core/events';
import { Alert } from './alert';
import { RichText } from './rich-text';
import { useFlowStyles } from './use-styles';

/** Props of {@link TechnicalErrorAlert}. */
export interface TechnicalErrorAlertProps {
  /** Subscribes to amwa events (`AmwaServices.on`). */
  on<K extends AmwaEventType>(type: K, listener: AmwaListener<K>): () => void;
  /** The alert text, rich-text markup (the service-team address is a mail link). */
  text: string;
  timestampLabel: string;
  traceIdLabel: string;
  /** 'MMMM dd, HH:mm:ss' in Amsterdam time (`i18n.amsterdamTime`). */
  formatTime(date: Date): string;
  /** Heard when the user follows a link in the text. */
  onLinkClick?(href: string): void;
}

/**
 * The technical error alert of the scanner pages: shown by `amwa-technical-exception` with the
 * response's time and trace id, gone on `amwa-clear-technical-exception`.
 */
export function TechnicalErrorAlert({ on, text, timestampLabel, traceIdLabel, formatTime, onLinkClick }: TechnicalErrorAlertProps) {
  useFlowStyles();
  const [detail, setDetail] = useState<TechnicalExceptionDetail>();
  useEffect(() => {
    const offShow = on('amwa-technical-exception', setDetail);
    const offClear = on('amwa-clear-technical-exception', () => setDetail(undefined));
    return () => {
      offShow();
      offClear();
    };
  }, [on]);
  if (!detail) return null;
  return (
    <Alert variant="error" className="amwa-technical-error" focusRescue>
      <RichText text={text} onLinkClick={onLinkClick} />
      <dl className="amwa-facts">
        <dt>{timestampLabel}</dt>
        <dd>{formatTime(technicalAlertTime(detail.date))}</dd>
        {detail.traceId && (
          <>
            <dt>{traceIdLabel}</dt>
            <dd>{detail.traceId}</dd>
          </>
        )}
      </dl>
    </Alert>
  );
}
