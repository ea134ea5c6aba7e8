// A bank's WebdriverIO test of its own logon page with the widget inside, on Debian's Chromium
// and chromedriver: the kit's custom commands log a persona on with the scanner, and with the
// app, one call each. Run by the e2e suite (vitest as the runner; `wdio` runs the same commands).
import { addAmwaCommands, startSandbox, type AmwaCommands, type TestSandbox } from 'amwa-sandbox/testing';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { remote } from 'webdriverio';
import { apiOrigin, startHostPage, type HostPage } from './host';

let sandbox: TestSandbox;
let host: HostPage;
let browser: WebdriverIO.Browser & AmwaCommands;

beforeAll(async () => {
  sandbox = await startSandbox();
  host = await startHostPage(apiOrigin(sandbox.url));
  browser = (await remote({
    logLevel: 'warn',
    capabilities: {
      browserName: 'chrome',
      // WebDriver BiDi: the kit hears the widget's events through it.
      webSocketUrl: true,
      'goog:chromeOptions': {
        binary: '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
      'wdio:chromedriverOptions': { binary: '/usr/bin/chromedriver' },
    },
  })) as WebdriverIO.Browser & AmwaCommands;
  addAmwaCommands(browser, sandbox);
});
beforeEach(async () => {
  await sandbox.reset();
  // One browser session for the file: no test inherits the remembered logon type of another.
  // (deleteAllCookies would only reach the current page's site; BiDi's storage.deleteCookies reaches every site.)
  await browser.storageDeleteCookies({});
});
afterAll(async () => {
  await browser?.deleteSession();
  await host?.close();
  await sandbox?.stop();
});

test('EMMA0005 logs on with the scanner from the bank logon page', async () => {
  await browser.url(`${host.origin}/access/pages/logon/scanner`);
  const { url, events } = await browser.amwaLogOnWithScanner({ userId: 'EMMA0005' });
  expect(url).toBe(`${apiOrigin(sandbox.url)}/__sandbox/logged-on`);
  expect(await browser.getUrl()).toBe(url);
  expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } });
});

test('logs on with the app from Home', async () => {
  await browser.url(`${host.origin}/access/`);
  const { url } = await browser.amwaLogOnWithApp();
  expect(await browser.getUrl()).toBe(url);
  expect(await browser.$('h1').getText()).toBe('You are logged on');
});
