// The scanner logon prerendered by the host page (docs/embedding.md's speculation rules) for
// `npm run bench`: from the click on Home's scanner option to the frame that shows the user ID
// field, server time excluded, as the other next screens (next-screen.ts).
//
// Chromium does not prerender for a page that a DevTools client drives through the page's own
// target (PrerenderingDisabledByDevTools), as Playwright does: such a client could not follow the
// prerendered page when it replaces the old one. A client attached to the tab target, with the
// tab's pages auto-attached, gets the prerender as a target of its own and the page prerenders. So
// each click has a browser of its own driven that way over `--remote-debugging-pipe`, with what
// every other row does through Playwright: the CPU slowdown from the start
// (`Emulation.setCPUThrottlingRate`), the probe, and a pointer click through the browser's input
// path (`Input.dispatchMouseEvent`, as Playwright's mouse).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium';
import { screenFigures, type NextScreenResult, type ScreenSpec } from './next-screen';
import { PROBE_SCRIPT } from './probe';

/** The bench's id and name of this next screen. */
export const PRERENDERED_SCANNER = {
  id: 'home-scanner-prerendered',
  name: 'Home → scanner logon, user ID step, prerendered by the host page',
};

/** What shows the user ID step (as the full page load's row). */
const USER_ID: ScreenSpec = { selector: 'input[autocomplete="username"]' };

/** The user ID field in the widget's shadow root. */
const USER_ID_FIELD = `document.querySelector('amwa-portal')?.shadowRoot?.querySelector('${USER_ID.selector}')`;

/** Home's option for the scanner logon, in the widget's shadow root. */
const OPTION = `document.querySelector('amwa-portal')?.shadowRoot?.querySelector('a[href$="/pages/logon/scanner"]')`;

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** A DevTools connection over `--remote-debugging-pipe` (fd 3 in, fd 4 out, messages ended by NUL). */
class Pipe {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Set<(message: Message) => void>();
  private buffered = '';

  constructor(
    private readonly out: Writable,
    input: Readable,
  ) {
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      const parts = (this.buffered + chunk).split('\0');
      this.buffered = parts.pop()!;
      for (const part of parts) this.receive(JSON.parse(part) as Message);
    });
    // A browser that exits fails what waits on it, instead of holding up the run.
    input.on('close', () => {
      for (const { reject } of this.pending.values()) reject(new Error('bench: the browser closed its DevTools pipe'));
      this.pending.clear();
    });
  }

  private receive(message: Message) {
    const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
    if (waiting) {
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result ?? {});
      return;
    }
    for (const listener of this.listeners) listener(message);
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = ++this.next;
    this.out.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** Calls `listener` with every event. */
  on(listener: (message: Message) => void) {
    this.listeners.add(listener);
  }

  /** Resolves with the first event that `match` returns a value for (or rejects after `timeoutMs`). */
  until<T>(match: (message: Message) => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`bench: ${what} within ${timeoutMs / 1000} s`));
      }, timeoutMs).unref();
      const listener = (message: Message) => {
        const found = match(message);
        if (found === undefined) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(found);
      };
      this.listeners.add(listener);
    });
  }

  /** Evaluates `expression` in a session's page; its value. */
  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const { result, exceptionDetails } = (await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId)) as {
      result: { value: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (exceptionDetails) throw new Error(`bench: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TargetInfo {
  targetId: string;
  type: string;
  subtype?: string;
  url: string;
}

/**
 * Opens the bench's Home with the host's speculation rules in a browser of its own, driven through
 * its tab target, with `cpuRate` from the start; waits until the prerendered page has rendered the
 * user ID step, `restMs` more, and clicks the option.
 */
export async function clickToPrerenderedScanner(widgetUrl: string, { cpuRate = 1, restMs = 2500 }: { cpuRate?: number; restMs?: number } = {}): Promise<NextScreenResult> {
  const homeUrl = `${widgetUrl}?prerender=1`;
  const profile = await mkdtemp(join(tmpdir(), 'amwa-bench-prerender-'));
  let browser: ChildProcess | undefined;
  try {
    const args = [...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, '--window-size=1280,800', '--lang=en-GB', 'about:blank'];
    browser = spawn(await chromiumPath(), args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
    const cdp = new Pipe(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
    const targets = async () => ((await cdp.send('Target.getTargets', { filter: [{}] })) as { targetInfos: TargetInfo[] }).targetInfos;

    let tab: TargetInfo | undefined;
    for (const started = Date.now(); !tab; await sleep(50)) {
      tab = (await targets()).find((target) => target.type === 'tab');
      if (!tab && Date.now() - started > 30_000) throw new Error('bench: no browser tab within 30 s');
    }
    // The tab's page and, once it starts, its prerendered page, each with a session of its own.
    const sessions = new Map<string, { sessionId: string; targetInfo: TargetInfo }>();
    cdp.on((message) => {
      if (message.method !== 'Target.attachedToTarget') return;
      const { sessionId, targetInfo } = message.params as { sessionId: string; targetInfo: TargetInfo };
      sessions.set(targetInfo.subtype === 'prerender' ? 'prerender' : 'home', { sessionId, targetInfo });
    });
    const { sessionId: tabSession } = (await cdp.send('Target.attachToTarget', { targetId: tab.targetId, flatten: true })) as { sessionId: string };
    await cdp.send('Target.setAutoAttach', { autoAttach: true, flatten: true, waitForDebuggerOnStart: false }, tabSession);
    for (const started = Date.now(); !sessions.has('home'); await sleep(20)) {
      if (Date.now() - started > 10_000) throw new Error("bench: no session on the tab's page");
    }
    const home = sessions.get('home')!.sessionId;
    if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate }, home);

    // The prerender's state, as Chromium reports it to the page's session.
    const ready = cdp.until(
      (message) => {
        if (message.sessionId !== home || message.method !== 'Preload.prerenderStatusUpdated') return undefined;
        const { status, prerenderStatus } = message.params as { status: string; prerenderStatus?: string };
        if (status === 'Failure') return `not prerendered: ${prerenderStatus}`;
        return status === 'Ready' ? 'ready' : undefined;
      },
      30_000,
      'no prerender of the scanner logon ready',
    );
    ready.catch(() => undefined); // awaited below; not unhandled if a command fails first
    await cdp.send('Preload.enable', {}, home);
    await cdp.send('Page.navigate', { url: homeUrl }, home);
    const state = await ready;
    if (state !== 'ready') throw new Error(`bench: ${state}`);
    for (const started = Date.now(); !sessions.has('prerender'); await sleep(20)) {
      if (Date.now() - started > 10_000) throw new Error('bench: no session on the prerendered page');
    }
    const prerendered = sessions.get('prerender')!.sessionId;
    // 'Ready' is the prerender's navigation; its page then renders the user ID step unseen, and
    // the user rests on Home a while longer (the other rows' 2.5 s on the screen).
    for (const started = Date.now(); !(await cdp.evaluate<boolean>(prerendered, `Boolean(${USER_ID_FIELD})`)); await sleep(50)) {
      if (Date.now() - started > 30_000) throw new Error('bench: the prerendered page did not render its user ID step within 30 s');
    }
    await sleep(restMs);

    // Chromium slows a renderer process as a whole: the same rate again, in case the prerender has one of its own.
    if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate }, prerendered);
    for (const sessionId of [home, prerendered]) {
      // Home: the pointer's release into sessionStorage; the prerendered page: the user ID field's
      // first frame (animation frames start when it is shown).
      await cdp.evaluate(sessionId, PROBE_SCRIPT);
    }
    await cdp.evaluate(prerendered, `window.__bench.watch(${JSON.stringify(USER_ID)})`);

    const point = await cdp.evaluate<{ x: number; y: number } | null>(home, `(() => { const box = ${OPTION}?.getBoundingClientRect(); return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null; })()`);
    if (!point) throw new Error("bench: Home's scanner option is not on the page");
    // The pointer arrives and presses at once, as in the other rows.
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
      await cdp.send('Input.dispatchMouseEvent', { type, ...point, button: type === 'mouseMoved' ? 'none' : 'left', clickCount: type === 'mouseMoved' ? 0 : 1 }, home);
    }

    for (const started = Date.now(); !(await cdp.evaluate<boolean>(prerendered, 'Boolean(window.__bench.screen)')); await sleep(50)) {
      if (Date.now() - started > 30_000) throw new Error('bench: the user ID step did not show within 30 s of the click');
    }
    const shown = await cdp.evaluate<{ activationStart: number; epochClick: number }>(
      prerendered,
      `({ activationStart: performance.getEntriesByType('navigation')[0].activationStart, epochClick: Number(sessionStorage.getItem('amwa-bench-pointerup')) })`,
    );
    if (!(shown.activationStart > 0)) throw new Error('bench: the click showed a page that was not prerendered');
    if (!shown.epochClick) throw new Error("bench: the prerendered page cannot read Home's click time");
    const figures = await cdp.evaluate<{ total: number; server: number }>(prerendered, `(${screenFigures.toString()})(${JSON.stringify({ epochClick: shown.epochClick, fullPage: true })})`);
    // Requests over the network between the click and the frame (a response from the cache transfers nothing).
    const requests = await cdp.evaluate<number>(
      prerendered,
      `performance.getEntriesByType('resource').filter((entry) => entry.startTime >= ${shown.epochClick} - performance.timeOrigin && entry.transferSize > 0).length`,
    );
    // The prerendered page replaced Home: another document, as a full page load's.
    return { ms: Math.round(figures.total - figures.server), serverMs: Math.round(figures.server), requests, navigated: true };
  } finally {
    browser?.kill();
    if (browser && browser.exitCode === null) await new Promise((resolve) => browser!.once('exit', resolve));
    // The browser's helpers may still write there for a moment after it exited.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
