// Host code (the page's tag manager, its listeners, the loadLocale and fetch it passed) runs
// inside the widget's flows. None of it may take the widget down: its errors are caught,
// reported once per source, and the flow goes on.
import type { LocaleLoader } from './i18n';

/** Runs host code so that its errors never reach the widget. */
export interface HostGuard {
  /** Runs `fn`; a throw is reported under `source` and swallowed (the result is then `undefined`). */
  run<T>(source: string, fn: () => T): T | undefined;
  /** Reports a host error on the console, once per `source`. */
  report(source: string, error: unknown): void;
}

/** Creates a guard whose reports are deduplicated per source; `log` defaults to `console.error`. */
export function createHostGuard(log: (message: string, error: unknown) => void = (message, error) => console.error(message, error)): HostGuard {
  const reported = new Set<string>();
  const report = (source: string, error: unknown) => {
    if (reported.has(source)) return;
    reported.add(source);
    try {
      log(`amwa: host code threw (${source}); the widget carries on`, error);
    } catch {
      // A console the host replaced can throw too; there is nowhere left to report to.
    }
  };
  return {
    run(source, fn) {
      try {
        return fn();
      } catch (error) {
        report(source, error);
        return undefined;
      }
    },
    report,
  };
}

const isTable = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The host's locale loader, guarded: a throw or an answer that is not a message table is reported and counts as a failed load. */
export function guardLocaleLoader(guard: HostGuard, load: LocaleLoader): LocaleLoader {
  return async (name, signal) => {
    try {
      const table: unknown = await load(name, signal);
      if (table !== undefined && !isTable(table)) throw new TypeError(`loadLocale('${name}') answered something that is not a message table`);
      return table as Awaited<ReturnType<LocaleLoader>>;
    } catch (error) {
      if (!signal.aborted) guard.report('loadLocale', error);
      throw error;
    }
  };
}

const isResponse = (value: unknown): value is Response =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Response).status === 'number' &&
  typeof (value as Response).text === 'function' &&
  typeof (value as Response).headers?.get === 'function';

/**
 * The host's fetch, guarded: a synchronous throw or an answer that is not a Response is reported
 * and becomes a rejected call (a network error to the widget). A plain rejection is the network
 * failing, not a host bug, and is not reported here.
 */
export function guardFetch(guard: HostGuard, send: typeof fetch): typeof fetch {
  return (input, init) => {
    let pending: Promise<Response>;
    try {
      pending = Promise.resolve(send(input, init));
    } catch (error) {
      guard.report('fetch', error);
      return Promise.reject(error);
    }
    return pending.then((response: unknown) => {
      if (isResponse(response)) return response;
      const error = new TypeError('fetch answered something that is not a Response');
      guard.report('fetch', error);
      throw error;
    });
  };
}
