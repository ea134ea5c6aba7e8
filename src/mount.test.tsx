import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOSTILE_SHAPES, hostileRoute, hostileSettings, namesField } from './core/hostile-settings-fakes';
import { packagedLocaleLoader, type LocaleLoader } from './core/i18n';
import type { AmwaRoute } from './core/known-routes';
import { mount, type AmwaHandle } from './mount';

const settings = { basePath: '/access', routing: 'memory', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example' } as const;
let host: HTMLElement;
let handle: AmwaHandle | undefined;

const root = () => host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!;
const shadow = () => within(root());

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  handle?.unmount();
  handle = undefined;
  host.remove();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; max-age=0; path=/`));
});

describe('mount', () => {
  it('renders Home in English at once, from the bundled texts, and says when it is ready', async () => {
    const loadLocale = vi.fn(packagedLocaleLoader);
    const onReady = vi.fn();
    const onPageLoad = vi.fn();
    handle = mount(host, JSON.stringify(settings), { loadLocale, on: { 'amwa-page-load': onPageLoad, 'amwa-ready': onReady } });
    // No table is needed for the first screen.
    expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    expect(loadLocale).not.toHaveBeenCalled();
    expect(shadow().getByRole('link', { name: /mobile app/ }).getAttribute('href')).toBe('#');
    expect(shadow().getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('mailto:service@demobank.example');
    await waitFor(() => expect(onReady).toHaveBeenCalledWith({ path: '/', locale: 'en-GB' }));
    expect(onPageLoad).toHaveBeenCalledWith({ pageName: 'logon:choose-access-means' });
  });

  it('loads the full English table with the first page that needs it', async () => {
    const loadLocale = vi.fn(packagedLocaleLoader);
    handle = mount(host, settings, { loadLocale });
    handle.navigate('/pages/logout');
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
    expect(loadLocale.mock.calls.map(([name]) => name)).toEqual(['en']);
  });

  it('shows an accessible loading state until another language arrives', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loadLocale: LocaleLoader = async (name, signal) => {
      await gate;
      return packagedLocaleLoader(name, signal);
    };
    handle = mount(host, { ...settings, language: 'de' }, { loadLocale });
    expect(await shadow().findByRole('status', { name: 'Wird geladen…' })).toBeTruthy();
    expect(root().querySelector('.amwa-app')?.getAttribute('aria-busy')).toBe('true');
    expect(root().lang).toBe('de');
    release();
    expect(await shadow().findByRole('heading', { level: 1, name: 'Anmelden mit' })).toBeTruthy();
    expect(root().querySelector('.amwa-app')?.getAttribute('aria-busy')).toBe('false');
    expect(root().lang).toBe('de-DE');
  });

  it('falls back to English when a table cannot be loaded, and says which one and where', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onFallback = vi.fn();
    const loadLocale: LocaleLoader = (name, signal) => (name === 'fr' ? Promise.reject(new Error('offline')) : packagedLocaleLoader(name, signal));
    handle = mount(host, { ...settings, language: 'fr' }, { loadLocale, on: { 'amwa-locale-fallback': onFallback } });
    expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    expect(onFallback).toHaveBeenCalledWith({ locale: 'fr', url: 'amwa/locales/fr.json', message: 'offline' });
    expect(warn.mock.calls[0]![0]).toContain('amwa/locales/fr.json');
    handle.navigate('/pages/not-found');
    expect(await shadow().findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
  });

  it('shows the error page, logs and reports the field of bad settings, without throwing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const listener = vi.fn();
    host.addEventListener('amwa-generic-exception', (event) => listener((event as CustomEvent).detail));
    handle = mount(host, '{"qrTimeout":"soon"}');
    expect(await shadow().findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await waitFor(() => expect(listener).toHaveBeenCalledWith({ origin: 'settings.qrTimeout', message: 'amwa settings: "qrTimeout" must be a number' }));
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/"qrTimeout" must be a number.*docs\/settings\.md/);
  });

  it('reports malformed JSON to listeners added after mount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handle = mount(host, '{oops');
    const listener = vi.fn();
    handle.on('amwa-generic-exception', listener);
    await waitFor(() => expect(listener).toHaveBeenCalledWith(expect.objectContaining({ origin: 'settings.(json)' })));
  });

  it('navigates in memory mode and shows the session-expired alert', async () => {
    handle = mount(host, settings);
    handle.navigate('/pages/logout/sessionExpired');
    expect(await shadow().findByText('Your session has expired, you need to log on again.')).toBeTruthy();
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
  });

  it("links its pages by the page's own address in history routing, whatever a <base href> says", async () => {
    const base = document.head.appendChild(document.createElement('base'));
    base.href = 'http://127.0.0.2:4401/';
    try {
      handle = mount(host, { ...settings, routing: 'history' });
      const link = await shadow().findByRole('link', { name: /mobile app/ });
      // A path alone would lead to the base's origin in a browser (happy-dom resolves against the page).
      expect(link.getAttribute('href')).toBe(`${window.location.origin}/access/pages/logon/mobile`);
    } finally {
      base.remove();
    }
  });

  it.each(['/', '/index.html'])('sends a returning mobile user from %s to the mobile logon route, replacing the address', async (index) => {
    document.cookie = 'logonType=mobile; path=/';
    window.history.replaceState(null, '', `${index}?campaign=x`);
    const entries = window.history.length;
    const onRoute = vi.fn();
    handle = mount(host, { ...settings, basePath: '', routing: 'history' }, { on: { 'amwa-route-change': onRoute } });
    await waitFor(() => expect(onRoute).toHaveBeenCalledWith({ path: '/pages/logon/mobile' }));
    expect(window.location.pathname + window.location.search).toBe('/pages/logon/mobile?campaign=x');
    expect(window.history.length).toBe(entries);
    expect(onRoute).not.toHaveBeenCalledWith({ path: '/' });
    expect(shadow().queryByRole('heading', { name: 'Log on with' })).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('leaves no node, timer or listener behind after unmount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const removed = vi.spyOn(window, 'removeEventListener');
    handle = mount(host, { ...settings, routing: 'history' });
    await shadow().findByRole('heading', { name: 'Log on with' });
    handle.unmount();
    expect(host.shadowRoot!.childNodes).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(removed).toHaveBeenCalledWith('popstate', expect.any(Function), undefined);
    vi.useRealTimers();
  });

  it('styles the root and loads Home\'s fonts in a task after mount, renders after that, and does neither when unmounted before', async () => {
    let answer!: () => void;
    // The browser's Cookie Store API (the edge): answers only when the test says so, holding the render back.
    vi.stubGlobal('cookieStore', { getAll: () => new Promise<never[]>((resolve) => (answer = () => resolve([]))) });
    try {
      handle = mount(host, settings);
      // Mounting (settings, texts) is one task on a slow phone: the stylesheet and the fonts are not part of it.
      expect(root().children).toHaveLength(0);
      expect(host.shadowRoot!.adoptedStyleSheets).toHaveLength(0);
      // In a task of its own, while the render waits: the stylesheet, and the hidden text in Home's fonts.
      await waitFor(() => expect(host.shadowRoot!.adoptedStyleSheets).toHaveLength(1));
      expect([...root().children].map((child) => [child.className, child.getAttribute('aria-hidden')])).toEqual([['amwa-warm-up', 'true']]);
      answer();
      expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
      expect(root().querySelector('.amwa-warm-up')).toBeNull();
      handle.unmount();
    } finally {
      vi.unstubAllGlobals();
    }
    const ready = vi.fn();
    handle = mount(host, settings, { on: { 'amwa-ready': ready } });
    handle.unmount();
    expect(host.shadowRoot!.adoptedStyleSheets).toHaveLength(0);
    const other = document.createElement('div');
    document.body.append(other);
    const second = mount(other, settings);
    await waitFor(() => expect(other.shadowRoot!.querySelector('h1')?.textContent).toBe('Log on with'));
    expect(other.shadowRoot!.querySelector('.amwa-warm-up')).toBeNull();
    second.unmount();
    other.remove();
    expect(host.shadowRoot!.childNodes).toHaveLength(0);
    expect(ready).not.toHaveBeenCalled();
  });

  it('renders the index once the cookies read ahead are there, without a blocking read of document.cookie', async () => {
    document.cookie = 'logonType=mobile; path=/';
    let answer!: () => void;
    // The browser's Cookie Store API (the edge): answers only when the test says so.
    const getAll = vi.fn(() => new Promise<Array<{ name: string; value: string }>>((resolve) => (answer = () => resolve([{ name: 'logonType', value: 'link' }]))));
    vi.stubGlobal('cookieStore', { getAll });
    const read = vi.spyOn(document, 'cookie', 'get');
    try {
      const ready = vi.fn();
      handle = mount(host, settings, { on: { 'amwa-ready': ready } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(root().querySelector('.amwa-app')).toBeNull();
      answer();
      // The copy read ahead says `link` (no remembered type): Home, not the mobile logon page the document's cookie names.
      expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
      await waitFor(() => expect(ready).toHaveBeenCalled());
      expect(getAll).toHaveBeenCalledTimes(1);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('asks the cookie store before it makes the shadow root and the stylesheet, and anew for a widget the settings remount', async () => {
    const asked: string[] = [];
    // The browser's Cookie Store API (the edge), answering at once: no remembered logon type.
    vi.stubGlobal('cookieStore', { getAll: vi.fn(async () => (asked.push(host.shadowRoot ? 'with a shadow root' : 'before the shadow root'), [])) });
    try {
      handle = mount(host, settings);
      expect(asked).toEqual(['before the shadow root']);
      expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
      handle.update({ basePath: '/elsewhere' });
      await waitFor(() => expect(asked).toEqual(['before the shadow root', 'with a shadow root']));
      expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('renders from document.cookie when the cookie store never answers', async () => {
    document.cookie = 'logonType=mobile; path=/';
    // The browser's Cookie Store API (the edge), stuck: its answer never comes.
    vi.stubGlobal('cookieStore', { getAll: () => new Promise(() => undefined) });
    try {
      handle = mount(host, settings);
      expect(await shadow().findByRole('heading', { level: 1, name: /mobile app/ }, { timeout: 3000 })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
      document.cookie = 'logonType=; path=/; max-age=0';
    }
  });

  it('keeps two widgets on one page apart', async () => {
    const other = document.createElement('div');
    document.body.append(other);
    handle = mount(host, settings);
    const second = mount(other, { ...settings, initialRoute: '/pages/logout' });
    await shadow().findByRole('heading', { name: 'Log on with' });
    await within(other.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!).findByRole('heading', { name: 'You are now logged off' });
    second.unmount();
    expect(await shadow().findByRole('heading', { name: 'Log on with' })).toBeTruthy();
    other.remove();
  });

  it('refuses a second mount on an element that holds a widget (issue 30): one console error naming amwa, one root, the first widget untouched', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    handle = mount(host, settings);
    const refused = mount(host, { ...settings, initialRoute: '/pages/logout' });
    await shadow().findByRole('heading', { name: 'Log on with' });
    expect(host.shadowRoot!.querySelectorAll('.amwa-root')).toHaveLength(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/^amwa mount: this element already holds an amwa widget/);
    // The refused handle holds nothing: its unmount leaves the first widget on screen.
    refused.unmount();
    refused.navigate('/pages/logout');
    expect(shadow().getByRole('heading', { name: 'Log on with' })).toBeTruthy();
    // Once the first is unmounted, the element takes a widget again.
    handle.unmount();
    handle = mount(host, { ...settings, initialRoute: '/pages/logout' });
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
    expect(host.shadowRoot!.querySelectorAll('.amwa-root')).toHaveLength(1);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('refuses something that is not an element', () => {
    expect(() => mount({} as HTMLElement, '{}')).toThrow('amwa mount: element must be an HTMLElement');
  });
});

describe('handle.update', () => {
  it('applies language and channel in place: the route, what the user typed and the page load stay', async () => {
    const onPageLoad = vi.fn();
    handle = mount(host, { ...settings, initialRoute: '/pages/logon/scanner' }, { on: { 'amwa-page-load': onPageLoad } });
    const userId = await shadow().findByRole('textbox', { name: 'User ID' });
    await userEvent.type(userId, 'ANNA00');
    const loads = onPageLoad.mock.calls.length;
    handle.update({ language: 'de', channel: 'orange' });
    expect(await shadow().findByRole('heading', { level: 1, name: 'Mit Ihrem Scanner anmelden' })).toBeTruthy();
    expect(shadow().getByRole<HTMLInputElement>('textbox', { name: 'Benutzer-ID' }).value).toBe('ANNA00');
    expect(shadow().getByRole('textbox', { name: 'Benutzer-ID' })).toBe(userId);
    expect(root().dataset.channel).toBe('orange');
    expect(root().lang).toBe('de-DE');
    expect(onPageLoad).toHaveBeenCalledTimes(loads);
    expect(host.shadowRoot!.querySelectorAll('.amwa-root')).toHaveLength(1);
  });

  it('takes a JSON string like mount does', async () => {
    handle = mount(host, settings);
    handle.update('{"channel":"orange"}');
    expect(root().dataset.channel).toBe('orange');
  });

  it('reports an invalid update like invalid settings and keeps the last good settings on screen', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const listener = vi.fn();
    handle = mount(host, { ...settings, channel: 'orange' }, { on: { 'amwa-generic-exception': listener } });
    handle.update('{"channel":');
    handle.update({ qrTimeout: -1 });
    await waitFor(() => expect(listener).toHaveBeenCalledTimes(2));
    expect(listener.mock.calls.map(([detail]) => detail.origin)).toEqual(['settings.(json)', 'settings.qrTimeout']);
    expect(error).toHaveBeenCalledTimes(2);
    expect(shadow().getByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    expect(root().dataset.channel).toBe('orange');
  });

  it('gives a new language its own country, not the old one', async () => {
    handle = mount(host, { ...settings, language: 'de', country: 'AT' });
    await waitFor(() => expect(root().lang).toBe('de-AT'));
    handle.update({ language: 'nl' });
    await waitFor(() => expect(root().lang).toBe('nl-NL'));
    handle.update({ country: 'BE' });
    await waitFor(() => expect(root().lang).toBe('nl-BE'));
  });

  it('remounts for a setting that needs it, and recovers from settings that were invalid', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handle = mount(host, { ...settings, qrTimeout: 'soon' } as never);
    expect(await shadow().findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    handle.update({ qrTimeout: 1000 });
    expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    handle.update({ initialRoute: '/pages/logout' });
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
  });
});

describe('globals the widget may not touch (issue 23)', () => {
  it('refuses dataLayerName "AmwaNativeBridge" on mount and on update, and never creates the global', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const listener = vi.fn();
    handle = mount(host, { ...settings, dataLayerName: 'AmwaNativeBridge' }, { on: { 'amwa-generic-exception': listener } });
    expect(await shadow().findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    handle.unmount();
    handle = mount(host, settings, { on: { 'amwa-generic-exception': listener } });
    handle.update({ dataLayerName: 'AmwaNativeBridge' });
    handle.update({ dataLayerName: 'location' });
    await waitFor(() => expect(listener).toHaveBeenCalledTimes(3));
    expect(listener.mock.calls.map(([detail]) => detail.origin)).toEqual(['settings.dataLayerName', 'settings.dataLayerName', 'settings.dataLayerName']);
    expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    await waitFor(() => expect((window as unknown as { dataLayer?: unknown[] }).dataLayer?.length).toBeGreaterThan(0));
    expect('AmwaNativeBridge' in window).toBe(false);
  });
});

describe('routes from outside (issue 23)', () => {
  const BAD = ['//evil.example', '//evil.example/pages/logon/mobile', '/\\evil.example', '\\\\evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '%5C', '/%252F%252Fevil'];

  it.each(BAD)('ignores navigate(%s) with a warning, staying where it is', async (route) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    handle = mount(host, { ...settings, initialRoute: '/pages/logout' });
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
    handle.navigate(route as AmwaRoute);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shadow().getByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
    expect(warn).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/^amwa navigate: the route .*; ignored/));
  });

  it('warns of a path that is no route, with the route meant, and shows the not-found page; a route with its expiry, query or fragment is no such path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    handle = mount(host, { ...settings, initialRoute: '/pages/logout' });
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
    handle.navigate('/pages/logon/scaner?x=1' as AmwaRoute);
    expect(await shadow().findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
    expect(warn).toHaveBeenCalledExactlyOnceWith(expect.stringContaining('amwa navigate: "/pages/logon/scaner" is no route of the widget, so it shows the not-found page (did you mean "/pages/logon/scanner"?)'));
    for (const route of ['/pages/logout/sessionExpired', '/pages/error?trace-id=x', '/#mobile', '/pages/not-found']) handle.navigate(route as AmwaRoute);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('ignores every such route, however it is encoded (property-based, 200 runs)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    handle = mount(host, { ...settings, initialRoute: '/pages/logout' });
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
    fc.assert(
      fc.property(hostileRoute, (route) => {
        warn.mockClear();
        handle!.navigate(route as AmwaRoute);
        expect(warn, route).toHaveBeenCalledOnce();
      }),
      { numRuns: 200 },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shadow().getByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
  });

  it('ignores them in history routing too: the address bar stays on the page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', '/access/pages/logout');
    handle = mount(host, { ...settings, routing: 'history' });
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
    for (const route of BAD) handle.navigate(route as AmwaRoute);
    expect(window.location.pathname).toBe('/access/pages/logout');
    window.history.replaceState(null, '', '/');
  });

  it.each(BAD)('refuses initialRoute %s as a settings error', async (initialRoute) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const listener = vi.fn();
    handle = mount(host, { ...settings, initialRoute }, { on: { 'amwa-generic-exception': listener } });
    expect(await shadow().findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await waitFor(() => expect(listener).toHaveBeenCalledWith(expect.objectContaining({ origin: 'settings.initialRoute' })));
  });
});

describe('messages', () => {
  it('shows a host text instead of the built-in one, from the first render', async () => {
    handle = mount(host, { ...settings, messages: { en: { 'home.title': 'Sign in with' } } });
    expect(await shadow().findByRole('heading', { level: 1, name: 'Sign in with' })).toBeTruthy();
    handle.update({ messages: { en: { 'home.title': 'Choose how to sign in' } } });
    expect(await shadow().findByRole('heading', { level: 1, name: 'Choose how to sign in' })).toBeTruthy();
  });

  it('keeps the built-in text for an unknown key or different placeholders, and says so', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const rejected = vi.fn();
    handle = mount(
      host,
      { ...settings, initialRoute: '/pages/logout', messages: { en: { 'loggedOff.titel': 'Bye', 'loggedOff.title': 'Bye {{name}}' } } },
      { on: { 'amwa-messages-rejected': rejected } },
    );
    expect(await shadow().findByRole('heading', { name: 'You are now logged off' })).toBeTruthy();
    expect(rejected.mock.calls.map(([detail]) => detail)).toEqual([
      { locale: 'en-GB', key: 'loggedOff.titel', reason: 'unknown-key' },
      { locale: 'en-GB', key: 'loggedOff.title', reason: 'placeholders' },
    ]);
    expect(error).toHaveBeenCalledTimes(2);
  });
});

describe('mount never throws', () => {
  it('for any JSON value or string as settings (property-based, 300 runs)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string()), (value) => {
        const element = document.createElement('div');
        const widget = mount(element, value as never);
        widget.update(value as never);
        widget.navigate('http://[::1' as AmwaRoute);
        widget.unmount();
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      }),
      { numRuns: 300 },
    );
    error.mockRestore();
  });

  it('for values no JSON can carry, anywhere in the settings: mount() and update() report the field (property-based, 150 runs)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(hostileSettings, async ({ value, field }) => {
        const element = document.createElement('div');
        const origins: string[] = [];
        const widget = mount(element, value as never, { on: { 'amwa-generic-exception': ({ origin }) => void origins.push(origin) } });
        // The same settings again are the same problem, reported once: fixed first, they are a new one.
        widget.update({ qrTimeout: 1000 });
        widget.update(value as never);
        await Promise.resolve();
        expect(origins).toHaveLength(2);
        for (const origin of origins) expect(namesField(origin.replace(/^settings\./, ''), field), `${origin} should name ${field}`).toBe(true);
        widget.unmount();
      }),
      { numRuns: 150 },
    );
  });

  it.each(HOSTILE_SHAPES.map((shape) => [shape.name, shape] as const))('shows the error page for %s as settings, and keeps the last good settings when an update has one', async (_, shape) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = document.createElement('div');
    document.body.append(element);
    const widget = mount(element, { basePath: '/access', routing: 'memory', corporatePortal: shape.make() } as never);
    expect(await within(element.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!).findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    widget.unmount();
    element.remove();
    handle = mount(host, { ...settings, channel: 'orange' });
    expect(() => handle!.update({ channel: shape.make() } as never)).not.toThrow();
    expect(() => handle!.update(shape.make() as never)).not.toThrow();
    expect(await shadow().findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    expect(root().dataset.channel).toBe('orange');
  });

  it('navigate() takes any string without throwing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handle = mount(host, { ...settings, routing: 'history' });
    for (const route of ['http://[::1', '//evil.example/x', 'javascript:alert(1)', '\u0000', '']) expect(() => handle!.navigate(route as AmwaRoute)).not.toThrow();
    fireEvent.focus(host);
  });
});
