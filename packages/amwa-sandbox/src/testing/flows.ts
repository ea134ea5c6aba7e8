// The widget's flows driven to their end as a user would, through any Driver: controls are found
// by role and by the widget's own texts in the language the page's widget speaks (its message
// table, locales/*.json), so a test follows the widget's copy, never its markup, in any language
// it ships. Every wait is on a condition, bounded by `timeoutMs`.
import { OPERATIONS } from '../../../../src/contract/index';
import { AMWA_EVENT_TYPES } from '../../../../src/core/events';
import { reportableUrl } from '../../../../src/core/flows/redirect';
import { loadLocaleTable, packagedLocaleLoader } from '../../../../src/core/i18n';
import type en from '../../../../locales/en.json';
import type { OperationId, SandboxControl } from './control';
import type { Driver, HeardAnswer, HeardEvent, Target } from './driver';

/** What a logon flow ends with. */
export interface LogonResult {
  /** Where the widget sent the browser: the `amwa-logon-redirect` event's url (origin and path, no query or fragment); a browser driver has arrived there. */
  url: string;
  /** The widget's events heard during the flow, in order (`amwa-next`, `amwa-logon-redirect`, …). */
  events: HeardEvent[];
}

/** What `activateScanner` ends with. */
export interface ActivationResult {
  /** The widget's events heard during the activation, in order. */
  events: HeardEvent[];
}

/** Options every flow takes. */
export interface FlowOptions {
  /** Longest wait for any one screen or answer, in ms; default 15000. */
  timeoutMs?: number;
}

/** Every event the widget fires (its DOM event names), as the widget declares them. */
export const WIDGET_EVENTS: readonly string[] = AMWA_EVENT_TYPES;

const DEFAULT_TIMEOUT_MS = 15_000;
const POLL_MS = 50;

const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const heading = (name: string): Target => ({ role: 'heading', name });
const button = (name: string): Target => ({ role: 'button', name });
const textbox = (name: string | RegExp): Target => ({ role: 'textbox', name });
const link = (name: string | RegExp): Target => ({ role: 'link', name });

/** The widget's message table, in the shape of the English one (every shipped table has its keys). */
type Texts = typeof en;

/** The controls the flows use, by the widget's texts `t` in the page's language. */
const controlsIn = (t: Texts) => ({
  homeScanner: link(startingWith(t.home.scanner)),
  homeMobile: link(startingWith(t.home.mobile)),
  scannerTitle: heading(t.scannerLogon.title),
  userId: textbox(t.scannerLogon.userId),
  next: button(t.common.next),
  colourCode: { role: 'img', name: t.scannerLogon.colourCodeAlt } as Target,
  // The field's name goes on with the format hint.
  responseCode: textbox(startingWith(t.scannerLogon.responseCode)),
  logOn: button(t.scannerLogon.logOn),
  logonQr: { role: 'img', name: t.mobileLogon.logon.qrAlt } as Target,
  linkMobile: link(startingWith(t.linkUser.mobile)),
  linkQr: { role: 'img', name: t.mobileLogon.link.qrAlt } as Target,
  startActivation: button(t.activation.overview.start),
  credentialsTitle: heading(t.activation.credentials.title),
  activationUserId: textbox(t.activation.credentials.userId),
  email: textbox(t.activation.credentials.email),
  registrationCode: textbox(t.activation.registrationCode.label),
  serialNumber: textbox(t.activation.serialNumber.label),
  pinTitle: heading(t.activation.pin.title),
  confirmationCode: textbox(t.activation.confirmationCode.label),
  pinSetTitle: heading(t.activation.pinSet.title),
  doneYesNextTitle: heading(t.activation.doneYesNext.title),
  finishTitle: heading(t.activation.finish.title),
  serialColourCode: { role: 'img', name: t.activation.serialNumber.colourCodeAlt } as Target,
  pinColourCode: { role: 'img', name: t.activation.pin.colourCodeAlt } as Target,
  finishColourCode: { role: 'img', name: t.activation.finish.colourCodeAlt } as Target,
  doneTitle: heading(t.activation.done.title),
});

/** The controls the flows use. */
type Controls = ReturnType<typeof controlsIn>;

/** The full table of `locale` (language and country variant), as the widget loads it; English for a language it does not ship. */
async function widgetTexts(locale: string): Promise<Texts> {
  const { table } = await loadLocaleTable(locale, packagedLocaleLoader, new AbortController().signal);
  return table as unknown as Texts;
}

/** The call whose answer decides a logon flow, and the flows' own name for it. */
type LogonCall = Extract<OperationId, 'scannerLogon' | 'mobileLogon' | 'linkQrConfirmed'>;

/** True when `answer` is one to the contract's operation `operationId` (under whatever API base the page uses). */
const answerTo = (operationId: LogonCall) => {
  const operation = OPERATIONS.find(({ id }) => id === operationId)!;
  return (answer: HeardAnswer) => {
    const path = URL.canParse(answer.url) ? new URL(answer.url).pathname : '';
    return answer.method.toUpperCase() === operation.method && path.endsWith(operation.path);
  };
};

const describeTarget = ({ role, name }: Target) => `${role} "${String(name)}"`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One flow's run: its driver, sandbox, deadline per wait, and the events it hears. */
async function startRun(driver: Driver, sandbox: SandboxControl, { timeoutMs = DEFAULT_TIMEOUT_MS }: FlowOptions) {
  const log = await driver.hear(WIDGET_EVENTS);
  const heard = () => log.read();
  const failure = () => heard().find(({ type }) => type === 'amwa-generic-exception' || type === 'amwa-technical-exception');
  /** The newest answer to the logon call `operationId` seen on the network, if the driver sees the network. */
  const logonAnswer = (operationId: LogonCall) => log.answers?.().filter(answerTo(operationId)).at(-1);
  /** The logon call the flow is at, once it is: any answer to it but a 2xx fails the flow. */
  let logonCall: LogonCall | undefined;
  const failedLogon = () => {
    const answer = logonCall && logonAnswer(logonCall);
    return answer && (answer.status < 200 || answer.status > 299) ? { operationId: logonCall!, ...answer } : undefined;
  };
  const logonFailure = ({ operationId, method, url, status }: NonNullable<ReturnType<typeof failedLogon>>) => {
    const error = failure();
    const reported = error ? `; the widget reported ${error.type} ${JSON.stringify(error.detail)}` : '';
    return new Error(`amwa-sandbox/testing: the logon call ${operationId} (${method} ${new URL(url).pathname}) answered ${status}${reported}; the logon failed, whatever events the page sent`);
  };

  /** Polls `check` until it answers something other than undefined; fails early when the widget reports an error or the logon call answered one. */
  async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await log.refresh?.();
      const failed = failedLogon();
      if (failed) throw logonFailure(failed);
      const value = await check();
      if (value !== undefined) return value;
      const error = failure();
      if (error) throw new Error(`amwa-sandbox/testing: the widget reported ${error.type} ${JSON.stringify(error.detail)} while waiting for ${what}`);
      if (Date.now() > deadline) throw new Error(`amwa-sandbox/testing: no ${what} within ${timeoutMs} ms`);
      await sleep(POLL_MS);
    }
  }

  /** Waits for the first of `targets` to show; returns its index. */
  const first = (...targets: Target[]) =>
    until(targets.map(describeTarget).join(' or '), async () => {
      for (const [index, target] of targets.entries()) if (await driver.isVisible(target)) return index;
      return undefined;
    });

  const show = async (target: Target) => void (await first(target));

  /** Waits for the page's widget to name its language (a driver that cannot tell drives an English page). */
  const language = async () => (driver.language ? until("the widget's language (the lang of its root)", async () => (await driver.language!()) ?? undefined) : 'en');
  let named: Controls | undefined;
  /** The controls in the language of the page's widget, read once per flow. */
  const controls = async () => (named ??= controlsIn(await widgetTexts(await language())));

  /** Reads the colour code on screen and asks `userId`'s scanner what it shows, digits only. */
  const scanScreen = async (userId: string, colourCode: Target) => {
    await show(colourCode);
    const image = await driver.attribute(colourCode, 'src');
    if (!image) throw new Error('amwa-sandbox/testing: the colour code on screen has no image');
    return (await sandbox.scan(userId, image)).replace(/\D/g, '');
  };

  /**
   * Waits for the logon redirect event and, in a browser, for the page to arrive there. Where the
   * driver sees the network, the logon call `operationId` must have answered 2xx too: an event
   * alone (which any script of the page can dispatch) never makes a logon.
   */
  const landing = async (operationId: LogonCall): Promise<LogonResult> => {
    logonCall = operationId;
    const redirect = await until('amwa-logon-redirect event', () => heard().find(({ type }) => type === 'amwa-logon-redirect'));
    if (log.answers) await until(`the answer to the logon call ${operationId}`, () => logonAnswer(operationId));
    const url = (redirect.detail as { url: string }).url;
    // The event names origin and path only (the query may carry the session's ticket): so does the check.
    if ((await driver.url()) !== undefined) await until(`page at ${url}`, async () => (reportableUrl(await driver.url()) === url ? true : undefined));
    return { url, events: heard() };
  };

  return { heard, stop: () => log.stop(), until, first, show, controls, scanScreen, landing };
}

type Run = Awaited<ReturnType<typeof startRun>>;

/** Runs `flow` with a fresh run, and stops hearing events however it ends. */
async function withRun<T>(driver: Driver, sandbox: SandboxControl, options: FlowOptions, flow: (run: Run) => Promise<T>): Promise<T> {
  const run = await startRun(driver, sandbox, options);
  try {
    return await flow(run);
  } finally {
    run.stop();
  }
}

/**
 * Logs `userId` on with the scanner: from Home (choosing the scanner) or the scanner logon's
 * first step, types the user ID, lets the persona's virtual scanner read the colour code on
 * screen, types its response code and logs on; resolves once the browser has arrived where the
 * widget sent it.
 */
export async function logOnWithScanner(driver: Driver, sandbox: SandboxControl, { userId, ...options }: FlowOptions & { userId: string }): Promise<LogonResult> {
  return withRun(driver, sandbox, options, async (run) => {
    const ui = await run.controls();
    if ((await run.first(ui.scannerTitle, ui.homeScanner)) === 1) {
      await driver.click(ui.homeScanner);
      await run.show(ui.scannerTitle);
    }
    await run.show(ui.userId);
    await driver.fill(ui.userId, userId);
    await driver.click(ui.next);
    await driver.fill(ui.responseCode, await run.scanScreen(userId, ui.colourCode));
    await driver.click(ui.logOn);
    return run.landing('scannerLogon');
  });
}

/** The controls of one QR approval: the choice that leads to the QR page, its QR code, and the sandbox's mode for it. */
interface QrApproval {
  choice: (ui: Controls) => Target;
  qr: (ui: Controls) => Target;
  mode: 'logon' | 'link';
  /** The call whose answer decides it: the mobile logon, or (link mode makes no logon call) the confirmed poll. */
  logonCall: LogonCall;
}

/** From the choice or the QR page, lets the sandbox's app approve the QR code on screen; resolves on arrival. */
function approveQr(driver: Driver, sandbox: SandboxControl, options: FlowOptions, { choice, qr, mode, logonCall }: QrApproval): Promise<LogonResult> {
  return withRun(driver, sandbox, options, async (run) => {
    const ui = await run.controls();
    if ((await run.first(qr(ui), choice(ui))) === 1) await driver.click(choice(ui));
    await run.show(qr(ui));
    await sandbox.confirmQr(mode);
    return run.landing(logonCall);
  });
}

/**
 * Logs on with the mobile app: from Home (choosing the app) or the mobile logon page, waits
 * for the QR code, lets the sandbox's app approve it, and resolves once the browser has arrived
 * where the widget sent it.
 */
export function logOnWithApp(driver: Driver, sandbox: SandboxControl, options: FlowOptions = {}): Promise<LogonResult> {
  return approveQr(driver, sandbox, options, { choice: (ui) => ui.homeMobile, qr: (ui) => ui.logonQr, mode: 'logon', logonCall: 'mobileLogon' });
}

/**
 * Links the corporate-portal account with the mobile app: from the link page's choice or its
 * QR page, lets the sandbox's app approve the link QR code, and resolves once the browser has
 * arrived at the portal's precheck page.
 */
export function linkCorporateAccount(driver: Driver, sandbox: SandboxControl, options: FlowOptions = {}): Promise<LogonResult> {
  return approveQr(driver, sandbox, options, { choice: (ui) => ui.linkMobile, qr: (ui) => ui.linkQr, mode: 'link', logonCall: 'linkQrConfirmed' });
}

/**
 * Activates `userId`'s scanner through all six steps: user ID and e-mail, the registration code
 * from the sandbox's outbox, the serial number and both confirmation codes the persona's scanner
 * shows; resolves on 'And you're done'.
 */
export async function activateScanner(
  driver: Driver,
  sandbox: SandboxControl,
  { userId, email, ...options }: FlowOptions & { userId: string; email: string },
): Promise<ActivationResult> {
  return withRun(driver, sandbox, options, async (run) => {
    const ui = await run.controls();
    if ((await run.first(ui.credentialsTitle, ui.startActivation)) === 1) await driver.click(ui.startActivation);
    await run.show(ui.activationUserId);
    await driver.fill(ui.activationUserId, userId);
    await driver.fill(ui.email, email);
    await driver.click(ui.next);
    await run.show(ui.registrationCode);
    await driver.fill(ui.registrationCode, await run.until(`registration e-mail to ${userId}`, () => sandbox.registrationCode(userId).catch(() => undefined)));
    await driver.click(ui.next);
    await run.show(ui.serialNumber);
    await driver.fill(ui.serialNumber, await run.scanScreen(userId, ui.serialColourCode));
    await driver.click(ui.next);
    await run.show(ui.pinTitle);
    await driver.fill(ui.confirmationCode, await run.scanScreen(userId, ui.pinColourCode));
    await driver.click(ui.next);
    await run.show(ui.pinSetTitle);
    await driver.click(ui.next);
    await run.show(ui.doneYesNextTitle);
    await driver.click(ui.next);
    await run.show(ui.finishTitle);
    await driver.fill(ui.confirmationCode, await run.scanScreen(userId, ui.finishColourCode));
    await driver.click(ui.next);
    await run.show(ui.doneTitle);
    return { events: run.heard() };
  });
}

/** The response code `userId`'s scanner shows for the colour code on screen, digits only (a lower step for tests that type it themselves). */
export async function responseCodeOnScreen(driver: Driver, sandbox: SandboxControl, { userId, ...options }: FlowOptions & { userId: string }): Promise<string> {
  return withRun(driver, sandbox, options, async (run) => run.scanScreen(userId, (await run.controls()).colourCode));
}
