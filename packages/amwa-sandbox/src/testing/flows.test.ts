// The flows over a tool without events: what its EventLog gives only on refresh() still ends a
// logon, so a WebDriver-classic driver (Safari, WebKitGTK) can hear the widget's redirect. And a
// logon whose logon call failed fails, whatever events the page dispatches. And the flows speak the page's language.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { mount, type AmwaHandle } from '../../../../src/index';
import { domDriver } from './dom-driver';
import { widgetLanguage, type Driver, type HeardEvent } from './driver';
import { logOnWithApp } from './flows';
import { startSandbox, type TestSandbox } from './kit';

let sandbox: TestSandbox;
let portal: AmwaHandle | undefined;
beforeAll(async () => {
  sandbox = await startSandbox({ inProcess: true });
});
afterEach(() => {
  portal?.unmount();
  document.body.replaceChildren();
});
afterAll(() => sandbox.stop());

/** The in-process driver, but its events reach the flow only through refresh(), as in a classic session. */
function withoutEvents(driver: Driver): Driver & { refreshes: number } {
  const wrapped = {
    ...driver,
    refreshes: 0,
    async hear(types: readonly string[]) {
      const inPage = await driver.hear(types);
      let delivered: HeardEvent[] = [];
      return {
        read: () => [...delivered],
        stop: () => inPage.stop(),
        async refresh() {
          wrapped.refreshes++;
          delivered = inPage.read();
        },
      };
    },
  };
  return wrapped;
}

test('a logon heard only through refresh() ends on the redirect', async () => {
  await sandbox.reset();
  const element = document.body.appendChild(document.createElement('div'));
  portal = mount(element, { ...sandbox.settings, routing: 'memory', initialRoute: '/', language: 'en' }, { fetch: sandbox.fetch });
  const driver = withoutEvents(domDriver(document));
  const { url, events } = await logOnWithApp(driver, sandbox, { timeoutMs: 10_000 });
  expect(url).toBe('http://sandbox.localhost/__sandbox/logged-on');
  expect(events.map(({ type }) => type)).toContain('amwa-logon-redirect');
  expect(driver.refreshes).toBeGreaterThan(0);
});

test('a logon whose logon call answered 500 fails, though the page dispatched the redirect event', async () => {
  await sandbox.reset();
  await sandbox.fault('scannerLogon', { status: 500, body: { errorCode: 'down' } });
  const element = document.body.appendChild(document.createElement('div'));
  portal = mount(element, { ...sandbox.settings, routing: 'memory', initialRoute: '/pages/logon/scanner', language: 'en' }, { fetch: sandbox.fetch });
  const flow = sandbox.logOnWithScanner(document, { userId: 'EMMA0005', timeoutMs: 10_000 });
  // A script of the page, not the widget: the event says logged on, the network says otherwise.
  document.dispatchEvent(new CustomEvent('amwa-logon-redirect', { detail: { url: 'http://sandbox.localhost/__sandbox/logged-on', logonType: 'scanner' }, bubbles: true }));
  await expect(flow).rejects.toThrow('amwa-sandbox/testing: the logon call scannerLogon (POST /access/v1/api/public/scanner/logon) answered 500');
});

// The kit names controls in the language the page's widget speaks: a bank tests the page its customers see.
describe.each(['de', 'nl', 'pl'] as const)('a page in %s', (language) => {
  test('EMMA0005 logs on with the scanner, and with the app', async () => {
    await sandbox.reset();
    const element = document.body.appendChild(document.createElement('div'));
    portal = mount(element, { ...sandbox.settings, routing: 'memory', initialRoute: '/pages/logon/scanner', language }, { fetch: sandbox.fetch });
    const scanner = await sandbox.logOnWithScanner(document, { userId: 'EMMA0005', timeoutMs: 10_000 });
    expect(scanner.url).toBe('http://sandbox.localhost/__sandbox/logged-on');
    expect(element.querySelector('.amwa-root')?.getAttribute('lang') ?? element.shadowRoot?.querySelector('.amwa-root')?.getAttribute('lang')).toMatch(new RegExp(`^${language}`));
    portal.unmount();
    element.remove();

    const again = document.body.appendChild(document.createElement('div'));
    portal = mount(again, { ...sandbox.settings, routing: 'memory', initialRoute: '/pages/logon/mobile', language }, { fetch: sandbox.fetch });
    const app = await sandbox.logOnWithApp(document, { timeoutMs: 10_000 });
    expect(app.events.map(({ type }) => type)).toContain('amwa-logon-redirect');
  });
});

test("the widget's language is read from its root, through a shadow root", () => {
  const host = document.body.appendChild(document.createElement('div'));
  const box = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
  expect(widgetLanguage(document)).toBeNull();
  box.className = 'amwa-root';
  box.lang = 'nl-BE';
  expect(widgetLanguage(document)).toBe('nl-BE');
});
