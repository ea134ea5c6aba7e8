// What a browser really does on a cold load of a host page, measured in Chromium: when the first
// control inside the widget is visible, which requests went out before it, the bytes over the
// wire (Chromium's encoded data length, headers included), layout shifts and long tasks. Shared
// by `npm run bench` (timings, reported) and test/e2e/first-screen.e2e.ts (counts and bytes,
// asserted; never timings).
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** What counts as a control: something a user can operate. */
export const CONTROL_SELECTOR = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Runs before the page's own scripts: observes layout shifts and long tasks, and checks every
 * animation frame for the first visible control inside `.amwa-root` (in the light DOM or an open
 * shadow root), timestamped with the frame that shows it and with its insertion into the DOM.
 */
export const PROBE_SCRIPT = `(() => {
  const bench = { control: undefined, controlInserted: undefined, controlName: '', cls: 0, shifts: [], longTasks: [] };
  Object.defineProperty(window, '__bench', { value: bench });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      bench.cls += entry.value;
      bench.shifts.push(entry.value.toFixed(4) + ' ' + (entry.sources || []).map((s) => s.node ? (s.node.id || s.node.nodeName) : '?').join(','));
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }).observe({ type: 'longtask', buffered: true });
  const roots = () => {
    const found = [...document.querySelectorAll('.amwa-root')];
    for (const element of document.querySelectorAll('body *')) if (element.shadowRoot) found.push(...element.shadowRoot.querySelectorAll('.amwa-root'));
    return found;
  };
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  // When each control entered the DOM. The frame that shows it may come after the page's effects
  // have sent requests (Preact runs them after a 35 ms time-out when the frame is late): those
  // started after the control, so they did not hold it back.
  const inserted = new WeakMap();
  const observer = new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        if (node.matches(${JSON.stringify(CONTROL_SELECTOR)})) inserted.set(node, at);
        for (const control of node.querySelectorAll(${JSON.stringify(CONTROL_SELECTOR)})) inserted.set(control, at);
      }
    }
  });
  const watch = { childList: true, subtree: true };
  observer.observe(document, watch);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const shadow = attachShadow.call(this, init);
    observer.observe(shadow, watch);
    return shadow;
  };
  const frame = (time) => {
    for (const root of roots()) {
      const control = [...root.querySelectorAll(${JSON.stringify(CONTROL_SELECTOR)})].find(visible);
      if (control) {
        bench.control = performance.now();
        bench.controlInserted = inserted.get(control) ?? bench.control;
        bench.controlName = control.nodeName.toLowerCase() + ' ' + (control.textContent || control.getAttribute('name') || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** One request as Chromium reports it. */
export interface Request {
  url: string;
  /** Resource type (Document, Script, Fetch, …). */
  type: string;
  status?: number;
  /** Bytes over the wire: encoded body plus headers; 0 until the request finished. */
  bytes: number;
  finished: boolean;
  fromCache: boolean;
  contentEncoding?: string;
}

/** The figures of one load. */
export interface LoadResult {
  url: string;
  /** When the first visible control appeared, in ms from navigation start. */
  controlMs: number;
  /** When that control entered the DOM (at or before `controlMs`). */
  controlInsertedMs: number;
  /** That control, e.g. `a The bank's mobile app`. */
  control: string;
  /** Requests that started before the first control entered the DOM, the host page excluded. */
  before: Request[];
  /** Their bytes over the wire. */
  bytesBefore: number;
  /** Every request by the time of collecting, the host page excluded. */
  all: Request[];
  /** Their bytes over the wire. */
  bytesAll: number;
  /** Cumulative layout shift, and each shift with the nodes that moved. */
  cls: number;
  shifts: string[];
  /** The longest task (the longtask observer sees tasks over 50 ms only; 0 when there was none). */
  longestTaskMs: number;
  longTasks: Array<[start: number, duration: number]>;
  /**
   * With `trace`: the main thread's longest task in thread CPU time (which other processes on a
   * busy machine do not stretch), of all tasks and of those that ran the page's own scripts.
   */
  longestTaskCpuMs?: { all: number; script: number };
}

/** Options of a cold load. */
export interface ColdLoadOptions {
  /** Chromium's CPU slowdown factor (`Emulation.setCPUThrottlingRate`); 1 is none. */
  cpuRate?: number;
  viewport?: { width: number; height: number };
  locale?: string;
  /** Records a performance trace for the longest task's CPU time (one traced load at a time per browser). */
  trace?: boolean;
}

/** A page loading in a fresh context (no cache, no cookies), with its network log. */
export interface ColdLoad {
  page: Page;
  context: BrowserContext;
  cdp: CDPSession;
  /** The requests so far, the host page and the browser's favicon excluded, in the order they started. */
  requests(): Request[];
  /** Resolves with the time of the first visible control (ms from navigation start). */
  waitForControl(timeoutMs?: number): Promise<number>;
  /** The figures so far. */
  collect(): Promise<LoadResult>;
  close(): Promise<void>;
}

/** Opens `url` in a fresh browser context and starts recording; resolves once the navigation has committed. */
export async function coldLoad(browser: Browser, url: string, { cpuRate = 1, viewport = { width: 1280, height: 800 }, locale = 'en-GB', trace = false }: ColdLoadOptions = {}): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport, locale, timezoneId: 'Europe/Amsterdam' });
  await context.addInitScript(PROBE_SCRIPT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const log = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    // A redirect reuses the request id; the new URL is what the page waits for.
    log.set(requestId, { url: request.url, type: type ?? 'Other', bytes: 0, finished: false, fromCache: false });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = log.get(requestId);
    if (!entry) return;
    entry.status = response.status;
    entry.fromCache = Boolean(response.fromDiskCache || response.fromPrefetchCache);
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    entry.contentEncoding = headers['content-encoding'];
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const entry = log.get(requestId);
    if (entry) entry.fromCache = true;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = log.get(requestId);
    if (!entry) return;
    entry.bytes = encodedDataLength;
    entry.finished = true;
    // Chromium reports a file from its HTTP cache with no bytes on the wire (not always as fromDiskCache).
    if (encodedDataLength === 0) entry.fromCache = true;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  if (trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
  let tracing = trace;
  const stopTracing = async () => {
    if (!tracing) return undefined;
    tracing = false;
    return longestTasksCpuMs((await browser.stopTracing()).toString(), page.url());
  };
  await page.goto(url, { waitUntil: 'commit' });

  // The browser's own favicon request and data: URLs are not the page's requests over the network.
  const counted = (url: string) => !url.startsWith('data:') && new URL(url).pathname !== '/favicon.ico';
  const requests = () => [...log.values()].filter((request) => request.type !== 'Document' && counted(request.url));
  const byUrl = (url: string) => requests().find((request) => request.url === url);
  const sum = (list: Request[]) => list.reduce((total, request) => total + request.bytes, 0);

  return {
    page,
    context,
    cdp,
    requests,
    async waitForControl(timeoutMs = 30_000) {
      const handle = await page.waitForFunction(() => (window as unknown as { __bench: { control?: number } }).__bench.control, undefined, { timeout: timeoutMs, polling: 50 });
      return (await handle.jsonValue()) as number;
    },
    async collect() {
      const probe = await page.evaluate(() => {
        const bench = (window as unknown as { __bench: { control?: number; controlInserted?: number; controlName: string; cls: number; shifts: string[]; longTasks: Array<[number, number]> } }).__bench;
        const resources = performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, start: entry.startTime }));
        return { ...bench, resources };
      });
      const controlMs = probe.control ?? Number.NaN;
      const controlInsertedMs = probe.controlInserted ?? Number.NaN;
      // Resource timing and the control's timestamps share the page's clock: what started before it.
      const startedBefore = probe.resources.filter((entry) => entry.start < controlInsertedMs && counted(entry.name)).map((entry) => entry.name);
      const before = startedBefore.map((name) => byUrl(name) ?? { url: name, type: 'Other', bytes: 0, finished: false, fromCache: false });
      const all = requests();
      const longestCpu = await stopTracing();
      return {
        url,
        controlMs,
        controlInsertedMs,
        control: probe.controlName,
        before,
        bytesBefore: sum(before),
        all,
        bytesAll: sum(all),
        cls: probe.cls,
        shifts: probe.shifts,
        longestTaskMs: Math.max(0, ...probe.longTasks.map(([, duration]) => duration)),
        longTasks: probe.longTasks,
        ...(longestCpu === undefined ? {} : { longestTaskCpuMs: longestCpu }),
      };
    },
    async close() {
      await stopTracing();
      await context.close();
    },
  };
}

/**
 * The longest top-level task of the renderers' main threads in a trace, in thread CPU time: of all
 * tasks, and of those that ran the page's own scripts (a module, or a function of a file it
 * loaded), which leaves out the navigation's tasks and the probe's, which an empty page has too.
 */
function longestTasksCpuMs(trace: string, documentUrl: string): { all: number; script: number } {
  type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { url?: string } } };
  const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const onMain = events.filter((event) => event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`));
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const pageScript = onMain.filter(
    // Init scripts and the probe run under the document's own address; the page's scripts are files.
    (event) => event.name === 'v8.evaluateModule' || (event.name === 'FunctionCall' && /^https?:/.test(event.args?.data?.url ?? '') && event.args?.data?.url !== documentUrl),
  );
  const ranPageScript = (task: TraceEvent) =>
    pageScript.some((event) => event.pid === task.pid && event.tid === task.tid && event.ts >= task.ts && event.ts <= task.ts + (task.dur ?? 0));
  const longest = (list: TraceEvent[]) => Math.round(Math.max(0, ...list.map((task) => (task.tdur ?? 0) / 1000)));
  return { all: longest(tasks), script: longest(tasks.filter(ranPageScript)) };
}

/** The file name of a request, for reports: `amwa.standalone.js`, `chunks/en-BFUHl_OS.js`, `/access/v1/…`. */
export const shortName = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/dist/') ? pathname.slice('/dist/'.length) : pathname;
};
