// How soon the next screen follows a click (npm run bench): from the input's timestamp (the one
// the Event Timing API reports) to the first frame that shows the next screen, less the time the
// server took to answer what was asked in between (request sent to first byte). Also the
// interaction's own Event Timing duration, the figure Interaction to Next Paint is made of (its
// next paint may show a loading state rather than the next screen). Timings only: never asserted.
import type { Browser, Page } from 'playwright-core';
import { coldLoad, type NetworkProfile } from './probe';

/** What marks the next screen: the first frame in which an element matching `selector` (with `text`) is visible; an image also loaded. */
export interface ScreenSpec {
  selector: string;
  text?: string;
}

/** One transition from one screen to the next, started by a pointer click. */
export interface Transition {
  id: string;
  name: string;
  /** The widget route the measurement starts on (under the bench's widget page). */
  start: string;
  /** What to do on the first screen before the click (such as typing a user ID). */
  prepare?: (page: Page) => Promise<void>;
  /** The control to click: its role and accessible name. */
  click: { role: 'link' | 'button'; name: RegExp };
  next: ScreenSpec;
  /** The click loads another document (the spec's full page loads). */
  fullPage?: boolean;
}

/** The four transitions of issue 22. */
export const TRANSITIONS: Transition[] = [
  {
    id: 'home-scanner',
    name: 'Home → scanner logon, user ID step (full page load)',
    start: '/',
    click: { role: 'link', name: /bank's scanner/ },
    next: { selector: 'input[autocomplete="username"]' },
    fullPage: true,
  },
  {
    id: 'user-id-colour-code',
    name: 'user ID → colour-code screen',
    start: '/pages/logon/scanner',
    prepare: (page) => page.locator('.amwa-root input[autocomplete="username"]').fill('EMMA0005'),
    click: { role: 'button', name: /^Next$/ },
    next: { selector: 'img.amwa-colour-code__image' },
  },
  {
    id: 'home-qr',
    name: 'Home → QR logon screen',
    start: '/',
    click: { role: 'link', name: /bank's mobile app/ },
    next: { selector: '.amwa-qr' },
  },
  {
    id: 'activation-first-step',
    name: 'activation overview → first step',
    start: '/pages/activate-scanner',
    click: { role: 'button', name: /^Start activation$/ },
    next: { selector: 'h1', text: 'Enter your user ID and email' },
  },
];

/** The figures of one click. */
export interface NextScreenResult {
  /** The click (the pointer's release) to the frame showing the next screen, server time excluded. */
  ms: number;
  /** Of which the server answered (excluded above). */
  serverMs: number;
  /** The interaction's Event Timing duration (undefined for a full page load: the old document is gone). */
  eventMs?: number;
  /** Requests sent over the network between the click and that frame. */
  requests: number;
  /** The click loaded another document (a full page load, or a server-rendered link followed before the script took over). */
  navigated: boolean;
}

interface BenchWindow {
  __bench: {
    control?: number;
    inputs: Array<{ type: string; at: number }>;
    events: Array<{ name: string; start: number; duration: number; interactionId: number }>;
    screen?: { frame: number; now: number };
    watch(spec: ScreenSpec): void;
  };
}

/**
 * In the page that shows the next screen (run there: Playwright's evaluate, or a DevTools
 * Runtime.evaluate of its source): the click to that screen's frame, the server time in between,
 * and the interaction's Event Timing duration.
 */
export const screenFigures = ({ epochClick, fullPage }: { epochClick: number; fullPage: boolean }): { total: number; server: number; eventMs?: number } => {
  const bench = (window as unknown as BenchWindow).__bench;
  const from = epochClick - performance.timeOrigin;
  // A screen that shows in the very frame that handled the click has a frame time from
  // before the click (frames start before their input is handled): then the check's own time.
  const to = bench.screen!.frame >= from ? bench.screen!.frame : bench.screen!.now;
  // Server time: the union of [requestStart, responseStart] of this document's requests
  // (its navigation included) between the click and the frame.
  const spans = (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
    .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.requestStart > 0 && entry.responseStart > entry.requestStart)
    .map((entry) => [Math.max(from, entry.requestStart), Math.min(to, entry.responseStart)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let server = 0;
  let reached = -Infinity;
  for (const [start, end] of spans) {
    if (end <= reached) continue;
    server += end - Math.max(start, reached);
    reached = end;
  }
  // Event Timing reports interactions of 16 ms and more; none means a shorter one.
  const input = fullPage ? undefined : [...bench.inputs].reverse().find((entry) => entry.type === 'pointerdown');
  const interaction = input && bench.events.find((entry) => Math.abs(entry.start - input.at) < 1 && entry.interactionId);
  const eventMs = interaction ? Math.max(...bench.events.filter((entry) => entry.interactionId === interaction.interactionId).map((entry) => entry.duration)) : input ? 0 : undefined;
  return { total: to - from, server, eventMs };
};

/**
 * Opens the transition's first screen cold, waits for its first control (and `settleMs` more:
 * 0 is a click right after the first screen shows, before the idle warm-up), moves the pointer
 * onto the control and clicks at once (the pointer's arrival starts the hover prefetch).
 */
export async function clickToNextScreen(
  browser: Browser,
  widgetUrl: string,
  transition: Transition,
  {
    cpuRate = 1,
    network,
    settleMs = 0,
    mayNavigate = false,
  }: {
    cpuRate?: number;
    network?: NetworkProfile;
    settleMs?: number;
    /** The first screen is server-rendered: a click before the script has taken it over follows the link to another document. */
    mayNavigate?: boolean;
  } = {},
): Promise<NextScreenResult> {
  const run = await coldLoad(browser, widgetUrl + transition.start.replace(/^\//, ''), { cpuRate, network });
  try {
    await run.waitForControl();
    const control = run.page.locator('.amwa-root').getByRole(transition.click.role, { name: transition.click.name });
    await control.waitFor();
    await transition.prepare?.(run.page);
    if (settleMs) await run.page.waitForTimeout(settleMs);
    const startedBefore = run.requests().length;
    const screensBefore = run.screensShown();
    const documentBefore = await run.page.evaluate(() => performance.timeOrigin);
    if (transition.fullPage || mayNavigate) {
      // The next document watches from its first frame (init scripts run in every new document).
      await run.context.addInitScript((spec) => (window as unknown as BenchWindow).__bench.watch(spec), transition.next);
    }
    if (!transition.fullPage) await run.page.evaluate((spec) => (window as unknown as BenchWindow).__bench.watch(spec), transition.next);
    const box = (await control.boundingBox())!;
    await run.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const inputsBefore = await run.page.evaluate(() => (window as unknown as BenchWindow).__bench.inputs.length);
    await run.page.mouse.down();
    await run.page.mouse.up();
    if (transition.fullPage) await run.page.waitForURL(/\/pages\//);
    await run.waitForScreen(screensBefore);
    // Another document shows the screen when the click followed a link (a time origin of its own).
    const navigated = (await run.page.evaluate(() => performance.timeOrigin)) !== documentBefore;
    // From the release (the click), in epoch milliseconds: recorded by the document that got it.
    const epochClick = navigated
      ? await run.page.evaluate(() => Number(sessionStorage.getItem('amwa-bench-pointerup')))
      : await run.page.evaluate((before) => {
          const up = (window as unknown as BenchWindow).__bench.inputs.slice(before).find((input) => input.type === 'pointerup');
          return performance.timeOrigin + up!.at;
        }, inputsBefore);
    const figures = await run.page.evaluate(screenFigures, { epochClick, fullPage: navigated });
    const network = run.requests().slice(startedBefore).filter((request) => !request.fromCache && request.status !== 304);
    const result = { ms: Math.round(figures.total - figures.server), serverMs: Math.round(figures.server), eventMs: figures.eventMs === undefined ? undefined : Math.round(figures.eventMs), requests: network.length, navigated };
    // AMWA_BENCH_CLICKS=1: every click's figures on stderr, to see the spread behind a median.
    if (process.env.AMWA_BENCH_CLICKS) console.error(`\n${transition.id} ${widgetUrl}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await run.close();
  }
}
