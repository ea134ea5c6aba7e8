// <AmwaPortal> from the built `amwa/react` entry inside a React host: mounts, reports events
// through on… props, and unmounting the host tree leaves nothing behind.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fromDist, type ReactModule } from './from-dist';
import { trackLeaks } from './leaks';

const { AmwaPortal } = await fromDist<ReactModule>('react.js');

let leaks: ReturnType<typeof trackLeaks>;
beforeEach(() => {
  leaks = trackLeaks();
});
afterEach(() => leaks.stop());

test('<AmwaPortal> renders Home, calls onPageLoad and cleans up when the host unmounts', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const onPageLoad = vi.fn();
  root.render(createElement(AmwaPortal, { settings: { basePath: '/access', routing: 'memory' }, onPageLoad }));
  await vi.waitFor(() => expect(container.firstElementChild?.shadowRoot?.querySelector('h1')?.textContent).toBe('Log on with'));
  const host = container.firstElementChild!;
  await vi.waitFor(() => expect(onPageLoad).toHaveBeenCalledWith({ pageName: 'logon:choose-access-means' }));

  root.unmount();
  expect(host.shadowRoot!.childNodes).toHaveLength(0);
  container.remove();
  expect(leaks.leftovers()).toEqual([]);
});
