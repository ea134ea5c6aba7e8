// The host page's own code cannot break the widget: a tag manager whose push throws, listeners
// (on(), DOM, <AmwaPortal> props) that throw, a loadLocale or fetch that misbehaves. Each
// error is reported once per source on the console and the widget carries on.
import { act, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileLocaleLoader } from '../test/locale-loader';
import { mount, type AmwaHandle } from './mount';
import { AmwaPortal } from './react';

const settings = { basePath: '/access', routing: 'memory', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example' } as const;
const hostWindow = window as unknown as Record<string, unknown>;
let host: HTMLElement;
let handle: AmwaHandle | undefined;
let errors: ReturnType<typeof vi.spyOn>;

const root = () => within(host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!);
/** The console.error lines amwa wrote about host code, by their first argument. */
const hostReports = () => errors.mock.calls.map((call: unknown[]) => String(call[0])).filter((line: string) => line.includes('host'));

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  handle?.unmount();
  handle = undefined;
  host.remove();
  delete hostWindow.dataLayer;
});

/** Walks Home → mobile logon and back: three page loads, each pushed and emitted. */
async function walk() {
  await root().findByRole('heading', { level: 1, name: 'Log on with' });
  handle!.navigate('/pages/logout');
  await root().findByRole('heading', { name: 'You are now logged off' });
  handle!.navigate('/pages/access-protection');
  expect((await root().findAllByText(/You are not allowed to access/)).length).toBeGreaterThan(0);
}

describe('a hostile host page', () => {
  it('keeps the widget up when dataLayer.push throws, and says so once', async () => {
    let pushes = 0;
    hostWindow.dataLayer = Object.assign([], {
      push() {
        pushes += 1;
        throw new Error('broken tag manager');
      },
    });
    handle = mount(host, settings, { loadLocale: fileLocaleLoader });
    await walk();
    // A page's load is pushed from an effect, which may run after its text is on screen.
    await waitFor(() => expect(pushes).toBeGreaterThanOrEqual(3));
    expect(hostReports()).toEqual(['amwa: host code threw (dataLayer.push); the widget carries on']);
  });

  it('keeps the widget up when on() listeners and DOM listeners throw, one report per source', async () => {
    const onPageLoad = vi.fn(() => {
      throw new Error('listener bug');
    });
    host.addEventListener('amwa-page-load', () => {
      throw new Error('DOM listener bug');
    });
    host.addEventListener('amwa-route-change', () => {
      throw new Error('another DOM listener bug');
    });
    handle = mount(host, settings, { loadLocale: fileLocaleLoader, on: { 'amwa-page-load': onPageLoad } });
    await walk();
    await waitFor(() => expect(onPageLoad.mock.calls.length).toBeGreaterThanOrEqual(3));
    expect(hostReports().sort()).toEqual([
      'amwa: host code threw (DOM listener of amwa-page-load); the widget carries on',
      'amwa: host code threw (DOM listener of amwa-route-change); the widget carries on',
      'amwa: host code threw (on(amwa-page-load) listener); the widget carries on',
    ]);
  });

  it('renders in en-GB when loadLocale throws, or answers something that is not a message table', async () => {
    const loadLocale = vi.fn((name: string, signal: AbortSignal) => {
      if (name === 'de') throw new Error('loader bug');
      if (name === 'de-AT') return Promise.resolve(42 as never);
      return fileLocaleLoader(name, signal);
    });
    handle = mount(host, { ...settings, language: 'de', country: 'AT' }, { loadLocale });
    await walk();
    expect(hostReports()).toEqual(['amwa: host code threw (loadLocale); the widget carries on']);
  });

  it('turns a fetch that throws or answers garbage into a failed call, not a broken widget', async () => {
    const calls: string[] = [];
    const hostFetch = vi.fn((input: RequestInfo | URL) => {
      calls.push(String(input));
      if (calls.length === 1) throw new Error('fetch bug');
      return Promise.resolve('not a response' as unknown as Response);
    });
    handle = mount(host, { ...settings, initialRoute: '/pages/logon/mobile' }, { loadLocale: fileLocaleLoader, fetch: hostFetch });
    await root().findByRole('heading', { level: 1, name: "Log on with the bank's mobile app" });
    await root().findByText('This QR code can no longer be used. Refresh it to try again.');
    await act(async () => root().getByRole('button', { name: 'Refresh' }).click());
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    await root().findByText('This QR code can no longer be used. Refresh it to try again.');
    expect(hostReports()).toEqual(['amwa: host code threw (fetch); the widget carries on']);
  });

  it('keeps <AmwaPortal> and the host tree up when an on… prop throws', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const reactRoot = createRoot(container);
    const onRouteChange = vi.fn(() => {
      throw new Error('prop bug');
    });
    await act(async () =>
      reactRoot.render(
        createElement('main', null, createElement('h2', null, 'Host header'), createElement(AmwaPortal, { settings, onRouteChange })),
      ),
    );
    const portal = () => container.querySelector('main > div')!.shadowRoot!;
    await waitFor(() => expect(portal().querySelector('h1')?.textContent).toBe('Log on with'));
    expect(onRouteChange).toHaveBeenCalled();
    expect(container.querySelector('h2')?.textContent).toBe('Host header');
    expect(hostReports()).toEqual(['amwa: host code threw (on(amwa-route-change) listener); the widget carries on']);
    act(() => reactRoot.unmount());
    container.remove();
  });
});
