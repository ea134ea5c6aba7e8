// The Puppeteer adapter: the kit's driver over a puppeteer or puppeteer-core page, in Chromium
// (DevTools protocol) and in Firefox (WebDriver BiDi) alike. Typed by the few members the kit
// uses, so the kit needs no Puppeteer of its own.
import { findByRole, heardEvent, hearingSecret, installInCurrentDocument, logHeardEvents, pageOrigin, SELECT_FOCUSED, serialName, widgetLanguage, type Driver, type EventLog, type HeardAnswer, type HeardEvent, type Target } from './driver';

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

/** The part of a Puppeteer `Frame` the kit uses: only told apart, never driven. */
export type PuppeteerFrame = object;

/** The part of a Puppeteer `HTTPResponse` the kit uses. */
export interface PuppeteerResponse {
  url(): string;
  status(): number;
  frame(): PuppeteerFrame | null;
  request(): { method(): string };
}

/** The page events the kit listens to, with what each carries. */
export interface PuppeteerEvents {
  console: PuppeteerConsoleMessage;
  response: PuppeteerResponse;
}

/** The part of a Puppeteer `Page` the kit uses. */
export interface PuppeteerPage {
  evaluate(expression: string): Promise<unknown>;
  evaluateHandle(expression: string): Promise<PuppeteerHandle>;
  evaluateOnNewDocument(source: string): Promise<{ identifier: string }>;
  removeScriptToEvaluateOnNewDocument(identifier: string): Promise<void>;
  on<K extends keyof PuppeteerEvents>(event: K, listener: (value: PuppeteerEvents[K]) => void): unknown;
  off<K extends keyof PuppeteerEvents>(event: K, listener: (value: PuppeteerEvents[K]) => void): unknown;
  mainFrame(): PuppeteerFrame;
  readonly keyboard: { type(text: string): Promise<void> };
  url(): string;
}

let hearings = 0;

/**
 * A driver over a Puppeteer page. Clicks are Puppeteer's own (the pointer at the control's centre,
 * scrolled into view); widget events are heard, as marked console lines of the top frame, on the
 * page and on every page of the same origin it goes on to; the answers to the top frame's calls
 * are seen on the network.
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
    language: async () => ((await page.evaluate(`(${widgetLanguage.toString()})(document)`).catch(() => null)) as string | null),
    async hear(types): Promise<EventLog> {
      const heard: HeardEvent[] = [];
      const answers: HeardAnswer[] = [];
      const off = `__amwaTestingOff${++hearings}`;
      const secret = hearingSecret();
      const origin = pageOrigin(page.url());
      // Handlers of the tool's events: whatever the page logs or loads, they never throw into Puppeteer's emitter (and the test runner).
      const onConsole = (message: PuppeteerConsoleMessage) => {
        try {
          const event = heardEvent(message.text(), secret, types, origin);
          if (event) heard.push(event);
        } catch {
          // A message whose text cannot be read carries no widget event.
        }
      };
      const onResponse = (response: PuppeteerResponse) => {
        try {
          if (response.frame() === page.mainFrame()) answers.push({ method: response.request().method(), url: response.url(), status: response.status() });
        } catch {
          // A response of no frame (a service worker's) is none of the widget's calls.
        }
      };
      page.on('console', onConsole);
      page.on('response', onResponse);
      // Through the browser's protocol, on this document and every one the tab goes on to: neither the page's CSP nor Trusted Types apply.
      const listen = logHeardEvents(types, off, secret);
      const { identifier } = await page.evaluateOnNewDocument(listen);
      await installInCurrentDocument(() => page.evaluate(listen));
      return {
        read: () => [...heard],
        answers: () => [...answers],
        stop() {
          page.off('console', onConsole);
          page.off('response', onResponse);
          void page.removeScriptToEvaluateOnNewDocument(identifier).catch(() => undefined);
          void page.evaluate(`globalThis.${off}?.()`).catch(() => undefined);
        },
      };
    },
  };
}
