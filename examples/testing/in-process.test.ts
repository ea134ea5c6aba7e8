// @vitest-environment happy-dom
// A bank's unit test with the widget in-process (vitest, happy-dom): the widget mounted with the
// sandbox's fetch, a persona logged on with the scanner and with the app, one call each.
import { mount, type AmwaHandle } from 'amwa';
import { startSandbox, type TestSandbox } from 'amwa-sandbox/testing';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';

let sandbox: TestSandbox;
let portal: AmwaHandle | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ inProcess: true });
});
beforeEach(() => sandbox.reset());
afterEach(() => {
  portal?.unmount();
  document.body.replaceChildren();
});
afterAll(() => sandbox.stop());

/** Mounts the widget on `route`, talking to the in-process sandbox. */
function mountAt(route: string) {
  const element = document.body.appendChild(document.createElement('div'));
  portal = mount(element, { ...sandbox.settings, routing: 'memory', initialRoute: route, language: 'en' }, { fetch: sandbox.fetch });
}

test('EMMA0005 logs on with the scanner', async () => {
  mountAt('/pages/logon/scanner');
  const { url, events } = await sandbox.logOnWithScanner(document, { userId: 'EMMA0005' });
  expect(url).toBe('http://sandbox.localhost/__sandbox/logged-on');
  expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } });
});

test('logs on with the app', async () => {
  mountAt('/');
  const { url, events } = await sandbox.logOnWithApp(document);
  expect(url).toBe('http://sandbox.localhost/__sandbox/logged-on');
  expect(events.map(({ type }) => type)).toContain('amwa-logon-redirect');
});
