// The kit as a host test suite uses it: one object bound to one sandbox, whose flows take the
// page of whichever tool the suite runs (a Playwright page, a WebdriverIO browser, a DOM, or a
// Driver of its own), and the sandbox it starts for a test run, as a server or in-process.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { startSandbox as serveSandbox } from '../index';
import { connectSandbox, type SandboxControl } from './control';
import { domDriver } from './dom-driver';
import type { Driver, HeardAnswer } from './driver';
import { activateScanner, linkCorporateAccount, logOnWithApp, logOnWithScanner, responseCodeOnScreen, type ActivationResult, type FlowOptions, type LogonResult } from './flows';
import { playwrightDriver, type PlaywrightPage } from './playwright-driver';
import { puppeteerDriver, type PuppeteerPage } from './puppeteer-driver';
import { webdriverioDriver, type WebdriverBrowser } from './webdriverio-driver';

/** Whatever the flows can drive: a Playwright or Puppeteer page, a WebdriverIO browser, a DOM (in-process), or a Driver. */
export type AnyPage = PlaywrightPage | PuppeteerPage | WebdriverBrowser | Document | Element | Driver;

const has = (value: object, ...names: string[]) => names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');

/** The driver for `page`, told apart by the members each tool has. */
export function toDriver(page: AnyPage): Driver {
  if (has(page, 'isVisible', 'hear', 'fill')) return page as Driver;
  if (has(page, 'getByRole', 'exposeBinding')) return playwrightDriver(page as PlaywrightPage);
  if (has(page, 'evaluateHandle', 'evaluateOnNewDocument')) return puppeteerDriver(page as PuppeteerPage);
  if (has(page, 'execute', 'getUrl')) return webdriverioDriver(page as WebdriverBrowser);
  if (has(page, 'querySelectorAll')) return domDriver(page as Document | Element);
  throw new TypeError('amwa-sandbox/testing: expected a Playwright or Puppeteer page, a WebdriverIO browser, a DOM document or element, or a Driver');
}

/** The kit bound to one sandbox: its control API and the widget's flows on any page. */
export interface AmwaKit extends SandboxControl {
  /** Logs `userId` on with the scanner (see `logOnWithScanner` of the framework-free core). */
  logOnWithScanner(page: AnyPage, options: FlowOptions & { userId: string }): Promise<LogonResult>;
  /** Logs on with the mobile app: the sandbox's app approves the QR code on screen. */
  logOnWithApp(page: AnyPage, options?: FlowOptions): Promise<LogonResult>;
  /** Links the corporate-portal account: the sandbox's app approves the link QR code on screen. */
  linkCorporateAccount(page: AnyPage, options?: FlowOptions): Promise<LogonResult>;
  /** Activates `userId`'s scanner through all six steps, up to 'And you're done'. */
  activateScanner(page: AnyPage, options: FlowOptions & { userId: string; email: string }): Promise<ActivationResult>;
  /** The response code `userId`'s scanner shows for the colour code on screen, digits only. */
  responseCodeOnScreen(page: AnyPage, options: FlowOptions & { userId: string }): Promise<string>;
}

/** Binds the flows to `control`. */
export function createKit(control: SandboxControl): AmwaKit {
  return bindKit(control);
}

/** The answers a fetch of the kit's own gave the widget (in-process, that fetch is the widget's network). */
interface AnswerLog {
  /** How many answers it has given so far. */
  count(): number;
  /** The answers from the `count`th on, oldest first (the newest `MAX_KEPT_ANSWERS` at most). */
  since(count: number): HeardAnswer[];
}

/** Most answers an in-process sandbox's fetch keeps for the flows: a flow makes a few dozen calls. */
const MAX_KEPT_ANSWERS = 1000;

/** An AnswerLog and the `record` that adds to it. */
function answerLog(): AnswerLog & { record(answer: HeardAnswer): void } {
  const kept: HeardAnswer[] = [];
  let total = 0;
  return {
    count: () => total,
    since: (count) => kept.slice(Math.max(0, kept.length - (total - count))),
    record(answer) {
      total++;
      kept.push(answer);
      if (kept.length > MAX_KEPT_ANSWERS) kept.shift();
    },
  };
}

/** `driver`, with the answers in `network` where it sees none on its own (an in-process DOM has no network to watch). */
function seeing(driver: Driver, network: AnswerLog | undefined): Driver {
  if (!network) return driver;
  return {
    ...driver,
    async hear(types) {
      const log = await driver.hear(types);
      if (log.answers) return log;
      const from = network.count();
      return { ...log, answers: () => network.since(from) };
    },
  };
}

/** The kit over `control`; the flows see the answers in `network` where their driver sees none. */
function bindKit(control: SandboxControl, network?: AnswerLog): AmwaKit {
  const drive = (page: AnyPage) => seeing(toDriver(page), network);
  return {
    ...control,
    logOnWithScanner: (page, options) => logOnWithScanner(drive(page), control, options),
    logOnWithApp: (page, options) => logOnWithApp(drive(page), control, options),
    linkCorporateAccount: (page, options) => linkCorporateAccount(drive(page), control, options),
    activateScanner: (page, options) => activateScanner(drive(page), control, options),
    responseCodeOnScreen: (page, options) => responseCodeOnScreen(drive(page), control, options),
  };
}

/** The kit for a sandbox that runs elsewhere (`npx amwa-sandbox`, a CI service); refuses anything that is not a sandbox. */
export async function connectKit(url: string, options: { fetch?: typeof fetch } = {}): Promise<AmwaKit> {
  return createKit(await connectSandbox(url, options));
}

/** A sandbox started for a test run, with the kit bound to it. */
export interface TestSandbox extends AmwaKit {
  /** The fetch for `mount(…, { fetch: sandbox.fetch })`: in-process, the sandbox's answers with their cookies kept (as a browser keeps them). */
  readonly fetch: typeof fetch;
  /** The settings that point a widget at this sandbox. */
  readonly settings: { apiBaseUrl: string; securityApiBaseUrl: string };
  /** The port it listens on (in-process: on loopback, for this process only). */
  readonly port: number;
  /** Stops the server (nothing to stop in-process). */
  stop(): Promise<void>;
}

/** Options of `startSandbox`. */
export interface StartOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /** For a widget mounted in this process (vitest with happy-dom or jsdom): it reaches the sandbox only through `sandbox.fetch`, at IN_PROCESS_ORIGIN. */
  inProcess?: boolean;
}

/** The origin an in-process sandbox answers on (a `.localhost` name the sandbox's host check accepts). */
export const IN_PROCESS_ORIGIN = 'http://sandbox.localhost';

/**
 * A fetch to the sandbox at `origin` through Node's own HTTP client, keeping the cookies the
 * sandbox sets as a browser would. A DOM environment (happy-dom) replaces the global fetch,
 * Request and Response with ones that drop Cookie and Set-Cookie, which the sandbox's XSRF
 * and web-session checks need, so the bytes travel outside them and come back as the page's Response.
 */
function cookieFetch(origin: string, answers?: { record(answer: HeardAnswer): void }): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => void (headers[name] = value));
    if (request.credentials !== 'omit' && jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = httpRequest(new URL(url.pathname + url.search, origin), { method: request.method, headers: { ...headers, host: url.host } }, resolve);
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of answer) chunks.push(chunk as Buffer);
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const split = pair.indexOf('=');
      if (split > 0) jar.set(pair.slice(0, split).trim(), pair.slice(split + 1).trim());
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (name !== 'set-cookie' && value !== undefined) responseHeaders.set(name, String(value));
    const status = answer.statusCode ?? 500;
    answers?.record({ method: request.method, url: request.url, status });
    return new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders });
  };
}

/**
 * Starts a sandbox for a test run: a server on `port` (default: a free one), or with
 * `inProcess` a fetch handler in this process. Call `reset()` before each test and `stop()`
 * after the run.
 */
export async function startSandbox({ port = 0, host, inProcess = false }: StartOptions = {}): Promise<TestSandbox> {
  if (inProcess) {
    // On loopback in this process; the widget and the kit still call it as IN_PROCESS_ORIGIN.
    const running = await serveSandbox({ port: 0 });
    const network = answerLog();
    const fetcher = cookieFetch(running.url, network);
    const kit = bindKit(await connectSandbox(IN_PROCESS_ORIGIN, { fetch: fetcher }), network);
    return { ...kit, fetch: fetcher, settings: { apiBaseUrl: `${IN_PROCESS_ORIGIN}/access`, securityApiBaseUrl: IN_PROCESS_ORIGIN }, port: running.port, stop: () => running.close() };
  }
  const running = await serveSandbox({ port, host });
  const kit = createKit(await connectSandbox(running.url));
  return { ...kit, fetch: globalThis.fetch, settings: { apiBaseUrl: `${running.url}/access`, securityApiBaseUrl: running.url }, port: running.port, stop: () => running.close() };
}
