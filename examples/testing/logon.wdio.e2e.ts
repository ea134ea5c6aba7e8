// A bank's WebdriverIO test of its own logon page with the widget inside, on Debian's Chromium
// and chromedriver: the kit's custom commands log a persona on with the scanner, and with the
// app, one call each; and a page that lies to the kit (an iframe of another origin forging the
// redirect, lines no parser takes) gets nothing past it. Run by the e2e suite (vitest as the
// runner; `wdio` runs the same commands).
import { existsSync } from 'node:fs';
import { addAmwaCommands, startSandbox, type AmwaCommands, type TestSandbox } from 'amwa-sandbox/testing';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { remote } from 'webdriverio';
import { findChromium } from './browsers';
import { apiOrigin, startHostPage, type HostPage } from './host';

// The machine's Chromium (browsers.ts) and its chromedriver: AMWA_CHROMEDRIVER,
// else Debian's and Ubuntu's. Without a chromedriver the file runs nothing outside CI and says so;
// in CI (.ci/run installs chromium-driver) it fails.
const chromium = findChromium();
const chromedriver = [process.env.AMWA_CHROMEDRIVER, '/usr/bin/chromedriver', '/usr/lib/chromium/chromedriver'].find((path) => path && existsSync(path));
if (!chromedriver && process.env.CI) throw new Error('testing kit: chromedriver is missing in CI; install chromium-driver (.ci/run does)');
if (!chromedriver) console.log('testing kit: the WebdriverIO example is not run, no chromedriver on this machine; install chromium-driver or set AMWA_CHROMEDRIVER');
const runs = Boolean(chromedriver && chromium);

let sandbox: TestSandbox;
let host: HostPage;
let lyingHost: HostPage;
let browser: WebdriverIO.Browser & AmwaCommands;

beforeAll(async () => {
  if (!runs) return;
  sandbox = await startSandbox();
  host = await startHostPage(apiOrigin(sandbox.url));
  lyingHost = await startHostPage(apiOrigin(sandbox.url), { forged: true });
  browser = (await remote({
    logLevel: 'warn',
    capabilities: {
      browserName: 'chrome',
      // WebDriver BiDi: the kit hears the widget's events through it.
      webSocketUrl: true,
      'goog:chromeOptions': {
        binary: chromium,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
      'wdio:chromedriverOptions': { binary: chromedriver },
    },
  })) as WebdriverIO.Browser & AmwaCommands;
  addAmwaCommands(browser, sandbox);
});
beforeEach(async () => {
  if (!runs) return;
  await sandbox.reset();
  // One browser session for the file: no test inherits the remembered logon type of another.
  // (deleteAllCookies would only reach the current page's site; BiDi's storage.deleteCookies reaches every site.)
  await browser.storageDeleteCookies({});
});
afterAll(async () => {
  await browser?.deleteSession();
  await host?.close();
  await lyingHost?.close();
  await sandbox?.stop();
});

test.runIf(runs)('EMMA0005 logs on with the scanner from the bank logon page', async () => {
  await browser.url(`${host.origin}/access/pages/logon/scanner`);
  const { url, events } = await browser.amwaLogOnWithScanner({ userId: 'EMMA0005' });
  expect(url).toBe(`${apiOrigin(sandbox.url)}/__sandbox/logged-on`);
  expect(await browser.getUrl()).toBe(url);
  expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } });
});

test.runIf(runs)('a flow started on a page without the widget hears the logon on the page the customer goes on to', async () => {
  await browser.url(`${host.origin}/news`);
  const [{ url, events }] = await Promise.all([browser.amwaLogOnWithScanner({ userId: 'EMMA0005' }), browser.$('a').click()]);
  expect(await browser.getUrl()).toBe(url);
  expect(events).toContainEqual({ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } });
});

test.runIf(runs)('logs on with the app from Home', async () => {
  await browser.url(`${host.origin}/access/`);
  const { url } = await browser.amwaLogOnWithApp();
  expect(await browser.getUrl()).toBe(url);
  expect(await browser.$('h1').getText()).toBe('You are logged on');
});

test.runIf(runs)('a logon call that answered 500 fails the flow, though an iframe of another origin forges the redirect', async () => {
  await sandbox.fault('scannerLogon', { status: 500, body: { errorCode: 'down' } });
  await browser.url(`${lyingHost.origin}/access/pages/logon/scanner`);
  await browser.waitUntil(async () => (await browser.execute('return document.querySelector("iframe")?.src ?? ""')) !== '');
  await expect(browser.amwaLogOnWithScanner({ userId: 'EMMA0005', timeoutMs: 10_000 })).rejects.toThrow(
    'amwa-sandbox/testing: the logon call scannerLogon (POST /access/v1/api/public/scanner/logon) answered 500',
  );
});

test.runIf(runs)('the forgeries of a lying page are not heard; its real logon is', async () => {
  await browser.url(`${lyingHost.origin}/access/pages/logon/scanner`);
  const { url, events } = await browser.amwaLogOnWithScanner({ userId: 'EMMA0005' });
  expect(events.filter(({ type }) => type === 'amwa-logon-redirect')).toEqual([{ type: 'amwa-logon-redirect', detail: { url, logonType: 'scanner' } }]);
});
