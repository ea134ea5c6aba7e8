import { useEffect, useRef, useState } from 'react';
import { technicalAlertTime } from '../core/error-handler';
import type { AmwaEventType, AmwaListener, TechnicalExceptionDetail } from '../core/events';
import { Alert } from './alert';
import { Button } from './button';
import { RichText, type RichTextProps } from './rich-text';
import { useFlowStyles } from './use-styles';

/** The words of the alert's facts, in the page's language. */
export interface TechnicalErrorLabels {
  timestamp: string;
  traceId: string;
  /** The disclosure that holds the trace id. */
  details: string;
  copy: string;
  /** Said once the trace id is on the clipboard. */
  copied: string;
}

/** Props of {@link TechnicalErrorAlert}. */
export interface TechnicalErrorAlertProps {
  /** Subscribes to amwa events (`AmwaServices.on`). */
  on<K extends AmwaEventType>(type: K, listener: AmwaListener<K>): () => void;
  /** The alert text, rich-text markup (the service-team address is a mail link). */
  text: string;
  /** Values for the slots `text` keeps (the service-team address), put in after parsing. */
  values?: RichTextProps['values'];
  labels: TechnicalErrorLabels;
  /** 'MMMM dd, HH:mm:ss' in Amsterdam time (`i18n.amsterdamTime`). */
  formatTime(date: Date): string;
  /** The page's locale: names the time zone ('CET', 'MESZ'). */
  locale: string;
  /** Heard when the user follows a link in the text. */
  onLinkClick?(href: string): void;
}

/** Amsterdam's time zone at `date` in the locale's short name ('CET', 'CEST', 'MEZ'). */
export function amsterdamZone(date: Date, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Amsterdam', timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * The technical error alert of the scanner pages: shown by `amwa-technical-exception` with the
 * response's time (its time zone named) and, under Details, the trace id with a Copy button for
 * the mail to the service team; gone on `amwa-clear-technical-exception`.
 */
export function TechnicalErrorAlert({ on, text, values, labels, formatTime, locale, onLinkClick }: TechnicalErrorAlertProps) {
  useFlowStyles();
  const [detail, setDetail] = useState<TechnicalExceptionDetail>();
  const [copied, setCopied] = useState(false);
  const traceRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const offShow = on('amwa-technical-exception', (next) => {
      setCopied(false);
      setDetail(next);
    });
    const offClear = on('amwa-clear-technical-exception', () => setDetail(undefined));
    return () => {
      offShow();
      offClear();
    };
  }, [on]);
  if (!detail) return null;
  const time = technicalAlertTime(detail.date);
  const copy = async () => {
    const trace = traceRef.current;
    if (!trace || !detail.traceId) return;
    try {
      await navigator.clipboard.writeText(detail.traceId);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a denied permission): the id is selected for Ctrl+C instead.
      getSelection()?.selectAllChildren(trace);
    }
  };
  return (
    <Alert variant="error" className="amwa-technical-error" focusRescue>
      <RichText text={text} values={values} onLinkClick={onLinkClick} />
      <dl className="amwa-facts">
        <dt>{labels.timestamp}</dt>
        <dd>
          {formatTime(time)} {amsterdamZone(time, locale)}
        </dd>
      </dl>
      {detail.traceId && (
        <details className="amwa-technical-error__details">
          <summary>{labels.details}</summary>
          <dl className="amwa-facts">
            <dt>{labels.traceId}</dt>
            <dd>
              <code ref={traceRef} className="amwa-technical-error__trace">
                {detail.traceId}
              </code>
            </dd>
          </dl>
          <div className="amwa-technical-error__copy">
            <Button variant="secondary" onClick={() => void copy()}>
              {labels.copy}
            </Button>
            <span role="status">{copied ? labels.copied : ''}</span>
          </div>
        </details>
      )}
    </Alert>
  );
}
