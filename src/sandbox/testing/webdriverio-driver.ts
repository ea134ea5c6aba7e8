// The WebdriverIO adapter: the kit's driver over a WebdriverIO browser (v9, WebDriver BiDi), and
// custom commands a suite adds with `addAmwaCommands(browser, kit)`. Typed by the few members the
// kit uses, so the kit needs no WebdriverIO of its own.
import { findByRole, heardEvent, logHeardEvents, serialName, type Driver, type EventLog, type HeardEvent, type Target } from './driver';

/** The part of a WebdriverIO element the kit uses. */
export interface WebdriverElement {
  click(): Promise<unknown>;
  addValue(value: string): Promise<unknown>;
  getAttribute(name: string): Promise<string | null>;
}

/** A BiDi console entry, as WebdriverIO reports `log.entryAdded`. */
export interface WebdriverLogEntry {
  text?: string | null;
}

/** The part of a WebdriverIO browser the kit uses. */
export interface WebdriverBrowser {
  execute(script: string, ...args: unknown[]): Promise<unknown>;
  $(reference: never): unknown;
  keys(value: string | string[]): Promise<unknown>;
  getUrl(): Promise<string>;
  readonly isBidi: boolean;
  sessionSubscribe(params: { events: string[] }): Promise<unknown>;
  on(event: 'log.entryAdded', listener: (entry: WebdriverLogEntry) => void): unknown;
  off(event: 'log.entryAdded', listener: (entry: WebdriverLogEntry) => void): unknown;
  addCommand(name: string, command: (...args: never[]) => unknown): void;
}

/** WebDriver's Control key, held for the select-all chord. */
const CONTROL = '\uE009';

// The page-side lookup: findByRole, sent as source, over the arguments WebDriver passes.
const FIND = `const find = ${findByRole.toString()};\nreturn find(document, arguments[0], arguments[1]);`;
const IS_VISIBLE = `const find = ${findByRole.toString()};\nreturn find(document, arguments[0], arguments[1]) !== null;`;

/** A driver over a WebdriverIO browser with a BiDi session (the default of WebdriverIO 9 for Chromium, Firefox and Edge). */
export function webdriverioDriver(browser: WebdriverBrowser): Driver {
  const element = async (target: Target) => {
    const reference = await browser.execute(FIND, target.role, serialName(target));
    if (!reference) throw new Error(`amwa-sandbox/testing: no visible ${target.role} named "${String(target.name)}"`);
    return (await browser.$(reference as never)) as WebdriverElement;
  };
  return {
    isVisible: async (target) => (await browser.execute(IS_VISIBLE, target.role, serialName(target))) === true,
    click: async (target) => void (await (await element(target)).click()),
    async fill(target, value) {
      const field = await element(target);
      await field.click();
      // Select what the field holds (a pre-filled '38-', a remembered user ID), then type over it.
      await browser.keys([CONTROL, 'a']);
      await field.addValue(value);
    },
    attribute: async (target, name) => (await element(target)).getAttribute(name),
    url: () => browser.getUrl(),
    async hear(types): Promise<EventLog> {
      if (!browser.isBidi) throw new Error('amwa-sandbox/testing: hearing widget events in WebdriverIO needs a WebDriver BiDi session (capability webSocketUrl: true, the default of WebdriverIO 9)');
      const heard: HeardEvent[] = [];
      const listener = ({ text }: WebdriverLogEntry) => {
        const event = heardEvent(text);
        if (event) heard.push(event);
      };
      await browser.sessionSubscribe({ events: ['log.entryAdded'] });
      browser.on('log.entryAdded', listener);
      await browser.execute(logHeardEvents(types, '__amwaTestingOff'));
      return {
        read: () => [...heard],
        stop() {
          browser.off('log.entryAdded', listener);
          // The page may have gone on to another one; then there is nothing left to remove.
          void browser.execute('globalThis.__amwaTestingOff?.()').catch(() => undefined);
        },
      };
    },
  };
}
