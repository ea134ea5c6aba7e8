// The e2e harness: one sandbox and one Chromium per test file, isolated pages that record
// every console error, page error and CSP violation, axe-core checks through open shadow
// roots, and keyboard helpers that read the real accessibility tree over CDP.
//
//   const e2e = useE2E();
//   test('home', async () => {
//     const page = await e2e.open('/access/');
//     await waitForPortal(page, 'Log on with');
//     await checkA11y(page, 'home');
//     await tabTo(page, 'Contact us');
//     page.expectNoConsoleErrors();
//   });
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { contractLog, type LoggedRequest } from '../../packages/amwa-sandbox/src/contract';
import { launchBrowser } from './chromium';
import { startSandbox, type Fault, type OutboxMail, type Persona, type RunningSandbox, type SandboxConfig } from '../../packages/amwa-sandbox/src/index';

export { CHROMIUM_ARGS, chromiumPath, launchBrowser } from './chromium';

/** The example pages every suite visits: plain, strict CSP, React host. */
export const EXAMPLES: Readonly<Record<'vanilla' | 'csp' | 'react', string>> = {
  vanilla: '/access/',
  csp: '/csp/access/',
  react: '/react/access/',
};

const builtBundle = fileURLToPath(new URL('../../dist/amwa.standalone.js', import.meta.url));

/** Starts the sandbox in-process on a free port; the examples are served from the built dist/. */
export async function startServer(): Promise<RunningSandbox> {
  if (!existsSync(builtBundle)) {
    throw new Error('e2e: dist/amwa.standalone.js is missing; run `npm run build` before the e2e suite');
  }
  return startSandbox({ port: 0 });
}

/** A Playwright page that records what went wrong on it. */
export type TestPage = Page & {
  /** Console errors, uncaught page errors and CSP violations, in order, as readable lines. */
  readonly problems: string[];
  /** Fails with the recorded problems unless every one matches an `allow` pattern. */
  expectNoConsoleErrors(options?: { allow?: RegExp[] }): void;
};

/** Options for `newPage`. */
export interface NewPageOptions {
  /** Viewport size; defaults to 1280×800 (390×844 for a phone). */
  viewport?: { width: number; height: number };
  /** A phone: a touch screen as the main input (no hover, a coarse pointer) and a mobile viewport. */
  phone?: boolean;
  /** Browser locale (navigator.language and Accept-Language); defaults to en-GB. */
  locale?: string;
  /** Runs on the fresh context before the page loads: cookies, a fake clock (`context.clock.install()`), init scripts, routes. */
  setup?(context: BrowserContext): Promise<void>;
  /** Script run in every page of the context before the page's own, as a host page's early tag would. */
  initScript?: string;
}

// Runs before any page script, in the main world: CSP and Trusted Types violations are
// otherwise only visible as console text that differs by violation kind.
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  globalThis.__amwaCspViolation?.([event.effectiveDirective, event.blockedURI, event.sourceFile + ':' + event.lineNumber, event.sample].join(' | '));
}, true);`;

/**
 * Opens `url` in a fresh browser context (own cookies and storage), waits for the load event
 * and returns the page with its problem log. Closing the page closes its context.
 */
export async function newPage(browser: Browser, url: string, options: NewPageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? (options.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 }),
    hasTouch: options.phone === true,
    isMobile: options.phone === true,
    locale: options.locale ?? 'en-GB',
    timezoneId: 'Europe/Amsterdam',
  });
  const problems: string[] = [];
  await context.exposeFunction('__amwaCspViolation', (line: string) => void problems.push(`csp violation: ${line}`));
  await context.addInitScript(REPORT_CSP_VIOLATIONS);
  await options.setup?.(context);
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url: source, lineNumber } = message.location();
    problems.push(`console.error: ${message.text()}${source ? ` (${source}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => void problems.push(`page error: ${error.stack ?? error.message}`));
  const testPage = Object.assign(page, {
    problems,
    expectNoConsoleErrors({ allow = [] }: { allow?: RegExp[] } = {}) {
      const unexpected = problems.filter((line) => !allow.some((pattern) => pattern.test(line)));
      expect(unexpected, `console errors, page errors or CSP violations on ${page.url()}`).toEqual([]);
    },
  });
  await page.goto(url, { waitUntil: 'load' });
  return testPage;
}

/**
 * The widget's root element, wherever it is rendered: inside the shadow root of
 * `<amwa-portal>` or of the React host's element, or in light DOM (`isolation: "none"`).
 * Playwright's CSS and role locators pierce open shadow roots, so
 * `widget(page).getByRole('button', { name: 'Next' })` finds widget controls only.
 */
export const widget = (page: Page) => page.locator('.amwa-root');

/**
 * Waits until the widget shows a heading (with `name`, if given) and returns its text. On a
 * time-out the error lists what the page logged, which usually says why it never rendered.
 */
export async function waitForPortal(page: Page | TestPage, name?: string | RegExp): Promise<string> {
  const heading = widget(page).getByRole('heading', name === undefined ? {} : { name }).first();
  try {
    await heading.waitFor({ state: 'visible' });
  } catch (error) {
    const problems = 'problems' in page && page.problems.length > 0 ? page.problems : ['(nothing logged)'];
    throw new Error(`${(error as Error).message}\npage ${page.url()} logged:\n  ${problems.join('\n  ')}`, { cause: error });
  }
  return (await heading.textContent())?.trim() ?? '';
}

// ---------------------------------------------------------------------------------------------
// Accessibility

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

interface AxeNode {
  /** Selectors; a nested array is a path through shadow roots. */
  target: (string | string[])[];
  failureSummary?: string;
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

const selector = (target: AxeNode['target']) => target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(', ');

/**
 * Checks the whole page, open shadow roots included, against the WCAG 2.0/2.1/2.2 A and AA rules
 * (or only the rules `onlyRules` names, e.g. colour contrast in a second colour scheme of a page
 * already checked in full).
 */
export async function checkA11y(page: Page, label: string, options: { disableRules?: string[]; onlyRules?: string[] } = {}): Promise<void> {
  // Evaluated over CDP, so neither script-src nor Trusted Types stop the injection.
  if (!(await page.evaluate('typeof globalThis.axe === "object"'))) await page.evaluate(axeSource);
  const runOnly = options.onlyRules ? { type: 'rule', values: options.onlyRules } : { type: 'tag', values: AXE_TAGS };
  const violations = (await page.evaluate(
    async ([only, disabled]) => {
      const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      const result = await axe.run(document, { runOnly: only, rules, resultTypes: ['violations'] });
      return result.violations;
    },
    [runOnly, options.disableRules ?? []] as const,
  )) as AxeViolation[];
  const report = violations.map(
    (violation) =>
      `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
      violation.nodes
        .map((node) => `    at ${selector(node.target)}: ${node.html}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n'),
  );
  expect(report, `axe violations on ${label} (${page.url()})`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Keyboard

/** Role and accessible name of an element as Chromium's accessibility tree computes them. */
export interface Focused {
  role: string;
  name: string;
}

const cdpSessions = new WeakMap<Page, Promise<CDPSession>>();
const cdp = (page: Page) => {
  let session = cdpSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    cdpSessions.set(page, session);
  }
  return session;
};

// The focused element through every open shadow root; null when focus is on the document.
const DEEP_ACTIVE_ELEMENT = `(() => {
  let element = document.activeElement;
  while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
  return element === document.body || element === document.documentElement ? null : element;
})()`;

// The focused element's accessibility node; `node` (the DOM node's CDP id) tells elements apart.
async function focusedNode(page: Page): Promise<Focused & { node?: number }> {
  const session = await cdp(page);
  const { result } = await session.send('Runtime.evaluate', { expression: DEEP_ACTIVE_ELEMENT });
  if (!result.objectId) return { role: 'none', name: '' };
  try {
    const { nodes } = await session.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
    const node = nodes[0];
    return { role: String(node?.role?.value ?? ''), name: String(node?.name?.value ?? ''), node: node?.backendDOMNodeId };
  } finally {
    await session.send('Runtime.releaseObject', { objectId: result.objectId });
  }
}

/** Role and accessible name of the deepest focused element; `{role: 'none', name: ''}` when nothing is focused. */
export async function focused(page: Page): Promise<Focused> {
  const { role, name } = await focusedNode(page);
  return { role, name };
}

/** Accessible name of the deepest focused element ('' when nothing is focused). */
export async function focusedName(page: Page): Promise<string> {
  return (await focused(page)).name;
}

const matches = (name: string, wanted: string | RegExp) => (typeof wanted === 'string' ? name === wanted : wanted.test(name));
const describe = ({ role, name }: Focused) => `${role} "${name}"`;

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element has accessible name
 * `name` (nothing is pressed when it already has); returns what is focused. Fails, listing the
 * tab order it saw, once focus has gone all the way round or after `max` presses.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<Focused> {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  let current = await focusedNode(page);
  const seen = new Set<number>();
  const visited: string[] = [];
  for (let presses = 0; !matches(current.name, name); presses++) {
    const lap = current.node !== undefined && seen.has(current.node);
    if (lap || presses === max) {
      const why = lap ? 'focus went all the way round' : `${max} presses of ${key}`;
      throw new Error(`tabTo: no element named ${String(name)} (${why}); focus visited:\n  ${visited.join('\n  ')}`);
    }
    if (current.node !== undefined) seen.add(current.node);
    await page.keyboard.press(key);
    current = await focusedNode(page);
    visited.push(describe(current));
  }
  return { role: current.role, name: current.name };
}

// In-page part of the keyboard walk. `mark` records the focused element and says whether it was
// seen before; `unreached` lists visible, enabled, tabbable elements the walk never focused.
// Strings, not functions: they must survive any transform of this file and run under Trusted Types.
const KEYBOARD_WALK = `(() => {
  const state = (globalThis.__amwaKeyboardWalk ??= { seen: new Set() });
  const deepActive = () => ${DEEP_ACTIVE_ELEMENT};
  const all = (root, found = []) => {
    for (const element of root.querySelectorAll('*')) {
      found.push(element);
      if (element.shadowRoot) all(element.shadowRoot, found);
    }
    return found;
  };
  const tabbable = (element) =>
    element.tabIndex >= 0 && !element.disabled && !element.closest('[inert]') &&
    element.matches('a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex], [contenteditable]:not([contenteditable=false])') &&
    element.checkVisibility({ visibilityProperty: true });
  const radioGroup = (element) => element.type === 'radio' && element.name ? element.getRootNode().querySelectorAll('input[type=radio][name="' + CSS.escape(element.name) + '"]') : [element];
  const label = (element) => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') +
    ' "' + (element.getAttribute('aria-label') || element.textContent || element.getAttribute('name') || '').trim().replace(/\\s+/g, ' ').slice(0, 60) + '"';
  return {
    reset() { state.seen = new Set(); },
    mark() {
      const element = deepActive();
      if (!element) return 'none';
      if (state.seen.has(element)) return 'repeat';
      state.seen.add(element);
      return 'new';
    },
    unreached() {
      return all(document).filter(tabbable).filter((element) => ![...radioGroup(element)].some((radio) => state.seen.has(radio))).map(label);
    },
  };
})()`;

/**
 * Walks the page by Tab until focus comes back round, and fails unless every visible, enabled,
 * tabbable element (through shadow roots) was focused. Returns the tab order, starting after
 * the element that had focus (Chromium keeps that as the starting point even once blurred).
 */
export async function expectKeyboardReachable(page: Page, { max = 80 }: { max?: number } = {}): Promise<Focused[]> {
  await page.evaluate(`${KEYBOARD_WALK}.reset()`);
  await page.evaluate(`${DEEP_ACTIVE_ELEMENT}?.blur()`);
  const order: Focused[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    const mark = (await page.evaluate(`${KEYBOARD_WALK}.mark()`)) as 'none' | 'repeat' | 'new';
    if (mark === 'repeat') break;
    if (mark === 'new') order.push(await focused(page));
  }
  const unreached = (await page.evaluate(`${KEYBOARD_WALK}.unreached()`)) as string[];
  expect(unreached, `elements Tab never reached on ${page.url()}; tab order was: ${order.map(describe).join(', ')}`).toEqual([]);
  return order;
}

// ---------------------------------------------------------------------------------------------
// Sandbox control API (`/__sandbox/`)

async function control<T>(base: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/__sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Puts personas, outbox, attempts, faults and config back to the seed. */
export const resetSandbox = (url: string) => control<void>(url, 'reset', {});
/** Sets test knobs, applied from the next call or page load. */
export const setConfig = (url: string, knobs: Partial<SandboxConfig>) => control<void>(url, 'config', knobs);
/** Makes the next `times` (default 1) calls to `path` fail with `status`/`body` or wait `delayMs` first. */
export const fault = (url: string, spec: Omit<Fault, 'times'> & { times?: number }) => control<void>(url, 'faults', spec);
/** The seeded personas, serial numbers formatted as the scanner shows them (`38-0000001-0`). */
export const personas = (url: string) => control<Persona[]>(url, 'personas');
/** Registration e-mails sent to `userId`. */
export const outbox = (url: string, userId: string) =>
  control<Omit<OutboxMail, 'userId'>[]>(url, `outbox?userId=${encodeURIComponent(userId)}`);
/** What `userId`'s virtual scanner displays after scanning `image` (base64 as the widget received it). */
export const scan = async (url: string, userId: string, image: string) =>
  (await control<{ display: string }>(url, 'scanner/scan', { userId, image })).display;
/** The mobile app approves the newest pending QR code. */
export const confirmMobile = (url: string, mode: 'logon' | 'link') => control<void>(url, 'mobile/confirm', { mode });

// ---------------------------------------------------------------------------------------------
// Per-file lifecycle

/** What `useE2E` gives a test file. */
export interface E2E {
  /** Sandbox origin, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The running sandbox, for tests that read or steer its in-memory state directly. */
  readonly server: RunningSandbox;
  readonly browser: Browser;
  /** Opens `path` (relative to the sandbox) in a fresh context; closed after the test. */
  open(path: string, options?: NewPageOptions): Promise<TestPage>;
  /** The API calls the browser made in this test so far, as the sandbox received them (optionally of one operation). */
  requests(operationId?: string): LoggedRequest[];
  /** The operations of the contract the browser called in this file's tests so far. */
  readonly called: ReadonlySet<string>;
}

/** Every API call of a test must be an operation of the contract and keep it: a readable line for each that does not. */
const contractBreaches = (requests: readonly LoggedRequest[]) =>
  requests
    .filter((request) => !request.operationId || request.issues.length > 0)
    .map((request) => `${request.method} ${request.path} (${request.operationId ?? 'no operation'}): ${request.issues.join('; ')}`);

/**
 * Registers the hooks of an e2e file: sandbox and browser for the file, a sandbox reset
 * before each test, every page opened by a test closed after it, and the contract check: every
 * API call the browser made must be an operation of docs/api-contract.md and keep its contract.
 */
export function useE2E(): E2E {
  let server: RunningSandbox | undefined;
  let browser: Browser | undefined;
  const pages = new Set<Page>();
  const called = new Set<string>();
  const fromBrowser = () => (server ? contractLog(server.sandbox.state).filter((request) => request.fromBrowser) : []);
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`e2e: ${what} is not running (is useE2E() called at the top of the file?)`);
    return value;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  beforeEach(async () => {
    await resetSandbox(ready(server, 'the sandbox').url);
  });
  afterEach(async () => {
    await Promise.all([...pages].map((page) => page.close()));
    pages.clear();
    const requests = fromBrowser();
    for (const { operationId } of requests) if (operationId) called.add(operationId);
    expect(contractBreaches(requests), 'API calls outside the contract (docs/api-contract.md)').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    get url() {
      return ready(server, 'the sandbox').url;
    },
    get server() {
      return ready(server, 'the sandbox');
    },
    get browser() {
      return ready(browser, 'the browser');
    },
    requests: (operationId) => fromBrowser().filter((request) => operationId === undefined || request.operationId === operationId),
    called,
    async open(path, options) {
      const page = await newPage(ready(browser, 'the browser'), new URL(path, ready(server, 'the sandbox').url + '/').href, options);
      pages.add(page);
      page.on('close', () => void pages.delete(page));
      return page;
    },
  };
}

/** Settings as the value of a single-quoted `settings='…'` attribute (docs/embedding.md: `&` and `'` escaped). */
export const settingsAttribute = (settings: object): string => JSON.stringify(settings).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
