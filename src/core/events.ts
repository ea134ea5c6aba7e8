import type { AnswerReport } from './api-error';
import type { RefusedRedirectReport } from './flows/redirect';
import { createHostGuard, type HostGuard } from './host-guard';
import { nearestName } from './nearest-name';

/** Detail of `amwa-generic-exception`: an error the widget could not recover from on the current screen. */
export interface GenericExceptionDetail {
  /** Where it happened: a call path, a setting name or a component name. */
  origin: string;
  status?: number;
  /** A failed call's answer by operation, status and field names, or a refused logon url without its query; never a value of an answer. */
  data?: AnswerReport | RefusedRedirectReport;
  message: string;
  traceId?: string;
}

/** Detail of `amwa-technical-exception`: shown in the technical error alert. */
export interface TechnicalExceptionDetail {
  /** ISO time from the response date header, or now when the header is missing or invalid. */
  date: string;
  traceId?: string;
  timeout: boolean;
}

/** Every event the widget fires, by DOM event name, with its detail type. */
export interface AmwaEventMap {
  'amwa-generic-exception': GenericExceptionDetail;
  'amwa-technical-exception': TechnicalExceptionDetail;
  'amwa-clear-technical-exception': Record<string, never>;
  /** Analytics page load. */
  'amwa-page-load': { pageName: string };
  /** Analytics 'elementsOnPage' event. */
  'amwa-elements-on-page': { elementType: string; content: string; position: string; event: string };
  /** The widget is about to send the browser to a logon result url: its origin and path, without query and fragment (they carry the session's ticket). */
  'amwa-logon-redirect': { url: string; logonType: 'mobile' | 'scanner' | 'link' };
  /** The route inside the widget changed. */
  'amwa-route-change': { path: string };
  /** A response carried the prefill header. */
  'amwa-prefill': { value: string };
  /** A flow step completed ('next' in the spec). */
  'amwa-next': { flow: string; step: string };
  /**
   * Logout finished; `url` is the corporate-portal logout the browser goes to next, if any.
   * Cancelable: `preventDefault()` in a DOM listener, or `false` from a callback, keeps the browser
   * here (for a host that ends the portal session itself).
   */
  'amwa-logout': { url?: string };
  /** This tab took (`true`) or handed over (`false`) the lead of the session's token refresh for the origin. */
  'amwa-session-leader': { leader: boolean };
  /** The first screen is interactive (once per mount): its route and the locale of its texts. */
  'amwa-ready': { path: string; locale: string };
  /** A locale table could not be loaded (an error, or no answer in 120 s); the widget shows English instead. */
  'amwa-locale-fallback': { locale: string; url: string; message: string };
  /** A text of `settings.messages` was not applied: a key the widget does not know, or placeholders that differ from the built-in text. */
  'amwa-messages-rejected': { locale: string; key: string; reason: 'unknown-key' | 'placeholders' | 'not-text' };
}

/** Name of any amwa event. */
export type AmwaEventType = keyof AmwaEventMap;

const eventNames: Record<AmwaEventType, true> = {
  'amwa-generic-exception': true,
  'amwa-technical-exception': true,
  'amwa-clear-technical-exception': true,
  'amwa-page-load': true,
  'amwa-elements-on-page': true,
  'amwa-logon-redirect': true,
  'amwa-route-change': true,
  'amwa-prefill': true,
  'amwa-next': true,
  'amwa-logout': true,
  'amwa-session-leader': true,
  'amwa-ready': true,
  'amwa-locale-fallback': true,
  'amwa-messages-rejected': true,
};

/** Every amwa event name; the compiler keeps it in step with AmwaEventMap. */
export const AMWA_EVENT_TYPES = Object.keys(eventNames) as AmwaEventType[];

/** A typed listener for one amwa event; returning `false` cancels a cancelable one (any return type is allowed). */
export type AmwaListener<K extends AmwaEventType> = (detail: AmwaEventMap[K]) => void;

/** The events a host may cancel. */
export const CANCELABLE_EVENTS: ReadonlySet<AmwaEventType> = new Set<AmwaEventType>(['amwa-logout']);

/** The emit function every layer receives; it never throws into its caller. `false` when a host cancelled the event. */
export type Emit = <K extends AmwaEventType>(type: K, detail: AmwaEventMap[K]) => boolean | void;

/**
 * A tiny typed emitter that also re-dispatches every event as a DOM CustomEvent on `target`.
 * Listeners are host code: their errors go to `guard` (reported once per event) and never back
 * into the flow that emitted.
 */
export function createEmitter(target?: EventTarget, guard: HostGuard = createHostGuard()) {
  const listeners = new Map<AmwaEventType, Set<(detail: never) => void>>();
  const emit = <K extends AmwaEventType>(type: K, detail: AmwaEventMap[K]): boolean => {
    const cancelable = CANCELABLE_EVENTS.has(type);
    let proceed = true;
    for (const listener of [...(listeners.get(type) ?? [])]) {
      const answer: unknown = guard.run(`on(${type}) listener`, () => (listener as AmwaListener<typeof type>)(detail));
      if (answer === false && cancelable) proceed = false;
    }
    // Browsers report a DOM listener's error themselves and carry on; other DOMs throw it here.
    if (target && guard.run(`DOM listener of ${type}`, () => target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }))) === false) proceed = false;
    return proceed;
  };
  const warned = new Set<string>();
  const on = <K extends AmwaEventType>(type: K, listener: AmwaListener<K>) => {
    // Plain JavaScript gets no type check: a misspelt name would wait in silence for ever.
    if (!Object.hasOwn(eventNames, type) && !warned.has(type)) {
      warned.add(type);
      const meant = typeof type === 'string' ? nearestName(type, AMWA_EVENT_TYPES) : undefined;
      console.warn(`amwa on: ${JSON.stringify(type)} is not an amwa event, so this listener is never called${meant ? ` (did you mean "${meant}"?)` : ''}. The events: docs/events.md.`);
    }
    const set = listeners.get(type) ?? new Set();
    set.add(listener as (detail: never) => void);
    listeners.set(type, set);
    return () => void set.delete(listener as (detail: never) => void);
  };
  return { emit, on, clear: () => listeners.clear() };
}
