import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAmwa, useRouter } from '../../context';
import { createActivation, type Activation, type ActivationState, type ColourCodeScreen } from '../../core/flows/activation';
import type { ColourCodeState } from '../../core/flows/colour-code';
import { createLeaveWarning } from '../../core/flows/leave-warning';
import { SESSION_EXPIRED, splitSessionExpired } from '../../core/router';

/**
 * Runs one activation while the page is shown, with the page-leave warning and the activity that
 * restarts the inactivity count on the page's window. At the inactivity limit the browser goes to
 * the corporate-portal logout the logout named, else to the session-expired variant of the page.
 */
export function useActivation(): Activation | undefined {
  const services = useAmwa();
  const router = useRouter();
  const [activation, setActivation] = useState<Activation>();
  // The router in a ref: the activation lives as long as the page, whatever the router passes next.
  const latest = useRef(router);
  useLayoutEffect(() => {
    latest.current = router;
  });

  useEffect(() => {
    const { api, scope: root, settings, emit, errors, traceLog } = services;
    const scope = root.child();
    void services.session.then((session) => {
      if (scope.disposed) return;
      setActivation(
        createActivation({
          api,
          scope,
          settings,
          emit,
          errors,
          traceLog,
          session,
          leaveWarning: createLeaveWarning(scope),
          base: window.location.href,
          activity: services.activityTargets,
          leave: (url) => window.location.assign(url),
          onSessionExpired() {
            const { location, navigate } = latest.current;
            navigate(splitSessionExpired(location.path).path + SESSION_EXPIRED);
          },
        }),
      );
    }, (error: unknown) => scope.disposed || errors.handle(error, { origin: 'session' }));
    return () => scope.dispose();
  }, [services]);

  return activation;
}

/** The activation's state, re-rendering on every change. */
export function useActivationState(activation: Activation): ActivationState {
  return useSyncExternalStore(activation.subscribe, () => activation.state, () => activation.state);
}

/** The state of one screen's colour code, re-rendering on every change. */
export function useColourCodeState(activation: Activation, screen: ColourCodeScreen): ColourCodeState {
  const colourCode = activation.colourCodes[screen];
  return useSyncExternalStore(colourCode.subscribe, () => colourCode.state, () => colourCode.state);
}
