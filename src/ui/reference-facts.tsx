import { useRef, useState } from 'react';
import { Button } from './button';

/** The words of the facts, in the page's language. */
export interface ReferenceLabels {
  timestamp: string;
  traceId: string;
  copy: string;
  /** Said once the trace id is on the clipboard. */
  copied: string;
}

/** Props of {@link ReferenceFacts}. */
export interface ReferenceFactsProps {
  /** When it happened. */
  time: Date;
  /** The server's trace id; the Copy button comes with it. */
  traceId?: string;
  labels: ReferenceLabels;
  /** 'MMMM dd, HH:mm:ss' in Amsterdam time (`i18n.amsterdamTime`). */
  formatTime(date: Date): string;
  /** The page's locale: names the time zone ('CET', 'MESZ'). */
  locale: string;
}

/** Amsterdam's time zone at `date` in the locale's short name ('CET', 'CEST', 'MEZ'). */
export function amsterdamZone(date: Date, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Amsterdam', timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * What a customer quotes to the service team: the time with its zone named and the trace id in
 * plain sight (a screenshot shows it), with a Copy button beside it for a mail.
 */
export function ReferenceFacts({ time, traceId, labels, formatTime, locale }: ReferenceFactsProps) {
  const [copied, setCopied] = useState(false);
  const traceRef = useRef<HTMLElement>(null);
  const copy = async () => {
    if (!traceId) return;
    try {
      await navigator.clipboard.writeText(traceId);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a denied permission): the id is selected for Ctrl+C instead.
      if (traceRef.current) getSelection()?.selectAllChildren(traceRef.current);
    }
  };
  return (
    <div className="amwa-reference">
      <dl className="amwa-facts">
        <dt>{labels.timestamp}</dt>
        <dd>
          {formatTime(time)} {amsterdamZone(time, locale)}
        </dd>
        {traceId && (
          <>
            <dt>{labels.traceId}</dt>
            <dd>
              <code ref={traceRef} className="amwa-reference__trace">
                {traceId}
              </code>
            </dd>
          </>
        )}
      </dl>
      {traceId && (
        <div className="amwa-reference__copy">
          <Button variant="secondary" onClick={() => void copy()}>
            {labels.copy}
          </Button>
          <span role="status">{copied ? labels.copied : ''}</span>
        </div>
      )}
    </div>
  );
}
