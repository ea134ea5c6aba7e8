// The browser's own "Leave site?" prompt while a flow holds progress the user would lose
// (spec section 2: on during activation, off once it ends in any way).
import type { Scope } from '../scope';

/** A switchable page-leave prompt. */
export interface LeaveWarning {
  enable(): void;
  disable(): void;
  readonly enabled: boolean;
}

/** Creates a leave warning listening on `target` (the page's window); disposing the scope turns it off. */
export function createLeaveWarning(scope: Scope, target: EventTarget | undefined = globalThis.window): LeaveWarning {
  let stop: (() => void) | undefined;
  const prompt = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Browsers before the preventDefault() form (Chrome < 119, Safari < 17) only look at returnValue.
    event.returnValue = true;
  };
  return {
    enable() {
      if (!stop && target && !scope.disposed) stop = scope.listen(target, 'beforeunload', prompt);
    },
    disable() {
      stop?.();
      stop = undefined;
    },
    get enabled() {
      return stop !== undefined && !scope.disposed;
    },
  };
}
