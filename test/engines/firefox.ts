// Firefox through WebDriver BiDi with puppeteer-core: the machine's Firefox (Debian's
// firefox-esr), never a downloaded one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CAPTURE, HELPERS, type Engine, type Key } from './driver';

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
  return {
    name: 'firefox',
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
      const press = async (key: Key) => {
        if (key === 'Shift+Tab') {
          await page.keyboard.down('Shift');
          await page.keyboard.press('Tab');
          await page.keyboard.up('Shift');
        } else await page.keyboard.press(key === 'Space' ? ' ' : key);
      };
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        url: async () => page.url(),
        evaluate: async <T>(expression: string) => (await page.evaluate(`${HELPERS};${CAPTURE};(${expression})`)) as T,
        clickAt: (x, y) => page.mouse.click(x, y),
        moveTo: (x, y) => page.mouse.move(x, y),
        type: (text) => page.keyboard.type(text),
        press,
        engineProblems: () => problems,
        close: () => context.close(),
      };
    },
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
