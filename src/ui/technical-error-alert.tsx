import { useEffect, useState } from 'react';
import { technicalAlertTime } from '../core/error-handler';
import type { AmwaEventType, AmwaListener, TechnicalExceptionDetail } from '../core/events';
import { Alert } from './alert';
import { ReferenceFacts, type ReferenceLabels } from './reference-facts';
import { RichText, type RichTextProps } from './rich-text';
import { useFlowStyles } from './use-styles';

/** Subscribes to amwa events (`AmwaServices.on`). */
type On = <K extends AmwaEventType>(type: K, listener: AmwaListener<K>) => () => void;

/**
 * The latest technical exception (`amwa-technical-exception`) until `amwa-clear-technical-exception`;
 * undefined when none shows. A screen that reports the failure itself takes it from here instead
 * of showing the alert, so the error is said once.
 */
export function useTechnicalException(on: On): TechnicalExceptionDetail | undefined {
  const [detail, setDetail] = useState<TechnicalExceptionDetail>();
  useEffect(() => {
    const offShow = on('amwa-technical-exception', setDetail);
    const offClear = on('amwa-clear-technical-exception', () => setDetail(undefined));
    return () => {
      offShow();
      offClear();
    };
  }, [on]);
  return detail;
}

/** Props of {@link TechnicalErrorAlert}. */
export interface TechnicalErrorAlertProps {
  /** The technical exception to report (`useTechnicalException`); nothing shows without one. */
  detail: TechnicalExceptionDetail | undefined;
  /** The alert text, rich-text markup (the service-team address is a mail link). */
  text: string;
  /** Values for the slots `text` keeps (the service-team address), put in after parsing. */
  values?: RichTextProps['values'];
  labels: ReferenceLabels;
  /** 'MMMM dd, HH:mm:ss' in Amsterdam time (`i18n.amsterdamTime`). */
  formatTime(date: Date): string;
  /** The page's locale: names the time zone ('CET', 'MESZ'). */
  locale: string;
  /** Heard when the user follows a link in the text. */
  onLinkClick?(href: string): void;
}

/**
 * The technical error alert of the scanner pages (spec section 2): the text, the response's time
 * with its time zone named and the trace id in plain sight, with a Copy button beside it, so the
 * screenshot the text asks for carries it (spec row S2.105).
 */
export function TechnicalErrorAlert({ detail, text, values, labels, formatTime, locale, onLinkClick }: TechnicalErrorAlertProps) {
  useFlowStyles();
  if (!detail) return null;
  return (
    <Alert variant="error" className="amwa-technical-error" focusRescue>
      <RichText text={text} values={values} onLinkClick={onLinkClick} />
      {/* A new exception is a new reference: 'Copied' goes with the old one. */}
      <ReferenceFacts key={detail.date + detail.traceId} time={technicalAlertTime(detail.date)} traceId={detail.traceId} labels={labels} formatTime={formatTime} locale={locale} />
    </Alert>
  );
}
