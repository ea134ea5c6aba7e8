import type { AmwaServices, LiveState } from './context';
import { createAnalytics } from './core/analytics';
import { createLazyApiClient } from './core/api-lazy';
import type { WidgetCookies } from './core/cookies';
import { createErrorHandler } from './core/error-handler';
import type { createEmitter } from './core/events';
import type { Store } from './core/flows/store';
import type { HostGuard } from './core/host-guard';
import type { History } from './core/router';
import type { Scope } from './core/scope';
import { createSessionLayer } from './core/session-layer';
import type { Settings } from './core/settings';
import { createTraceLog } from './core/trace';
import { whenIdle } from './core/when-idle';
import type { WidgetTexts } from './core/widget-texts';

/** What one widget's services are made from. */
export interface WidgetServicesDeps {
  /** The widget's settings, read on use (updates change them in place). */
  settings: Settings;
  emitter: ReturnType<typeof createEmitter>;
  guard: HostGuard;
  scope: Scope;
  /** The host's fetch, guarded, when it gave one. */
  fetch?: typeof fetch;
  texts: WidgetTexts;
  live: Store<LiveState>;
  cookies: WidgetCookies;
  history: History;
  /** The widget's root box: the portal root, and where user activity is watched. */
  box: HTMLElement;
  idPrefix: string;
  /** The state the host's server rendered with, while its screen is taken over. */
  serverLive?: LiveState;
  /** Shared by the element's renderings: `amwa-ready` is announced once per element. */
  readyOnce: { fired: boolean };
}

/**
 * The services the pages of one widget use (API, errors, analytics, session, texts, cookies),
 * each loaded lazily; the session layer, the trace log and the full texts warm up once the page is
 * idle or the user starts using the widget, whichever comes first (Home needs none of them).
 */
export function createWidgetServices({ settings, emitter, guard, scope, fetch, texts, live, cookies, history, box, idPrefix, serverLive, readyOnce }: WidgetServicesDeps): AmwaServices {
  const { emit } = emitter;
  const activityTargets = [window, box];
  const analytics = createAnalytics({ settings, emit, cookies, guard, signal: scope.signal });
  const api = createLazyApiClient({ settings, emit, scope, language: () => texts.store.get()?.locale ?? settings.locale, fetch }, () => import('./core/api'));
  const traceLog = createTraceLog(api, scope.signal);
  const errors = createErrorHandler({
    emit,
    analytics,
    traceLog,
    signal: scope.signal,
    navigateToError: (traceId) => history.push(`/pages/error${traceId ? `?trace-id=${encodeURIComponent(traceId)}` : ''}`),
  });
  const sessionLayer = createSessionLayer({
    api,
    scope,
    activityTargets,
    settings,
    onLeaderChange(leader) {
      box.dataset.sessionLeader = String(leader);
      emit('amwa-session-leader', { leader });
    },
  });
  whenIdle(scope, box, () => {
    cookies.settle();
    traceLog.warm();
    sessionLayer.warm();
    void texts.complete().catch(() => undefined);
  });

  return {
    get settings() {
      return live.get().settings;
    },
    get i18n() {
      const current = live.get().i18n;
      if (!current) throw new Error('amwa: texts are not loaded yet');
      return current;
    },
    emit,
    on: emitter.on,
    scope,
    api,
    errors,
    traceLog,
    cookies,
    analytics,
    get session() {
      return sessionLayer.get();
    },
    idPrefix,
    portalRoot: box,
    activityTargets,
    live,
    serverLive,
    completeTexts: texts.complete,
    ready() {
      // The first page is on screen with its effects run: later reads see the cookies as they are then.
      cookies.settle();
      if (readyOnce.fired || scope.disposed) return;
      readyOnce.fired = true;
      emit('amwa-ready', { path: history.location().path, locale: texts.store.get()?.locale ?? settings.locale });
    },
  };
}
