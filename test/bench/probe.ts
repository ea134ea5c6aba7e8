// What a browser really does on a cold load of a host page, measured in Chromium: when the first
// control inside the widget is visible, which requests went out before it, the bytes over the
// wire (Chromium's encoded data length, headers included), layout shifts and long tasks. Shared
// by `npm run bench` (timings, reported) and test/e2e/first-screen.e2e.ts (counts and bytes,
// asserted; never timings).
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** What counts as a control: something a user can operate. */
export const CONTROL_SELECTOR = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The CDP binding the probe calls when the first control or the next screen shows. The harness
 * waits on it rather than polling the page: Playwright's `waitForFunction` first injects its own
 * script into the page, a task of 40 ms and more at 4x CPU that landed between the widget's module
 * and its first render and was counted as the widget's (an empty page's control shows before it).
 */
const NOTIFY_BINDING = '__amwaBenchNotify';

/**
 * Runs before the page's own scripts: observes layout shifts and long tasks, and checks every
 * animation frame for the first visible control inside `.amwa-root` (in the light DOM or an open
 * shadow root, a declarative one included; once the parser is past it), timestamped with the
 * frame that shows it and with its insertion into the DOM.
 */
export const PROBE_SCRIPT = `(() => {
  const bench = { control: undefined, controlInserted: undefined, controlName: '', cls: 0, shifts: [], longTasks: [] };
  Object.defineProperty(window, '__bench', { value: bench });
  // Tells the harness (a CDP binding, where it added one) that the control or the next screen showed.
  const notify = (what) => { if (typeof window.${NOTIFY_BINDING} === 'function') window.${NOTIFY_BINDING}(what); };
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
  const watch = { childList: true, subtree: true };
  // The shadow roots observed (attached by script, or declarative).
  const watched = new WeakSet();
  const controlsIn = (node, at) => {
    for (const control of node.querySelectorAll(${JSON.stringify(CONTROL_SELECTOR)})) inserted.set(control, at);
  };
  const observer = new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        if (node.matches(${JSON.stringify(CONTROL_SELECTOR)})) inserted.set(node, at);
        controlsIn(node, at);
        // A declarative shadow root (server-rendered markup) is attached by the parser, not by
        // attachShadow, and its controls are parsed into it unseen: they are there by the time
        // its host's record is read (at the latest), and it is watched from then on. The parser
        // inserts elements one by one, so the host is an added node of its own.
        if (node.shadowRoot) watchDeclarative(node.shadowRoot, at);
      }
    }
    // A host whose record was read before the parser reached its template (a network chunk or a
    // parser yield in between) has its shadow root by the time a later node is parsed: found then,
    // while the document is parsed (no script attaches a declarative root; later records are the
    // widget's own render, which the search would only slow).
    if (document.readyState === 'loading') for (const element of document.querySelectorAll('body *')) if (element.shadowRoot) watchDeclarative(element.shadowRoot, at);
  });
  function watchDeclarative(shadow, at) {
    if (watched.has(shadow)) return;
    watched.add(shadow);
    controlsIn(shadow, at);
    observer.observe(shadow, watch);
  }
  observer.observe(document, watch);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const shadow = attachShadow.call(this, init);
    watched.add(shadow);
    observer.observe(shadow, watch);
    return shadow;
  };
  // A control the parser is still filling (server-rendered markup arrives and is parsed in pieces)
  // can show as an empty box: it counts once the parser has gone past it (a node follows it), or
  // the document is parsed. Scripts insert whole controls, and an <input> has no content.
  const parsedPast = (element) => {
    for (let node = element; node; node = node.parentNode ?? node.host) if (node.nextSibling) return true;
    return false;
  };
  const complete = (control) => document.readyState !== 'loading' || control.nodeName === 'INPUT' || parsedPast(control);
  const frame = (time) => {
    for (const root of roots()) {
      const control = [...root.querySelectorAll(${JSON.stringify(CONTROL_SELECTOR)})].find((control) => visible(control) && complete(control));
      if (control) {
        bench.control = performance.now();
        performance.mark('amwa-bench-control');
        bench.controlInserted = inserted.get(control) ?? bench.control;
        bench.controlName = control.nodeName.toLowerCase() + ' ' + (control.textContent || control.getAttribute('name') || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
        notify('control');
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // The next screen (npm run bench): the user's input, as the Event Timing API sees it, and the
  // first frame that shows a given element (watch), in this document's clock.
  bench.inputs = [];
  bench.events = [];
  for (const type of ['pointerdown', 'pointerup', 'keydown']) addEventListener(type, (event) => bench.inputs.push({ type, at: event.timeStamp }), { capture: true });
  // A release that follows a link to another document: that document reads when it happened.
  addEventListener('pointerup', (event) => sessionStorage.setItem('amwa-bench-pointerup', String(performance.timeOrigin + event.timeStamp)), { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration, interactionId: entry.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  bench.screen = undefined;
  bench.watch = (spec) => {
    bench.screen = undefined;
    const shows = (element) => visible(element) && (!spec.text || element.textContent.trim() === spec.text) && (element.nodeName !== 'IMG' || (element.complete && element.naturalWidth > 0));
    const look = (time) => {
      for (const root of roots()) {
        if ([...root.querySelectorAll(spec.selector)].some(shows)) {
          bench.screen = { frame: time, now: performance.now() };
          notify('screen');
          return;
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
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
  /** With `trace`: the main thread's CPU time up to the first control, by kind of work. */
  cpuBeforeControlMs?: CpuByKind;
}

/** Main-thread CPU time by kind of work (self time of the trace's events). */
export interface CpuByKind {
  /** Parsing, compiling and running JavaScript (the page's, and the probe's own few ms). */
  script: number;
  /** Style recalculation, the shadow root's adopted stylesheet included. */
  style: number;
  /** Layout, text shaping and fonts. */
  layout: number;
  /** Paint, layers and commit to the compositor. */
  paint: number;
  /** HTML parsing, loading and the rest. */
  other: number;
}

/** Options of a cold load. */
export interface ColdLoadOptions {
  /** Chromium's CPU slowdown factor (`Emulation.setCPUThrottlingRate`); 1 is none. */
  cpuRate?: number;
  viewport?: { width: number; height: number };
  locale?: string;
  /** Records a performance trace for the longest task's CPU time (one traced load at a time per browser). */
  trace?: boolean;
  /** Network emulation (`Network.emulateNetworkConditions`): round trip and throughput. */
  network?: NetworkProfile;
}

/** A network to emulate. */
export interface NetworkProfile {
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
}

/** Slow 4G as Chromium's DevTools define it: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G: NetworkProfile = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 };

/** A page loading in a fresh context (no cache, no cookies), with its network log. */
export interface ColdLoad {
  page: Page;
  context: BrowserContext;
  cdp: CDPSession;
  /** The requests so far, the host page and the browser's favicon excluded, in the order they started. */
  requests(): Request[];
  /** Resolves with the time of the first visible control (ms from navigation start). */
  waitForControl(timeoutMs?: number): Promise<number>;
  /** How many times the probe has told that the next screen showed (in any document of the tab). */
  screensShown(): number;
  /** Resolves once the probe tells that the next screen showed more than `shown` times. */
  waitForScreen(shown: number, timeoutMs?: number): Promise<void>;
  /** The figures so far. */
  collect(): Promise<LoadResult>;
  close(): Promise<void>;
}

/** Opens `url` in a fresh browser context and starts recording; resolves once the navigation has committed. */
export async function coldLoad(browser: Browser, url: string, { cpuRate = 1, viewport = { width: 1280, height: 800 }, locale = 'en-GB', trace = false, network }: ColdLoadOptions = {}): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport, locale, timezoneId: 'Europe/Amsterdam' });
  await context.addInitScript(PROBE_SCRIPT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // What the probe told through the binding (in every document of the tab), and who waits for it.
  const told = { control: 0, screen: 0 };
  const waiters = new Set<() => void>();
  cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
    if (name !== NOTIFY_BINDING || (payload !== 'control' && payload !== 'screen')) return;
    told[payload] += 1;
    for (const wake of waiters) wake();
  });
  await cdp.send('Runtime.addBinding', { name: NOTIFY_BINDING });
  await cdp.send('Runtime.enable');
  const waitUntilTold = (what: keyof typeof told, count: number, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`bench probe: no ${what} shown within ${timeoutMs} ms on ${page.url()}`));
      }, timeoutMs);
      function check() {
        if (told[what] < count) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      }
      waiters.add(check);
      check();
    });
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
  if (network) {
    const bytesPerSecond = (kbps: number) => (kbps * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: network.latencyMs, downloadThroughput: bytesPerSecond(network.downloadKbps), uploadThroughput: bytesPerSecond(network.uploadKbps) });
  }
  if (trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'] });
  let tracing = trace;
  const stopTracing = async () => {
    if (!tracing) return undefined;
    tracing = false;
    return readTrace((await browser.stopTracing()).toString(), page.url());
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
      await waitUntilTold('control', 1, timeoutMs);
      return page.evaluate(() => (window as unknown as { __bench: { control: number } }).__bench.control);
    },
    screensShown: () => told.screen,
    waitForScreen: (shown, timeoutMs = 30_000) => waitUntilTold('screen', shown + 1, timeoutMs),
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
        ...(longestCpu === undefined ? {} : { longestTaskCpuMs: longestCpu.longest, cpuBeforeControlMs: longestCpu.beforeControl }),
      };
    },
    async close() {
      await stopTracing();
      await context.close();
    },
  };
}

/**
 * From a trace of one load: the longest top-level task of the page's main thread in thread CPU
 * time, of all tasks and of those that ran the page's own scripts (a module, or a function of a
 * file it loaded; that leaves out the navigation's tasks and the probe's, which an empty page has
 * too), and the thread's CPU time up to the first control by kind of work. Only the renderer that
 * parsed the page counts: a headless browser runs other renderers (its own UI pages) beside it.
 */
function readTrace(trace: string, documentUrl: string): { longest: { all: number; script: number }; beforeControl: CpuByKind } {
  type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } } };
  const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents;
  const page = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === documentUrl)?.pid;
  const mains = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && (page === undefined || event.pid === page)).map((event) => `${event.pid}:${event.tid}`));
  const onMain = events.filter((event) => event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`)).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = onMain.filter((event) => event.name === 'RunTask');
  const pageScript = onMain.filter(
    // Init scripts and the probe run under the document's own address; the page's scripts are files.
    (event) => event.name === 'v8.evaluateModule' || (event.name === 'FunctionCall' && /^https?:/.test(event.args?.data?.url ?? '') && event.args?.data?.url !== documentUrl),
  );
  const ranPageScript = (task: TraceEvent) =>
    pageScript.some((event) => event.pid === task.pid && event.tid === task.tid && event.ts >= task.ts && event.ts <= task.ts + (task.dur ?? 0));
  const longest = (list: TraceEvent[]) => Math.round(Math.max(0, ...list.map((task) => (task.tdur ?? 0) / 1000)));

  // Self time: an event's thread time less its children's, up to the probe's mark at the first control.
  const control = events.find((event) => event.name === 'amwa-bench-control' && mains.has(`${event.pid}:${event.tid}`))?.ts ?? Number.POSITIVE_INFINITY;
  const kind = (name: string): keyof CpuByKind =>
    /^(Layout|LocalFrameView::performLayout|InlineNode|.*Font|.*Shape)/.test(name) ? 'layout'
    : /(UpdateLayoutTree|recalcStyle|Style|CSS)/.test(name) ? 'style'
    : /^(Paint|PrePaint|Layerize|Commit|.*Paint|UpdateLayer|Raster)/.test(name) ? 'paint'
    : /(V8|v8|Script|FunctionCall|Compile|TimerFire|FireAnimationFrame|Microtask|EventDispatch|GC)/.test(name) ? 'script'
    : 'other';
  const byKind: CpuByKind = { script: 0, style: 0, layout: 0, paint: 0, other: 0 };
  const stack: Array<{ event: TraceEvent; self: number }> = [];
  const close = (entry: { event: TraceEvent; self: number }) => (byKind[kind(entry.event.name)] += Math.max(0, entry.self) / 1000);
  for (const event of onMain) {
    if (event.tdur === undefined || event.ts > control) continue;
    while (stack.length && stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0) <= event.ts) close(stack.pop()!);
    if (stack.length) stack.at(-1)!.self -= event.tdur;
    stack.push({ event, self: event.tdur });
  }
  while (stack.length) close(stack.pop()!);
  const rounded = Object.fromEntries(Object.entries(byKind).map(([name, ms]) => [name, Math.round(ms)])) as unknown as CpuByKind;
  return { longest: { all: longest(tasks), script: longest(tasks.filter(ranPageScript)) }, beforeControl: rounded };
}

/** The file name of a request, for reports: `amwa.standalone.js`, `chunks/en-BFUHl_OS.js`, `/access/v1/…`. */
export const shortName = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/dist/') ? pathname.slice('/dist/'.length) : pathname;
};
