import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './analytics';
import { createCookies } from './cookies';
import { createEmitter } from './events';

const host = window as unknown as Record<string, unknown>;

function setup(dataLayerName = 'dataLayer', settings = { dataLayerName, analyticsConsent: true }) {
  const emitter = createEmitter();
  const events: [string, unknown][] = [];
  emitter.on('amwa-page-load', (detail) => events.push(['amwa-page-load', detail]));
  emitter.on('amwa-elements-on-page', (detail) => events.push(['amwa-elements-on-page', detail]));
  const analytics = createAnalytics({ settings, emit: emitter.emit, cookies: createCookies({ basePath: '', brandPrefix: 'amwa' }) });
  return { analytics, events };
}

beforeEach(() => {
  delete host.dataLayer;
  delete host.adobeLayer;
});
afterEach(() => {
  document.cookie = 'log-analytics-feature=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('createAnalytics', () => {
  it('creates the data layer and pushes page loads and elements, mirrored as amwa events', () => {
    const { analytics, events } = setup();
    analytics.pageLoad('logon:choose-access-means');
    analytics.element({ elementType: 'button', content: 'help', position: 'logon:scanner', event: 'clicked' });
    expect(host.dataLayer).toEqual([
      { event: 'pageLoad', pageName: 'logon:choose-access-means' },
      { event: 'elementsOnPage', elementType: 'button', content: 'help', position: 'logon:scanner', elementEvent: 'clicked' },
    ]);
    expect(events).toEqual([
      ['amwa-page-load', { pageName: 'logon:choose-access-means' }],
      ['amwa-elements-on-page', { elementType: 'button', content: 'help', position: 'logon:scanner', event: 'clicked' }],
    ]);
  });

  it('records nothing while the page is prerendered, and everything in order once it is shown', () => {
    const page = Object.assign(new EventTarget(), { prerendering: true });
    const emitter = createEmitter();
    const events: string[] = [];
    emitter.on('amwa-page-load', ({ pageName }) => events.push(pageName));
    const analytics = createAnalytics({ settings: { dataLayerName: 'dataLayer', analyticsConsent: true }, emit: emitter.emit, cookies: createCookies({ basePath: '', brandPrefix: 'amwa' }), page });
    analytics.pageLoad('logon:scanner-user-id');
    analytics.element({ elementType: 'link', content: 'help', position: 'logon:scanner-user-id', event: 'viewed' });
    expect([host.dataLayer, events]).toEqual([undefined, []]);
    page.prerendering = false;
    page.dispatchEvent(new Event('prerenderingchange'));
    expect(host.dataLayer).toEqual([
      { event: 'pageLoad', pageName: 'logon:scanner-user-id' },
      { event: 'elementsOnPage', elementType: 'link', content: 'help', position: 'logon:scanner-user-id', elementEvent: 'viewed' },
    ]);
    expect(events).toEqual(['logon:scanner-user-id']);
    analytics.pageLoad('logon:scanner-code');
    expect(events).toEqual(['logon:scanner-user-id', 'logon:scanner-code']);
  });

  it('drops what it held for a prerendered page when the widget unmounts first, and leaves no listener', () => {
    const page = Object.assign(new EventTarget(), { prerendering: true });
    const added = vi.spyOn(page, 'addEventListener');
    const unmounted = new AbortController();
    const analytics = createAnalytics({ settings: { dataLayerName: 'dataLayer', analyticsConsent: true }, emit: () => true, cookies: createCookies({ basePath: '', brandPrefix: 'amwa' }), page, signal: unmounted.signal });
    analytics.pageLoad('logon:scanner-user-id');
    unmounted.abort();
    analytics.pageLoad('logon:scanner-code');
    page.dispatchEvent(new Event('prerenderingchange'));
    expect(host.dataLayer).toBeUndefined();
    expect(added).toHaveBeenCalledTimes(1);
    expect(added.mock.calls[0]![2]).toMatchObject({ once: true, signal: unmounted.signal });
  });

  it("pushes through an existing array's own push under the configured name (a tag manager replaces it)", () => {
    const seen: unknown[] = [];
    host.adobeLayer = Object.assign([], { push: (entry: unknown) => seen.push(entry) });
    setup('adobeLayer').analytics.pageLoad('logon:mobile:step1');
    expect(seen).toEqual([{ event: 'pageLoad', pageName: 'logon:mobile:step1' }]);
    expect(host.dataLayer).toBeUndefined();
  });

  it('pushes only into the array it found or created: never into, or over, anything else under that name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const push = vi.fn();
    host.adobeLayer = { push };
    const { analytics, events } = setup('adobeLayer');
    analytics.pageLoad('one');
    analytics.pageLoad('two');
    expect(push).not.toHaveBeenCalled();
    expect(host.adobeLayer).toEqual({ push });
    expect(events).toHaveLength(2); // the amwa events still fire
    expect(warn).toHaveBeenCalledExactlyOnceWith(expect.stringContaining('window.adobeLayer is not an array'));
    for (const name of ['AmwaNativeBridge', 'location', 'name', 'onload', 'toString']) {
      const before = host[name];
      setup(name).analytics.pageLoad('three');
      expect(host[name], name).toBe(before);
    }
    expect('AmwaNativeBridge' in host).toBe(false);
  });

  it('records views on the current page and step events with -success and -go_back', () => {
    const { analytics } = setup();
    analytics.view('generic error');
    analytics.pageLoad('activation:step2');
    analytics.view('technical error');
    analytics.step('activation:step2', 'success');
    analytics.step('activation:step3', 'go_back');
    expect(host.dataLayer).toEqual([
      { event: 'elementsOnPage', elementType: 'view', content: 'generic error', position: '', elementEvent: 'viewed' },
      { event: 'pageLoad', pageName: 'activation:step2' },
      { event: 'elementsOnPage', elementType: 'view', content: 'technical error', position: 'activation:step2', elementEvent: 'viewed' },
      { event: 'pageLoad', pageName: 'activation:step2-success' },
      { event: 'pageLoad', pageName: 'activation:step3-go_back' },
    ]);
  });

  it('logs to the console only while the log-analytics-feature cookie is set', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { analytics } = setup();
    analytics.pageLoad('quiet');
    expect(info).not.toHaveBeenCalled();
    document.cookie = 'log-analytics-feature=true; path=/';
    analytics.pageLoad('loud');
    expect(info).toHaveBeenCalledExactlyOnceWith('amwa analytics', { event: 'pageLoad', pageName: 'loud' });
  });

  it('pushes nothing until the host has consent, reading the setting afresh on every push', () => {
    const settings = { dataLayerName: 'dataLayer', analyticsConsent: false };
    const { analytics, events } = setup('dataLayer', settings);
    analytics.pageLoad('before-consent');
    expect(host.dataLayer).toBeUndefined();
    settings.analyticsConsent = true;
    analytics.pageLoad('after-consent');
    expect(host.dataLayer).toEqual([{ event: 'pageLoad', pageName: 'after-consent' }]);
    expect(events.map(([, detail]) => detail)).toEqual([{ pageName: 'before-consent' }, { pageName: 'after-consent' }]);
  });

  it('survives a data layer whose push throws, reporting it once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    host.dataLayer = Object.assign([], { push: () => { throw new Error('broken tag manager'); } });
    const { analytics, events } = setup();
    analytics.pageLoad('one');
    analytics.element({ elementType: 'button', content: 'help', position: 'one', event: 'clicked' });
    expect(events).toHaveLength(2);
    expect(error).toHaveBeenCalledExactlyOnceWith('amwa: host code threw (dataLayer.push); the widget carries on', expect.any(Error));
  });

  it('only emits without a window (server rendering)', () => {
    vi.stubGlobal('window', undefined);
    const { analytics, events } = setup();
    analytics.pageLoad('logon:choose-access-means');
    expect(events).toEqual([['amwa-page-load', { pageName: 'logon:choose-access-means' }]]);
    vi.unstubAllGlobals();
    expect(host.dataLayer).toBeUndefined();
  });
});
