import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileLocaleLoader } from '../../test/locale-loader';
import { mount, type AmwaHandle } from '../mount';

const TRACE = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
let host: HTMLElement;
let handle: AmwaHandle | undefined;

const open = async (initialRoute: string, extra: Record<string, unknown> = {}) => {
  handle = mount(host, { routing: 'memory', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example', initialRoute, ...extra }, { loadLocale: fileLocaleLoader });
  await waitFor(() => expect(host.shadowRoot?.querySelector('.amwa-root h1, .amwa-root h2')).toBeTruthy(), { timeout: 5000 });
  return within(host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!);
};
const cookie = (name: string) => document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.split('=')[1];

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  handle?.unmount();
  host.remove();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; max-age=0; path=/`));
});

describe('access protection', () => {
  it('stores only accepted parameters and goes to the start page', async () => {
    const view = await open('/pages/access-protection?demobank-ref=abc&other=x&demobank-empty=');
    expect(await view.findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    expect(cookie('demobank-ref')).toBe('abc');
    expect(cookie('other')).toBeUndefined();
    expect(cookie('demobank-empty')).toBeUndefined();
  });

  it('stores a logon type, which the start page then follows', async () => {
    const routes: string[] = [];
    host.addEventListener('amwa-route-change', (event) => routes.push((event as CustomEvent).detail.path));
    await open('/pages/access-protection?logonType=scanner');
    // The start page redirects at once, replacing the address: '/' itself is never a route shown.
    await waitFor(() => expect(routes).toContain('/pages/logon/scanner'));
    expect(routes).not.toContain('/');
    expect(cookie('logonType')).toBe('scanner');
  });

  it('without parameters explains in the shell that access is not allowed: a card with its h1, the alert (closable) and the way on', async () => {
    const view = await open('/pages/access-protection');
    const heading = await view.findByRole('heading', { level: 1, name: 'You are not allowed to access online banking' });
    // Inside the shell's card, not a lone alert: heading, alert and the way on share one card.
    const card = heading.closest('.amwa-card')!;
    const alert = within(card as HTMLElement).getByRole('alert');
    expect(alert.textContent).toContain('You do not have access yet.');
    expect(within(card as HTMLElement).getByRole('link', { name: 'Go to the start page' }).className).toContain('amwa-button--primary');
    await userEvent.click(view.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(view.queryByRole('alert')).toBeNull());
    // What the alert said stays in the card.
    expect(card.textContent).toContain('You do not have access yet.');
  });
});

// Issue 30: a link to the access-protection page writes the remembered user ID and logon type,
// so what it writes is bounded, and a prerendered link that is never shown writes nothing.
describe('access protection: what a link may write', () => {
  const mountAt = async (initialRoute: string) => {
    handle = mount(host, { routing: 'memory', brandPrefix: 'demobank', serviceEmail: 'service@demobank.example', initialRoute }, { loadLocale: fileLocaleLoader });
    await waitFor(() => expect(host.shadowRoot?.querySelector('.amwa-root .amwa-page')).toBeTruthy(), { timeout: 5000 });
    // Effects and the microtasks after them: long enough for a write that was going to happen.
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const prerender = (prerendering: boolean) => Object.defineProperty(document, 'prerendering', { value: prerendering, configurable: true });
  afterEach(() => Reflect.deleteProperty(document, 'prerendering'));

  it('stores nothing of a link with bad values, and the start page asks how to log on', async () => {
    const view = await open('/pages/access-protection?demobank-scanner-user-id=MALLORY9%3Cimg%20src%3Dx%3E&logonType=admin&demobank-ref=a%3Bb');
    expect(await view.findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
    expect(document.cookie).toBe('');
  });

  it('writes nothing while prerendered, and everything once shown', async () => {
    prerender(true);
    const routes: string[] = [];
    host.addEventListener('amwa-route-change', (event) => routes.push((event as CustomEvent).detail.path));
    await mountAt('/pages/access-protection?demobank-scanner-user-id=MALLORY9&logonType=scanner');
    expect(document.cookie).toBe('');
    expect(routes).not.toContain('/pages/logon/scanner');
    prerender(false);
    document.dispatchEvent(new Event('prerenderingchange'));
    await waitFor(() => expect(routes).toContain('/pages/logon/scanner'));
    expect([cookie('demobank-scanner-user-id'), cookie('logonType')]).toEqual(['MALLORY9', 'scanner']);
  });

  it('writes nothing when unmounted before it was shown', async () => {
    prerender(true);
    await mountAt('/pages/access-protection?logonType=scanner');
    handle!.unmount();
    handle = undefined;
    prerender(false);
    document.dispatchEvent(new Event('prerenderingchange'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.cookie).toBe('');
  });
});

/** The time on an end page: 'Timestamp', then 'MMMM dd, HH:mm:ss' and Amsterdam's zone. */
const TIME_WITH_ZONE = /Timestamp[A-Z][a-z]+ \d{2}, \d{2}:\d{2}:\d{2} CES?T/;

describe('error page', () => {
  it('shows the time with its zone, a trace id that matches the format with Copy, and Log on again as the primary way on', async () => {
    const view = await open(`/pages/error?trace-id=${TRACE}`);
    const heading = await view.findByRole('heading', { name: 'Something went wrong' });
    const card = heading.closest<HTMLElement>('.amwa-card')!;
    expect(card.textContent).toMatch(TIME_WITH_ZONE);
    expect(view.getByText(TRACE)).toBeTruthy();
    await userEvent.click(view.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(TRACE);
    expect(view.getByRole('link', { name: 'Log on again' }).className).toContain('amwa-button--primary');
  });

  it('ignores a trace id in another format', async () => {
    const view = await open('/pages/error?trace-id=<script>1</script>');
    await view.findByRole('heading', { name: 'Something went wrong' });
    expect(view.queryByText('Trace ID')).toBeNull();
  });
});

describe('not found', () => {
  it('answers unknown paths with the 404 page', async () => {
    const view = await open('/pages/nothing-here');
    const heading = await view.findByRole('heading', { name: '404 - Page Not Found' });
    expect(heading.closest('.amwa-card')!.textContent).toMatch(TIME_WITH_ZONE);
    expect(view.getByRole('link', { name: 'Log on again' }).className).toContain('amwa-button--primary');
  });

  it("tells an old 'mobile' bookmark that the logon page moved", async () => {
    const view = await open('/old#mobile');
    expect(await view.findByRole('heading', { name: 'The logon page has moved' })).toBeTruthy();
    expect(view.getByRole('link', { name: 'Go to the new logon page' })).toBeTruthy();
  });
});

describe('logged off', () => {
  it("'Log on again' forgets the logon type and returns to the start page", async () => {
    document.cookie = 'logonType=scanner; path=/';
    const view = await open('/pages/logout');
    const again = await view.findByRole('link', { name: 'Log on again' });
    expect(again.className).toContain('amwa-button--primary');
    expect(again.closest('.amwa-card')!.textContent).toMatch(TIME_WITH_ZONE);
    await userEvent.click(again);
    expect(cookie('logonType')).toBeUndefined();
    expect(await view.findByRole('heading', { level: 1, name: 'Log on with' })).toBeTruthy();
  });
});

describe('home', () => {
  it("shows 'New Scanner?' and the contact item as cards of their own, each titled (spec S2.18, S2.19)", async () => {
    const view = await open('/');
    await view.findByRole('heading', { level: 1, name: 'Log on with' });
    const scanner = view.getByRole('heading', { level: 2, name: 'New Scanner?' }).closest<HTMLElement>('.amwa-tile')!;
    expect(within(scanner).getByRole('link', { name: 'Activate your scanner first' })).toBeTruthy();
    const contact = view.getByRole('heading', { level: 2, name: 'Questions?' }).closest<HTMLElement>('.amwa-tile')!;
    expect(within(contact).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('mailto:service@demobank.example');
  });
});

describe('link user', () => {
  it('offers the mobile option and contact', async () => {
    const view = await open('/pages/link-ib-user');
    expect(await view.findByRole('link', { name: /mobile app/ })).toBeTruthy();
    expect(view.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('mailto:service@demobank.example');
  });
});
