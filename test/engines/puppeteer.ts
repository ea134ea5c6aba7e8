// Chromium (DevTools protocol) and Firefox (WebDriver BiDi) through puppeteer-core: the machine's
// browsers, never downloaded ones. One page implementation serves both; only the launch differs.
// Each page also carries the testing kit's Puppeteer driver, so the suite's logon and activation
// flows run through amwa-sandbox/testing as a bank's Puppeteer suite would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type KeyInput } from 'puppeteer-core';
import { puppeteerDriver } from 'amwa-sandbox/testing';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium';
import { CAPTURE, HELPERS, type Engine, type EngineName, type Key } from './driver';

/** Puppeteer's names of the keys a flow presses (Shift+Tab is a chord of two). */
const KEYS: Record<Exclude<Key, 'Shift+Tab'>, KeyInput> = { Tab: 'Tab', Enter: 'Enter', Space: ' ' };

/** The engine over a launched Puppeteer browser; `cleanUp` runs after the browser closed. */
async function puppeteerEngine(name: EngineName, browser: Browser, cleanUp = () => {}): Promise<Engine> {
  return {
    name,
    version: await browser.version(),
    async newPage({ width = 1280, height = 800 } = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      await page.evaluateOnNewDocument(CAPTURE);
      const problems: string[] = [];
      page.on('pageerror', (error) => void problems.push(`page error (engine): ${error instanceof Error ? error.message : String(error)}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error (engine): ${message.text()}`);
      });
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        url: async () => page.url(),
        evaluate: async <T>(expression: string) => (await page.evaluate(`${HELPERS};${CAPTURE};(${expression})`)) as T,
        clickAt: (x, y) => page.mouse.click(x, y),
        moveTo: (x, y) => page.mouse.move(x, y),
        type: (text) => page.keyboard.type(text),
        async press(key) {
          if (key !== 'Shift+Tab') return page.keyboard.press(KEYS[key]);
          await page.keyboard.down('Shift');
          await page.keyboard.press('Tab');
          await page.keyboard.up('Shift');
        },
        kit: puppeteerDriver(page),
        engineProblems: () => problems,
        close: () => context.close(),
      };
    },
    async close() {
      await browser.close();
      cleanUp();
    },
  };
}

/** Launches the machine's Chromium (test/browsers/find.mjs) with the e2e suite's flags. */
export async function launchChromium(): Promise<Engine> {
  const args = [...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), '--lang=en-GB'];
  return puppeteerEngine('chromium', await puppeteer.launch({ browser: 'chrome', executablePath: await chromiumPath(), args, headless: true }));
}

/** Launches the Firefox at `executablePath`, headless, offline but for 127.0.0.1. */
export async function launchFirefox(executablePath: string): Promise<Engine> {
  const profile = mkdtempSync(join(tmpdir(), 'amwa-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      'intl.accept_languages': 'en-GB',
      'browser.shell.checkDefaultBrowser': false,
      'app.update.enabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
  return puppeteerEngine('firefox', browser, () => rmSync(profile, { recursive: true, force: true }));
}
