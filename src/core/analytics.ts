import type { AmwaEventMap, Emit } from './events';
import { createHostGuard, type HostGuard } from './host-guard';
import type { PrerenderingPage } from './page-shown';
import type { Settings } from './settings';
import { WIDGET_GLOBALS } from './widget-globals';

/** An element the user saw or used, as pushed in an 'elementsOnPage' event. */
export type ElementEvent = AmwaEventMap['amwa-elements-on-page'];

/** How a flow step ended, tracked as a page load named `{pageName}-{outcome}`. */
export type StepOutcome = 'success' | 'go_back';

/** Analytics: pushes to the host's data layer and mirrors every entry as an amwa event. */
export interface Analytics {
  pageLoad(pageName: string): void;
  /** The host's consent arrived (`analyticsConsent` turned true): the current page is pushed. */
  consented(): void;
  element(element: ElementEvent): void;
  /** An error state the user was shown ('Request timeout', 'technical error', 'generic error'), on the current page. */
  view(name: string): void;
  /** A flow step finished ('-success') or was left backwards ('-go_back'). */
  step(pageName: string, outcome: StepOutcome): void;
}

type DataLayerEntry = { event: 'pageLoad'; pageName: string } | ({ event: 'elementsOnPage'; elementEvent: string } & Omit<ElementEvent, 'event'>);

/** What analytics needs from its host. */
export interface AnalyticsDeps {
  /** Read on every push, so a change of `analyticsConsent` applies from the next one. */
  settings: Pick<Settings, 'dataLayerName' | 'analyticsConsent'>;
  emit: Emit;
  cookies: { analyticsLogging(): boolean };
  /** Where a throwing data layer is reported; the push is then dropped. */
  guard?: HostGuard;
  /** The page, to hold records while it is prerendered (defaults to `document`). */
  page?: PrerenderingPage;
  /** Once aborted (the widget unmounted), records held for a prerendered page are dropped. */
  signal?: AbortSignal;
}

/** The page as analytics sees it: prerendered (speculation rules) or shown. */
export type { PrerenderingPage };

/**
 * Creates the analytics recorder; without a `window` (server) only the events are emitted.
 * Nothing reaches the data layer while `settings.analyticsConsent` is false: those entries are
 * dropped, not queued, and the amwa events still fire for the host's own listeners.
 */
export function createAnalytics({ settings, emit, cookies, guard = createHostGuard(), page = typeof document === 'undefined' ? undefined : document, signal }: AnalyticsDeps): Analytics {
  let currentPage = '';
  // A page a host prerenders (docs/performance.md) records nothing until the user is shown it:
  // a prerender that is never used must not count as a visit.
  const held: Array<() => void> = [];
  const whenShown = (record: () => void) => {
    if (!page?.prerendering) return record();
    if (signal?.aborted) return;
    if (!held.length) page.addEventListener('prerenderingchange', () => held.splice(0).forEach((run) => run()), { once: true, signal });
    held.push(record);
  };
  const push = (entry: DataLayerEntry) => {
    if (cookies.analyticsLogging()) console.info('amwa analytics', entry);
    if (typeof window === 'undefined' || !settings.analyticsConsent) return;
    guard.run('dataLayer.push', () => layerOf(settings.dataLayerName)?.push(entry));
  };
  const warned = new Set<string>();
  /** The array under `name`, found or created; never anything else, so no other global is written. */
  const layerOf = (name: string): unknown[] | undefined => {
    const host = window as unknown as Record<string, unknown>;
    if (WIDGET_GLOBALS.has(name)) return undefined;
    if (host[name] === undefined && !(name in host)) host[name] = [];
    const layer = host[name];
    if (Array.isArray(layer)) return layer;
    if (!warned.has(name)) {
      warned.add(name);
      console.warn(`amwa analytics: window.${name} is not an array, so nothing is pushed to it (docs/settings.md, dataLayerName)`);
    }
    return undefined;
  };
  const pageLoad = (pageName: string) =>
    whenShown(() => {
      push({ event: 'pageLoad', pageName });
      emit('amwa-page-load', { pageName });
    });
  const element = ({ event, ...rest }: ElementEvent) =>
    whenShown(() => {
      push({ event: 'elementsOnPage', ...rest, elementEvent: event });
      emit('amwa-elements-on-page', { ...rest, event });
    });
  return {
    pageLoad(pageName) {
      currentPage = pageName;
      pageLoad(pageName);
    },
    consented() {
      // The page on screen when consent arrives is recorded then, so a visitor who accepts on
      // Home is counted on Home; the amwa event already fired and is not repeated.
      const shown = currentPage;
      if (shown) whenShown(() => push({ event: 'pageLoad', pageName: shown }));
    },
    element,
    view: (name) => element({ elementType: 'view', content: name, position: currentPage, event: 'viewed' }),
    step: (pageName, outcome) => pageLoad(`${pageName}-${outcome}`),
  };
}
