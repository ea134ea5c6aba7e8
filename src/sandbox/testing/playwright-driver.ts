// The Playwright adapter: the kit's driver over a Playwright page (playwright or
// @playwright/test), and the fixtures a test file adds with `test.extend(amwaFixtures(…))`.
// Typed by the few members the kit uses, so the kit needs no Playwright of its own.
import type { Driver, EventLog, HeardEvent, Role, Target } from './driver';

/** The part of a Playwright `Locator` the kit uses. */
export interface PlaywrightLocator {
  filter(options: { visible: boolean }): PlaywrightLocator;
  first(): PlaywrightLocator;
  count(): Promise<number>;
  click(): Promise<void>;
  fill(value: string): Promise<void>;
  getAttribute(name: string): Promise<string | null>;
}

/** The part of a Playwright `Page` the kit uses. */
export interface PlaywrightPage {
  getByRole(role: Role, options: { name: string | RegExp; exact: boolean }): PlaywrightLocator;
  url(): string;
  /** Playwright 1.53 and later resolve a Disposable, which the kit disposes when it stops hearing. */
  exposeFunction(name: string, callback: (type: string, detail: unknown) => void): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
}

let hearings = 0;

/** A driver over a Playwright page; role lookups pierce open shadow roots, as Playwright's always do. */
export function playwrightDriver(page: PlaywrightPage): Driver {
  const locate = ({ role, name }: Target) => page.getByRole(role, { name, exact: typeof name === 'string' }).filter({ visible: true }).first();
  return {
    isVisible: async (target) => (await locate(target).count()) > 0,
    click: (target) => locate(target).click(),
    fill: (target, value) => locate(target).fill(value),
    attribute: (target, name) => locate(target).getAttribute(name),
    url: async () => page.url(),
    async hear(types): Promise<EventLog> {
      const heard: HeardEvent[] = [];
      let hearing = true;
      const binding = `__amwaTestingHeard${++hearings}`;
      const exposed = (await page.exposeFunction(binding, (type, detail) => void (hearing && heard.push({ type, detail })))) as { dispose?: () => Promise<void> } | undefined;
      // Evaluated over the DevTools protocol: neither the page's CSP nor Trusted Types apply.
      // The listener outlives the binding if the page stays: it checks for it, and stop() removes it
      // where it can. A call that reaches Playwright after the binding is gone rejects in the page
      // ("Function … is not exposed"): handled here, not a page error of the page under test.
      await page.evaluate(`globalThis.${binding}Off = ((types) => {
        const listener = (event) => typeof globalThis.${binding} === 'function' && globalThis.${binding}(event.type, event.detail)?.catch?.(() => {});
        for (const type of types) document.addEventListener(type, listener);
        return () => types.forEach((type) => document.removeEventListener(type, listener));
      })(${JSON.stringify(types)});`);
      return {
        read: () => [...heard],
        stop() {
          hearing = false;
          // The listener first, then the binding: the other order leaves a moment in which an event
          // calls a binding Playwright no longer knows.
          void page
            .evaluate(`globalThis.${binding}Off?.()`)
            .catch(() => undefined)
            .then(() => exposed?.dispose?.())
            .catch(() => undefined);
        },
      };
    },
  };
}
