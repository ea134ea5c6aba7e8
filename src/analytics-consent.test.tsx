// A host that waits for its consent banner mounts with analyticsConsent: false and switches it on
// through handle.update(); nothing reaches the data layer before, and the page on screen is
// recorded when consent arrives.
import { waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fileLocaleLoader } from '../test/locale-loader';
import { mount, type AmwaHandle } from './mount';

const hostWindow = window as unknown as { dataLayer?: { event: string; pageName?: string }[] };
let handle: AmwaHandle | undefined;
afterEach(() => {
  handle?.unmount();
  delete hostWindow.dataLayer;
});

it('pushes nothing until the host has consent, then the page on screen and every page after', async () => {
  const host = document.createElement('div');
  document.body.append(host);
  const onPageLoad = vi.fn();
  handle = mount(host, { routing: 'memory', analyticsConsent: false }, { loadLocale: fileLocaleLoader, on: { 'amwa-page-load': onPageLoad } });
  const root = () => within(host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!);
  await root().findByRole('heading', { level: 1, name: 'Log on with' });
  await waitFor(() => expect(onPageLoad).toHaveBeenCalledWith({ pageName: 'logon:choose-access-means' }));
  expect(hostWindow.dataLayer ?? []).toEqual([]);

  handle.update({ analyticsConsent: true });
  await waitFor(() => expect(hostWindow.dataLayer).toEqual([{ event: 'pageLoad', pageName: 'logon:choose-access-means' }]));
  expect(onPageLoad).toHaveBeenCalledTimes(1);
  handle.navigate('/pages/logout');
  await waitFor(() => expect(hostWindow.dataLayer).toContainEqual({ event: 'pageLoad', pageName: 'logon:logged-off' }));
  host.remove();
});
