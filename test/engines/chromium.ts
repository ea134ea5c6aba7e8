// Chromium through playwright-core (CDP), the engine the rest of the e2e suite uses.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium';
import { CAPTURE, HELPERS, type Engine, type Key } from './driver';

const KEYS: Record<Key, string> = { Tab: 'Tab', 'Shift+Tab': 'Shift+Tab', Enter: 'Enter', Space: 'Space' };

/** Launches the machine's Chromium (test/browsers/find.mjs). */
export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  return {
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    async newPage({ width = 1280, height = 800 } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await context.addInitScript(CAPTURE);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => void problems.push(`page error (engine): ${error.message}`));
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
        press: (key) => page.keyboard.press(KEYS[key]),
        engineProblems: () => problems,
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
