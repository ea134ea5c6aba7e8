// The flows over a tool without events: what its EventLog gives only on refresh() still ends a
// logon, so a WebDriver-classic driver (Safari, WebKitGTK) can hear the widget's redirect.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { mount, type AmwaHandle } from '../../index';
import { domDriver } from './dom-driver';
import type { Driver, HeardEvent } from './driver';
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
