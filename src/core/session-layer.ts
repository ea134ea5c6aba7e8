import type { ApiClient } from './api';
import { lazyImport, type LazyImport } from './lazy-import';
import type { Scope } from './scope';
import type { Session } from './session';
import type { Settings } from './settings';
import { nextTask } from './when-idle';

/** What a widget's session layer is made of. */
export interface SessionLayerDeps {
  api: ApiClient;
  scope: Scope;
  activityTargets: readonly EventTarget[];
  /** The widget's settings, read on use (updates change them in place). */
  settings: Settings;
  /** Hosts and tests see which tab runs the token refresh for the origin. */
  onLeaderChange(leader: boolean): void;
}

/**
 * The session layer of one widget (profiles, the anonymous session, token refresh), loaded on
 * first use or when warmed up. A failed load is forgotten and tried again with the next use; one
 * the warm-up started and no page waits for is reported once, and one aborted because the page is
 * being left not at all.
 */
export function createSessionLayer({ api, scope, activityTargets, settings, onLeaderChange }: SessionLayerDeps): LazyImport<Session> {
  return lazyImport(
    () =>
      import('./session')
        // The session's channel, election and activity listeners take a task of their own, not
        // the one that renders the page asking for it (a page opened directly on a slow phone).
        .then((module) => new Promise<typeof module>((resolve) => nextTask(scope, () => resolve(module))))
        .then(({ createSession }) => {
          const created = createSession({
            api,
            scope,
            activityTargets,
            inactivityTimeoutsS: () => [settings.inactivityTimeoutLogonS, settings.inactivityTimeoutActivationS],
            cookieScope: `${new URL(settings.apiBaseUrl).origin} ${new URL(settings.securityApiBaseUrl).origin}`,
          });
          if (scope.disposed) return created;
          created.onLeaderChange(onLeaderChange);
          void created.init();
          return created;
        }),
    { report: (error) => console.warn('amwa: the session layer could not be loaded ahead of use; it is tried again when a page needs it', error), signal: scope.signal },
  );
}
