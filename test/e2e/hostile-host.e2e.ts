// A host page whose own code is broken cannot break the widget: with a tag manager whose
// dataLayer.push throws, a user still walks Home → mobile logon → logged on, and the widget
// reports the broken push once on the console.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { button, flows, textbox } from './flows';
import { checkA11y, confirmMobile, EXAMPLES, useE2E, waitForPortal } from './harness';

const e2e = useE2E();
const { toCodeStep, scanned } = flows(e2e);

const BROKEN_TAG_MANAGER = `globalThis.__pushes = 0;
globalThis.dataLayer = Object.assign([], { push() { globalThis.__pushes += 1; throw new Error('broken tag manager'); } });`;

describe('a host page with broken code of its own', () => {
  test('a dataLayer.push that throws does not blank the widget: the user logs on with the mobile app', async () => {
    const page = await e2e.open(EXAMPLES.vanilla, { initScript: BROKEN_TAG_MANAGER });
    await waitForPortal(page, 'Log on with');
    await page.getByRole('link', { name: /The bank's mobile app/ }).click();
    await waitForPortal(page, "Log on with the bank's mobile app");
    await page.getByRole('img', { name: /^QR code to log on/ }).waitFor();
    await checkA11y(page, 'QR loaded under a broken tag manager');
    expect(await page.evaluate('globalThis.__pushes')).toBeGreaterThanOrEqual(2);

    await confirmMobile(e2e.url, 'logon');
    await page.waitForURL('**/__sandbox/logged-on');
    const reports = page.problems.filter((line) => line.includes('host code threw'));
    expect(reports).toEqual([expect.stringContaining('amwa: host code threw (dataLayer.push); the widget carries on')]);
    page.expectNoConsoleErrors({ allow: [/host code threw \(dataLayer\.push\)/] });
  });
});

// Run in the page: mount() from the standalone bundle with settings no JSON can carry, and data
// layer names the widget may not write. Answers what threw, what each widget reported, and
// which of Chromium's own globals parseSettings took as a data layer.
const HOSTILE_MOUNTS = `(async () => {
  const { mount, parseSettings } = await import('/dist/amwa.standalone.js');
  const cycle = {}; cycle.loop = cycle;
  const cases = {
    getter: Object.defineProperty({}, 'basePath', { get() { throw new Error('host getter'); }, enumerable: true }),
    date: new Date(0),
    map: new Map([['basePath', '/x']]),
    proxy: new Proxy({}, { ownKeys() { throw new Error('host proxy'); } }),
    bigint: { qrTimeout: 10n },
    cycle,
    toJSON: { corporatePortal: { toJSON() { throw new Error('host toJSON'); } } },
    bridge: { dataLayerName: 'AmwaNativeBridge' },
    location: { dataLayerName: 'location' },
    protocolRelative: { initialRoute: '//evil.example' },
  };
  const outcome = {};
  for (const [name, value] of Object.entries(cases)) {
    const element = document.createElement('div');
    document.body.append(element);
    const origins = [];
    try {
      const on = { 'amwa-generic-exception': (detail) => origins.push(detail.origin) };
      // Once at mount, once in an update of good settings (the same settings given again are the same problem, reported once).
      const failed = mount(element, value, { on });
      await new Promise((resolve) => setTimeout(resolve, 0));
      failed.unmount();
      const handle = mount(element, {}, { on });
      handle.update(value);
      await new Promise((resolve) => setTimeout(resolve, 0));
      outcome[name] = origins;
      handle.unmount();
    } catch (error) {
      outcome[name] = 'threw: ' + error;
    }
    element.remove();
  }
  const takenAsLayer = [];
  for (let object = window; object; object = Object.getPrototypeOf(object)) {
    for (const name of Object.getOwnPropertyNames(object)) {
      if (/^[A-Za-z_$][\\w$]{0,63}$/.test(name) && parseSettings({ dataLayerName: name }).ok) takenAsLayer.push(name);
    }
  }
  return { outcome, takenAsLayer, bridge: 'AmwaNativeBridge' in window, location: typeof window.location.assign };
})()`;

describe('a host page that hands over what it should not', () => {
  test('mount() and update() in Chromium never throw for settings no JSON can carry, and no global the widget may not own is written', async () => {
    const page = await e2e.open(EXAMPLES.vanilla);
    await waitForPortal(page, 'Log on with');
    const { outcome, takenAsLayer, bridge, location } = (await page.evaluate(HOSTILE_MOUNTS)) as {
      outcome: Record<string, string[] | string>;
      takenAsLayer: string[];
      bridge: boolean;
      location: string;
    };
    expect(outcome).toEqual({
      getter: ['settings.basePath', 'settings.basePath'],
      date: ['settings.(root)', 'settings.(root)'],
      map: ['settings.(root)', 'settings.(root)'],
      proxy: ['settings.(root)', 'settings.(root)'],
      bigint: ['settings.qrTimeout', 'settings.qrTimeout'],
      cycle: ['settings.loop', 'settings.loop'],
      toJSON: ['settings.corporatePortal.toJSON', 'settings.corporatePortal.toJSON'],
      bridge: ['settings.dataLayerName', 'settings.dataLayerName'],
      location: ['settings.dataLayerName', 'settings.dataLayerName'],
      protocolRelative: ['settings.initialRoute', 'settings.initialRoute'],
    });
    // Of everything Chromium's window holds, only an array already there could be a data layer: the example's own.
    expect(takenAsLayer).toEqual(['dataLayer']);
    expect(bridge).toBe(false);
    expect(location).toBe('function');
    page.expectNoConsoleErrors({ allow: [/amwa settings:/] });
  });
});

// Issue 30: host markup with the native bridge's name (DOM clobbering: `<div id="AmwaNativeBridge">`
// is window.AmwaNativeBridge) made the widget believe it ran in the native app: the session went
// inert and the scanner logon ended on the error page. The markup is in the page before the
// widget's module runs, as a CMS text or a user's profile markup would be.
const clobbering = (markup: string) => `new MutationObserver((_, observer) => {
  if (!document.body) return;
  observer.disconnect();
  document.body.insertAdjacentHTML('afterbegin', ${JSON.stringify(markup)});
}).observe(document, { childList: true, subtree: true });`;

describe('host markup named like the native bridge (DOM clobbering)', () => {
  test('with <div id="AmwaNativeBridge"> on the page, EMMA0005 still logs on with the scanner', async () => {
    const page = await toCodeStep('EMMA0005', { initScript: clobbering('<div id="AmwaNativeBridge" hidden></div>') });
    expect(await page.evaluate('window.AmwaNativeBridge instanceof Element')).toBe(true);
    await textbox(page, /^Response code/).fill(await scanned(page, 'EMMA0005'));
    await button(page, 'Log on').click();
    await page.waitForURL('**/__sandbox/logged-on');
    expect(await page.getByRole('heading', { name: 'You are logged on' }).count()).toBe(1);
    expect(e2e.requests().some((request) => request.path === '/access/v1/public/session/anonymous/initiate')).toBe(true);
    page.expectNoConsoleErrors();
  });

  test.each([
    ['an <a id>', '<a id="AmwaNativeBridge" href="#top">top</a>', 'HTMLAnchorElement'],
    ['two elements of that id (a collection)', '<a id="AmwaNativeBridge" href="#top">top</a><span id="AmwaNativeBridge"></span>', 'HTMLCollection'],
    ['a <form name> with a field named postMessage', '<form name="AmwaNativeBridge"><input name="postMessage" aria-label="x"></form>', 'HTMLFormElement'],
  ])('with %s named AmwaNativeBridge, the session is live: the tab leads the token refresh', async (_, markup, kind) => {
    const page = await e2e.open(`${EXAMPLES.vanilla}pages/logon/scanner`, { initScript: clobbering(markup) });
    await waitForPortal(page, 'Log on with your scanner');
    expect(await page.evaluate('Object.prototype.toString.call(window.AmwaNativeBridge).slice(8, -1)')).toBe(kind);
    // An inert session never leads; a live one takes the lead after a second of silence.
    await page.locator('.amwa-root[data-session-leader="true"]').waitFor({ state: 'attached' });
    page.expectNoConsoleErrors();
  });
});

// Issue 30: anyone can send a user a link to the access-protection page, and what it carries was
// written as cookies for 7.5 days. Only well-formed values of the names the spec gives are kept.
describe('a link to the access-protection page made by someone else', () => {
  // The widget's cookies: the sandbox's own XSRF-TOKEN, set with the example page, is not one.
  const cookies = async (page: Page) =>
    Object.fromEntries((await page.context().cookies()).filter((cookie) => cookie.name !== 'XSRF-TOKEN').map((cookie) => [cookie.name, cookie.value]));

  test('with bad values it stores nothing, and the start page asks how to log on', async () => {
    const page = await e2e.open(`${EXAMPLES.vanilla}pages/access-protection?demobank-scanner-user-id=MALLORY9%3Cimg%20src%3Dx%3E&logonType=admin&demobank-ref=a%3Bpath%3D%2F&demobank-scanner-user-id=MALLORY9`);
    await waitForPortal(page, 'Log on with');
    expect(new URL(page.url()).search).toBe('');
    expect(await cookies(page)).toEqual({});
    page.expectNoConsoleErrors();
  });

  test('with a well-formed user ID and a logon type that is none, only the user ID is kept', async () => {
    const page = await e2e.open(`${EXAMPLES.vanilla}pages/access-protection?demobank-scanner-user-id=MALLORY9&logonType=javascript%3Aalert(1)`);
    await waitForPortal(page, 'Log on with');
    expect(await cookies(page)).toEqual({ 'demobank-scanner-user-id': 'MALLORY9' });
    page.expectNoConsoleErrors();
  });
});
