/** The page as the widget sees it: prerendered (speculation rules) or shown. */
export type PrerenderingPage = EventTarget & { readonly prerendering?: boolean };

/** The page the widget runs in, or none (a server, a worker). */
export const currentPage = (): PrerenderingPage | undefined => (typeof document === 'undefined' ? undefined : document);

/**
 * Resolves `true` once `page` is shown: at once unless it is being prerendered, else at its
 * `prerenderingchange`. A page a host prerenders may never be shown, so nothing with an effect
 * (a mutating call, a session, a QR code issued, a cookie) may start before. Resolves `false`
 * when `signal` aborts first (the widget unmounted), and the listener goes with it.
 */
export function whenShown(page: PrerenderingPage | undefined, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (page?.prerendering !== true) return Promise.resolve(true);
  return new Promise((resolve) => {
    const stop = new AbortController();
    const settle = (shown: boolean) => () => {
      stop.abort();
      resolve(shown);
    };
    page.addEventListener('prerenderingchange', settle(true), { once: true, signal: stop.signal });
    signal.addEventListener('abort', settle(false), { once: true, signal: stop.signal });
  });
}
