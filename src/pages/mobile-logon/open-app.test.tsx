import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../../packages/amwa-sandbox/src/index';
import { fileLocaleLoader } from '../../../test/locale-loader';
import { PHONE_SIZED_QUERY, TOUCH_FIRST_QUERY } from '../../core/open-app';
import { mount, type AmwaHandle } from '../../mount';

// The QR page on a phone and elsewhere, against the in-process sandbox as its network edge; the
// device is the browser's media queries, which happy-dom cannot emulate, so they are stubbed. The
// link mode's page is the same component without the anonymous session the logon's QR code needs
// (whose POSTs happy-dom's Request does not carry through to the sandbox's XSRF check): the logon
// mode is walked in Chromium (test/e2e/mobile.e2e.ts, 'open the app on a phone').
const ORIGIN = 'http://sandbox.test';
const TEMPLATE = 'https://app.bank.example/logon?qr={payload}';
const LINK = '/pages/link-ib-user/mobile';
const SCAN = "Open the bank's mobile app and scan the QR code below to link your InsideBusiness account to the app.";
let host: HTMLElement;
let handle: AmwaHandle | undefined;

/**
 * A fetch to a fresh sandbox serving the API on the page's own origin (so the page reads the XSRF
 * cookie, as with a same-origin API) that keeps its cookies, as a browser would.
 */
function sandboxFetch() {
  const sandbox = createSandbox();
  const jar = new Map<string, string>();
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request = new Request(ORIGIN + url.pathname + url.search, init);
    request.headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await sandbox.fetch(request);
    for (const line of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split('=');
      jar.set(name, value);
      if (!/httponly/i.test(line)) document.cookie = `${name}=${value}; path=/`;
    }
    return response;
  }) as typeof globalThis.fetch;
  return { sandbox, fetch };
}

/** Plays a device: the media queries in `matching` match, no others. */
const device = (matching: string[]) =>
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: matching.includes(query), media: query }) as MediaQueryList);

const openQrPage = async (route: string, settings: Record<string, unknown>) => {
  const { sandbox, fetch } = sandboxFetch();
  handle = mount(host, { routing: 'memory', initialRoute: route, apiBaseUrl: `${location.origin}/access`, securityApiBaseUrl: location.origin, ...settings }, { loadLocale: fileLocaleLoader, fetch });
  await waitFor(() => expect(host.shadowRoot?.querySelector('.amwa-qr__image, .amwa-qr img')).toBeTruthy(), { timeout: 8000 });
  return { sandbox, view: within(host.shadowRoot!.querySelector<HTMLElement>('.amwa-root')!) };
};
const qrOf = (view: ReturnType<typeof within>) => view.getByRole('img', { name: /^QR code to/ }).getAttribute('src')!.replace('data:image/png;base64,', '');

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(() => {
  handle?.unmount();
  handle = undefined;
  host.remove();
  vi.restoreAllMocks();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]!.trim()}=; max-age=0; path=/`));
});

describe("the QR page on a phone (issue 33)", () => {
  it("offers 'Open the app' first, its link carrying the QR code on screen, the QR code below it", async () => {
    device([TOUCH_FIRST_QUERY, PHONE_SIZED_QUERY]);
    const { view } = await openQrPage(LINK, { appLinkTemplate: TEMPLATE });
    const link = await view.findByRole('link', { name: 'Open the app' });
    await waitFor(() => expect(link.getAttribute('href')).toBe(`https://app.bank.example/logon?qr=${encodeURIComponent(qrOf(view))}`));
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const body = host.shadowRoot!.querySelector('.amwa-card__body')!;
    // The card's first control, and before the QR code.
    expect(body.querySelector('a, button')).toBe(link);
    expect(link.compareDocumentPosition(view.getByRole('img', { name: /^QR code to/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(view.getByText("Open the bank's mobile app on this phone to link your InsideBusiness account to the app.")).toBeTruthy();
    expect(view.getByText('Is the app on another device? Scan the QR code below with it.')).toBeTruthy();
    expect(view.queryByText(SCAN)).toBeNull();
  });

  it('takes the browser\'s word for a phone (User-Agent Client Hints), whatever the media queries say', async () => {
    device([]);
    // happy-dom has no client hints: given for this test, as Chromium on an Android phone has them.
    Object.defineProperty(navigator, 'userAgentData', { configurable: true, value: { mobile: true } });
    try {
      const { view } = await openQrPage(LINK, { appLinkTemplate: TEMPLATE });
      expect(await view.findByRole('link', { name: 'Open the app' })).toBeTruthy();
    } finally {
      delete (navigator as { userAgentData?: unknown }).userAgentData;
    }
  });

  it.each([
    ['on a phone without the app link setting', [TOUCH_FIRST_QUERY, PHONE_SIZED_QUERY], {}],
    ['on a desktop with the setting', [], { appLinkTemplate: TEMPLATE }],
    ['in a narrow desktop window with the setting', [PHONE_SIZED_QUERY], { appLinkTemplate: TEMPLATE }],
    ['on a tablet with the setting', [TOUCH_FIRST_QUERY], { appLinkTemplate: TEMPLATE }],
  ])('changes nothing %s', async (_, matching, settings) => {
    device(matching);
    const { view } = await openQrPage(LINK, settings);
    expect(view.getByText(SCAN)).toBeTruthy();
    expect(view.queryByRole('link', { name: 'Open the app' })).toBeNull();
    expect(view.queryByText(/on another device/)).toBeNull();
  });
});
