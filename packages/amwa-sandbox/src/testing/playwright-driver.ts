// The Playwright adapter: the kit's driver over a Playwright page (playwright or
// @playwright/test), and the fixtures a test file adds with `test.extend(amwaFixtures(…))`.
// Typed by the few members the kit uses, so the kit needs no Playwright of its own.
import { hearingSecret, installInCurrentDocument, listenInTopFrame, pageOrigin, widgetLanguage, type Driver, type EventLog, type HeardAnswer, type HeardEvent, type Role, type Target } from './driver';

/** The part of a Playwright `Locator` the kit uses. */
export interface PlaywrightLocator {
  filter(options: { visible: boolean }): PlaywrightLocator;
  first(): PlaywrightLocator;
  count(): Promise<number>;
  click(): Promise<void>;
  fill(value: string): Promise<void>;
  getAttribute(name: string): Promise<string | null>;
}

/** The part of a Playwright `Frame` the kit uses: only told apart, never driven. */
export type PlaywrightFrame = object;

/** The part of a Playwright `Response` the kit uses. */
export interface PlaywrightResponse {
  url(): string;
  status(): number;
  frame(): PlaywrightFrame;
  request(): { method(): string };
}

/** The part of a Playwright `Page` the kit uses. */
export interface PlaywrightPage {
  getByRole(role: Role, options: { name: string | RegExp; exact: boolean }): PlaywrightLocator;
  url(): string;
  mainFrame(): PlaywrightFrame;
  /** Playwright 1.53 and later resolve a Disposable, which the kit disposes when it stops hearing. */
  exposeBinding(name: string, callback: (source: { frame: PlaywrightFrame }, ...args: unknown[]) => void): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
  /** Playwright 1.53 and later resolve a Disposable, which the kit disposes when it stops hearing. */
  addInitScript(script: { content: string }): Promise<unknown>;
  on(event: 'response', listener: (response: PlaywrightResponse) => void): unknown;
  off(event: 'response', listener: (response: PlaywrightResponse) => void): unknown;
}

let hearings = 0;

/**
 * A driver over a Playwright page; role lookups pierce open shadow roots, as Playwright's always do.
 * It hears widget events of the main frame, on its document and on every one it goes on to (the
 * binding it calls is in every frame, so it checks the caller's frame, a per-hearing secret and
 * origin), and sees the answers to the main frame's calls on the network.
 */
export function playwrightDriver(page: PlaywrightPage): Driver {
  const locate = ({ role, name }: Target) => page.getByRole(role, { name, exact: typeof name === 'string' }).filter({ visible: true }).first();
  return {
    isVisible: async (target) => (await locate(target).count()) > 0,
    click: (target) => locate(target).click(),
    fill: (target, value) => locate(target).fill(value),
    attribute: (target, name) => locate(target).getAttribute(name),
    url: async () => page.url(),
    // While the page is between two documents an evaluation fails: no widget yet.
    language: async () => ((await page.evaluate(`(${widgetLanguage.toString()})(document)`).catch(() => null)) as string | null),
    async hear(types): Promise<EventLog> {
      const heard: HeardEvent[] = [];
      const answers: HeardAnswer[] = [];
      let hearing = true;
      const binding = `__amwaTestingHeard${++hearings}`;
      const secret = hearingSecret();
      const origin = pageOrigin(page.url());
      const onEvent = ({ frame }: { frame: PlaywrightFrame }, ...[key, from, type, detail]: unknown[]) => {
        const ours = frame === page.mainFrame() && key === secret && (origin === undefined || from === origin);
        if (hearing && ours && typeof type === 'string' && types.includes(type)) heard.push({ type, detail });
      };
      // Whatever the page loads, the handler never throws into Playwright's emitter (and the test runner).
      const onResponse = (response: PlaywrightResponse) => {
        try {
          if (response.frame() === page.mainFrame()) answers.push({ method: response.request().method(), url: response.url(), status: response.status() });
        } catch {
          // A service worker's response has no frame: none of the widget's calls.
        }
      };
      const exposed = (await page.exposeBinding(binding, onEvent)) as { dispose?: () => Promise<void> } | undefined;
      page.on('response', onResponse);
      // Evaluated over the DevTools protocol: neither the page's CSP nor Trusted Types apply.
      // The listener outlives the binding if the page stays: it checks for it, and stop() removes it
      // where it can. A call that reaches Playwright after the binding is gone rejects in the page
      // ("Function … is not exposed"): handled here, not a page error of the page under test.
      const listen = listenInTopFrame(
        types,
        `${binding}Off`,
        `(event) => typeof globalThis.${binding} === 'function' && globalThis.${binding}(${JSON.stringify(secret)}, location.origin, event.type, event.detail)?.catch?.(() => {})`,
      );
      const initScript = (await page.addInitScript({ content: listen })) as { dispose?: () => Promise<void> } | undefined;
      await installInCurrentDocument(() => page.evaluate(listen));
      return {
        read: () => [...heard],
        answers: () => [...answers],
        stop() {
          hearing = false;
          page.off('response', onResponse);
          // The listener first, then the binding: the other order leaves a moment in which an event
          // calls a binding Playwright no longer knows.
          void initScript?.dispose?.().catch(() => undefined);
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
