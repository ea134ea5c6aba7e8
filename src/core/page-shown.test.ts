import { describe, expect, it, vi } from 'vitest';
import { whenShown, type PrerenderingPage } from './page-shown';

/** A page double (the browser edge): `prerendering` as given, `show()` activates it as the browser does. */
function fakePage(prerendering: boolean) {
  const page = Object.assign(new EventTarget(), { prerendering });
  const show = () => {
    page.prerendering = false;
    page.dispatchEvent(new Event('prerenderingchange'));
  };
  return { page: page as PrerenderingPage & { prerendering: boolean }, show };
}

const settled = async (promise: Promise<boolean>) => {
  let result: boolean | 'pending' = 'pending';
  void promise.then((value) => (result = value));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return result;
};

describe('whenShown', () => {
  it('resolves true at once for a page that is shown, or no page at all', async () => {
    expect(await settled(whenShown(fakePage(false).page, new AbortController().signal))).toBe(true);
    expect(await settled(whenShown(undefined, new AbortController().signal))).toBe(true);
  });

  it('waits while the page is prerendered, and resolves true when it is shown', async () => {
    const { page, show } = fakePage(true);
    const shown = whenShown(page, new AbortController().signal);
    expect(await settled(shown)).toBe('pending');
    show();
    expect(await settled(shown)).toBe(true);
  });

  it('resolves false when the signal aborts first, and leaves no listener on the page', async () => {
    const { page, show } = fakePage(true);
    const added = vi.spyOn(page, 'addEventListener');
    const unmounted = new AbortController();
    const shown = whenShown(page, unmounted.signal);
    unmounted.abort();
    expect(await settled(shown)).toBe(false);
    // The listener was added with a signal of its own, aborted with the wait.
    const options = added.mock.calls[0]?.[2] as AddEventListenerOptions;
    expect(options.signal?.aborted).toBe(true);
    show();
    expect(await settled(shown)).toBe(false);
  });

  it('resolves false for a signal already aborted, without listening', async () => {
    const { page } = fakePage(true);
    const added = vi.spyOn(page, 'addEventListener');
    const gone = new AbortController();
    gone.abort();
    expect(await settled(whenShown(page, gone.signal))).toBe(false);
    expect(added).not.toHaveBeenCalled();
  });
});
