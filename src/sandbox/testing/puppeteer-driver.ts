// The Puppeteer adapter: the kit's driver over a puppeteer or puppeteer-core page, in Chromium
// (DevTools protocol) and in Firefox (WebDriver BiDi) alike. Typed by the few members the kit
// uses, so the kit needs no Puppeteer of its own.
import { findByRole, heardEvent, logHeardEvents, SELECT_FOCUSED, serialName, type Driver, type EventLog, type HeardEvent, type Target } from './driver';

/** The part of a Puppeteer `ElementHandle` the kit uses. */
export interface PuppeteerElement {
  click(): Promise<void>;
  dispose(): Promise<void>;
}

/** The part of a Puppeteer `JSHandle` the kit uses. */
export interface PuppeteerHandle {
  asElement(): PuppeteerElement | null;
  dispose(): Promise<void>;
}

/** The part of a Puppeteer `ConsoleMessage` the kit uses. */
export interface PuppeteerConsoleMessage {
  text(): string;
}

/** The part of a Puppeteer `Page` the kit uses. */
export interface PuppeteerPage {
  evaluate(expression: string): Promise<unknown>;
  evaluateHandle(expression: string): Promise<PuppeteerHandle>;
  evaluateOnNewDocument(source: string): Promise<{ identifier: string }>;
  removeScriptToEvaluateOnNewDocument(identifier: string): Promise<void>;
  on(event: 'console', listener: (message: PuppeteerConsoleMessage) => void): unknown;
  off(event: 'console', listener: (message: PuppeteerConsoleMessage) => void): unknown;
  readonly keyboard: { type(text: string): Promise<void> };
  url(): string;
}

let hearings = 0;

/**
 * A driver over a Puppeteer page. Clicks are Puppeteer's own (the pointer at the control's centre,
 * scrolled into view); widget events are heard, as marked console lines, on the page and on every
 * page it goes on to.
 */
export function puppeteerDriver(page: PuppeteerPage): Driver {
  // Each lookup is one evaluation in the page's current document, so none outlives a page load.
  const lookup = (target: Target) => `(${findByRole.toString()})(document, ${JSON.stringify(target.role)}, ${JSON.stringify(serialName(target))})`;
  const element = async (target: Target) => {
    const handle = await page.evaluateHandle(lookup(target));
    const found = handle.asElement();
    if (!found) {
      await handle.dispose();
      throw new Error(`amwa-sandbox/testing: no visible ${target.role} named "${String(target.name)}"`);
    }
    return found;
  };
  const click = async (target: Target) => {
    const found = await element(target);
    try {
      await found.click();
    } finally {
      // The click may have started a page load that already took the handle with it.
      await found.dispose().catch(() => undefined);
    }
  };
  return {
    // While the page is between two documents an evaluation fails: nothing is visible yet.
    isVisible: async (target) => (await page.evaluate(`${lookup(target)} !== null`).catch(() => false)) === true,
    click,
    async fill(target, value) {
      await click(target);
      await page.evaluate(SELECT_FOCUSED);
      await page.keyboard.type(value);
    },
    attribute: async (target, name) => (await page.evaluate(`${lookup(target)}?.getAttribute(${JSON.stringify(name)}) ?? null`)) as string | null,
    url: async () => page.url(),
    async hear(types): Promise<EventLog> {
      const heard: HeardEvent[] = [];
      const off = `__amwaTestingOff${++hearings}`;
      const listener = (message: PuppeteerConsoleMessage) => {
        const event = heardEvent(message.text());
        if (event) heard.push(event);
      };
      page.on('console', listener);
      // Through the browser's protocol, on this document and every one the tab goes on to: neither the page's CSP nor Trusted Types apply.
      const listen = logHeardEvents(types, off);
      const { identifier } = await page.evaluateOnNewDocument(listen);
      await page.evaluate(listen);
      return {
        read: () => [...heard],
        stop() {
          page.off('console', listener);
          void page.removeScriptToEvaluateOnNewDocument(identifier).catch(() => undefined);
          void page.evaluate(`globalThis.${off}?.()`).catch(() => undefined);
        },
      };
    },
  };
}
