import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileLocaleLoader } from '../test/locale-loader';
import { mount, type AmwaHandle } from './mount';

const settings = { basePath: '/access', routing: 'memory', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example' } as const;
let host: HTMLElement;
let handle: AmwaHandle | undefined;

const shadow = () => within(host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!);

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  handle?.unmount();
  host.remove();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; max-age=0; path=/`));
});

describe('mount', () => {
  it('renders Home into a shadow root and reports the page load', async () => {
    const onPageLoad = vi.fn();
    handle = mount(host, JSON.stringify(settings), { loadLocale: fileLocaleLoader, on: { 'amwa-page-load': onPageLoad } });
    expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    expect(shadow().getByRole('link', { name: /mobile app/ }).getAttribute('href')).toBe('#');
    expect(shadow().getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('mailto:service@demobank.example');
    await waitFor(() => expect(onPageLoad).toHaveBeenCalledWith({ pageName: 'logon:choose-access-means' }));
  });

  it('shows the error page and names the field of bad settings, without throwing', async () => {
    const listener = vi.fn();
    host.addEventListener('amwa-generic-exception', (event) => listener((event as CustomEvent).detail));
    handle = mount(host, '{"qrTimeout":"soon"}', { loadLocale: fileLocaleLoader });
    expect(await shadow().findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await waitFor(() => expect(listener).toHaveBeenCalledWith({ origin: 'settings.qrTimeout', message: 'amwa settings: "qrTimeout" is invalid' }));
  });

  it('reports malformed JSON to listeners added after mount', async () => {
    handle = mount(host, '{oops', { loadLocale: fileLocaleLoader });
    const listener = vi.fn();
    handle.on('amwa-generic-exception', listener);
    await waitFor(() => expect(listener).toHaveBeenCalledWith(expect.objectContaining({ origin: 'settings.(json)' })));
  });

  it('navigates in memory mode and shows the session-expired alert', async () => {
    handle = mount(host, settings, { loadLocale: fileLocaleLoader });
    await shadow().findByRole('heading', { name: 'Log on with' });
    handle.navigate('/pages/logout/sessionExpired');
    expect(await shadow().findByText('Your session has expired, you need to log on again.')).toBeTruthy();
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
  });

  it.each(['/', '/index.html'])('sends a returning mobile user from %s to the mobile logon route, replacing the address', async (index) => {
    document.cookie = 'logonType=mobile; path=/';
    window.history.replaceState(null, '', `${index}?campaign=x`);
    const entries = window.history.length;
    const onRoute = vi.fn();
    handle = mount(host, { ...settings, basePath: '', routing: 'history' }, { loadLocale: fileLocaleLoader, on: { 'amwa-route-change': onRoute } });
    await waitFor(() => expect(onRoute).toHaveBeenCalledWith({ path: '/pages/logon/mobile' }));
    expect(window.location.pathname + window.location.search).toBe('/pages/logon/mobile?campaign=x');
    expect(window.history.length).toBe(entries);
    expect(onRoute).not.toHaveBeenCalledWith({ path: '/' });
    expect(shadow().queryByRole('heading', { name: 'Log on with' })).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('applies update() and the orange channel', async () => {
    handle = mount(host, settings, { loadLocale: fileLocaleLoader });
    await shadow().findByRole('heading', { name: 'Log on with' });
    handle.update({ channel: 'orange' });
    await waitFor(() => expect(host.shadowRoot!.querySelector('.amwa-root')?.getAttribute('data-channel')).toBe('orange'));
    expect(host.shadowRoot!.querySelectorAll('.amwa-root')).toHaveLength(1);
  });

  it('leaves no node, timer or listener behind after unmount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const removed = vi.spyOn(window, 'removeEventListener');
    handle = mount(host, { ...settings, routing: 'history' }, { loadLocale: fileLocaleLoader });
    await shadow().findByRole('heading', { name: 'Log on with' });
    handle.unmount();
    expect(host.shadowRoot!.childNodes).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(removed).toHaveBeenCalledWith('popstate', expect.any(Function), undefined);
    vi.useRealTimers();
  });

  it('keeps two widgets on one page apart', async () => {
    const other = document.createElement('div');
    document.body.append(other);
    handle = mount(host, settings, { loadLocale: fileLocaleLoader });
    const second = mount(other, { ...settings, initialRoute: '/pages/logout' }, { loadLocale: fileLocaleLoader });
    await shadow().findByRole('heading', { name: 'Log on with' });
    await within(other.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!).findByRole('heading', { name: 'You are now logged off' });
    second.unmount();
    expect(await shadow().findByRole('heading', { name: 'Log on with' })).toBeTruthy();
    other.remove();
  });

  it('refuses something that is not an element', () => {
    expect(() => mount({} as HTMLElement, '{}')).toThrow('amwa mount: element must be an HTMLElement');
  });
});
