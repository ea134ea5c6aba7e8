// The WebdriverIO adapter: the kit's driver over a WebdriverIO browser (v9; WebDriver BiDi, or
// classic as Safari's and WebKitGTK's drivers speak it), and custom commands a suite adds with
// `addAmwaCommands(browser, kit)`. Typed by the few members the kit uses, so the kit needs no
// WebdriverIO of its own.
import * as z from 'zod/mini';
import { clickPoint, findByRole, heardEvent, hearingSecret, installInCurrentDocument, keptHeardEvents, logHeardEvents, pageOrigin, SELECT_FOCUSED, serialName, widgetLanguage, type Driver, type EventLog, type HeardAnswer, type HeardEvent, type Target } from './driver';

/** The part of a WebdriverIO element the kit uses. */
export interface WebdriverElement {
  getAttribute(name: string): Promise<string | null>;
}

/** A BiDi console entry, as WebdriverIO reports `log.entryAdded`. */
export interface WebdriverLogEntry {
  text?: string | null;
  /** The browsing context (frame) that logged it. */
  source?: { context?: string | null };
}

/** A BiDi answer to a request, as WebdriverIO reports `network.responseCompleted`. */
export interface WebdriverResponseEntry {
  /** The browsing context (frame) that made the request. */
  context?: string | null;
  request?: { method?: string; url?: string };
  response?: { status?: number };
}

/** The part of a WebdriverIO browser the kit uses. */
export interface WebdriverBrowser {
  execute(script: string, ...args: unknown[]): Promise<unknown>;
  $(reference: never): unknown;
  performActions(actions: object[]): Promise<unknown>;
  releaseActions(): Promise<unknown>;
  getUrl(): Promise<string>;
  /** In a BiDi session: the top-level browsing context's id. */
  getWindowHandle(): Promise<string>;
  readonly isBidi: boolean;
  sessionSubscribe(params: { events: string[] }): Promise<unknown>;
  /** In a BiDi session: a script for every document the browsing contexts go on to. */
  scriptAddPreloadScript(params: { functionDeclaration: string; contexts?: string[] }): Promise<{ script: string }>;
  scriptRemovePreloadScript(params: { script: string }): Promise<unknown>;
  on(event: 'log.entryAdded', listener: (entry: WebdriverLogEntry) => void): unknown;
  on(event: 'network.responseCompleted', listener: (entry: WebdriverResponseEntry) => void): unknown;
  off(event: 'log.entryAdded', listener: (entry: WebdriverLogEntry) => void): unknown;
  off(event: 'network.responseCompleted', listener: (entry: WebdriverResponseEntry) => void): unknown;
  addCommand(name: string, command: (...args: never[]) => unknown): void;
}


// The page-side lookup: findByRole, sent as source, over the arguments WebDriver passes.
const FIND = `const find = ${findByRole.toString()};\nreturn find(document, arguments[0], arguments[1]);`;
const IS_VISIBLE = `const find = ${findByRole.toString()};\nreturn find(document, arguments[0], arguments[1]) !== null;`;
// The control's centre in the viewport, scrolled into view, or null until it can take a click there.
const CENTRE = `const find = ${findByRole.toString()};\nconst clickPoint = ${clickPoint.toString()};\nreturn clickPoint(find(document, arguments[0], arguments[1]));`;
// The widget's language, widgetLanguage sent as source.
const LANGUAGE = `return (${widgetLanguage.toString()})(document);`;

/** How long a click waits for its control to hold still where it can take the pointer. */
const ACTIONABLE_MS = 5_000;

/**
 * A driver over a WebdriverIO browser. Clicks are the pointer at the control's centre, as a user's
 * (WebKit's element click does not reach a control inside a shadow root). With a BiDi session
 * (the default of WebdriverIO 9 for Chromium, Firefox and Edge) widget events of the top-level
 * context reach the test as they happen, and so do the answers to its calls; in a classic session
 * (Safari, WebKitGTK) the tab keeps the events until the flows read them, and no answers are seen.
 */
export function webdriverioDriver(browser: WebdriverBrowser): Driver {
  const element = async (target: Target) => {
    const reference = await browser.execute(FIND, target.role, serialName(target));
    if (!reference) throw new Error(`amwa-sandbox/testing: no visible ${target.role} named "${String(target.name)}"`);
    return (await browser.$(reference as never)) as WebdriverElement;
  };
  /** The control's centre once two looks 50 ms apart agree (no scroll, layout shift or covering screen under way). */
  const steadyCentre = async (target: Target) => {
    const deadline = Date.now() + ACTIONABLE_MS;
    for (let last = null as { x: number; y: number } | null; ; ) {
      const now = (await browser.execute(CENTRE, target.role, serialName(target))) as { x: number; y: number } | null;
      if (now && last && now.x === last.x && now.y === last.y) return now;
      if (Date.now() > deadline) throw new Error(`amwa-sandbox/testing: no ${target.role} named "${String(target.name)}" that can take a click within ${ACTIONABLE_MS} ms`);
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const click = async (target: Target) => {
    const { x, y } = await steadyCentre(target);
    await browser.performActions([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', origin: 'viewport', x, y, duration: 0 },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
    await browser.releaseActions();
  };
  return {
    isVisible: async (target) => (await browser.execute(IS_VISIBLE, target.role, serialName(target))) === true,
    click,
    async fill(target, value) {
      await click(target);
      // Select what the field holds (a pre-filled '38-', a remembered user ID), then type over it.
      await browser.execute(`${SELECT_FOCUSED};`);
      // Each key down and up in turn: WebdriverIO's keys() holds a string's keys down together, which drops repeated ones.
      await browser.performActions([{ type: 'key', id: 'keyboard', actions: [...value].flatMap((key) => [{ type: 'keyDown', value: key }, { type: 'keyUp', value: key }]) }]);
      await browser.releaseActions();
    },
    attribute: async (target, name) => (await element(target)).getAttribute(name),
    url: () => browser.getUrl(),
    language: async () => ((await browser.execute(LANGUAGE).catch(() => null)) as string | null),
    async hear(types): Promise<EventLog> {
      if (!browser.isBidi) return hearKept(browser, types);
      const heard: HeardEvent[] = [];
      const answers: HeardAnswer[] = [];
      const secret = hearingSecret();
      const [context, url] = await Promise.all([browser.getWindowHandle(), browser.getUrl()]);
      const origin = pageOrigin(url);
      // Handlers of the tool's events: whatever the page logs or loads, they never throw into WebdriverIO's emitter (and the test runner).
      const onLog = (entry: WebdriverLogEntry) => {
        try {
          const event = entry.source?.context === context ? heardEvent(entry.text, secret, types, origin) : undefined;
          if (event) heard.push(event);
        } catch {
          // An entry that cannot be read carries no widget event.
        }
      };
      const onResponse = (entry: WebdriverResponseEntry) => {
        try {
          const { method, url: requested } = entry.request ?? {};
          const status = entry.response?.status;
          if (entry.context === context && typeof method === 'string' && typeof requested === 'string' && typeof status === 'number') answers.push({ method, url: requested, status });
        } catch {
          // Nor does one that cannot be read answer a call of the widget's.
        }
      };
      await browser.sessionSubscribe({ events: ['log.entryAdded', 'network.responseCompleted'] });
      browser.on('log.entryAdded', onLog);
      browser.on('network.responseCompleted', onResponse);
      // On this document and on every one the tab goes on to; neither the page's CSP nor Trusted Types apply.
      const off = `__amwaTestingOff${++hearings}`;
      const listen = logHeardEvents(types, off, secret);
      const { script } = await browser.scriptAddPreloadScript({ functionDeclaration: `() => { ${listen}; }`, contexts: [context] });
      await installInCurrentDocument(() => browser.execute(listen));
      return {
        read: () => [...heard],
        answers: () => [...answers],
        stop() {
          browser.off('log.entryAdded', onLog);
          browser.off('network.responseCompleted', onResponse);
          void browser.scriptRemovePreloadScript({ script }).catch(() => undefined);
          // The page may have gone on to another one; then there is nothing left to remove.
          void browser.execute(`globalThis.${off}?.()`).catch(() => undefined);
        },
      };
    },
  };
}

let hearings = 0;

const keptEvents = z.array(z.object({ type: z.string(), detail: z.unknown() }));

/** Hears widget events in a classic session: the tab keeps them, and `refresh` reads them (adding the listener to a page that has none yet). */
async function hearKept(browser: WebdriverBrowser, types: readonly string[]): Promise<EventLog> {
  const key = `__amwaTestingKept${++hearings}`;
  const kept = `return ${keptHeardEvents(types, key)};`;
  // What the tab kept is the page's to write: anything but a list of events of `types` reads as none.
  const read = (value: unknown): HeardEvent[] => {
    const parsed = keptEvents.safeParse(value);
    return parsed.success ? parsed.data.filter(({ type }) => types.includes(type)) : [];
  };
  let heard = read(await browser.execute(`sessionStorage.removeItem(${JSON.stringify(key)});\n${kept}`).catch(() => undefined));
  return {
    read: () => [...heard],
    async refresh() {
      // Between two documents, or on another origin's storage, there is less to read: what was read stays.
      const stored = read(await browser.execute(kept).catch(() => undefined));
      if (stored.length >= heard.length) heard = stored;
    },
    stop() {
      void browser.execute(`globalThis[${JSON.stringify(key + 'Off')}]?.(); sessionStorage.removeItem(${JSON.stringify(key)});`).catch(() => undefined);
    },
  };
}
