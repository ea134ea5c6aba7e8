/**
 * amwa-sandbox/testing: log a persona on through the widget from a host's own test suite in one
 * call (Playwright, Puppeteer, WebdriverIO, vitest in-process, or any tool through a Driver), and the lower
 * steps (scanner codes, registration codes, QR approval, faults by operationId). The kit only ever
 * talks to an amwa sandbox, never to a bank's API (docs/testing.md); `verifyApi` and the proxy
 * are the exception, made to check a bank's API against the contract (docs/api-conformance.md).
 */
export { connectSandbox, operationPath, OPERATION_IDS } from './control';
export type { ConnectOptions, FaultSpec, OperationId, SandboxControl, SandboxKnobs, SandboxPersona } from './control';
export { findByRole, serialName } from './driver';
export type { Driver, EventLog, HeardAnswer, HeardEvent, Role, SerialName, Target } from './driver';
export { activateScanner, linkCorporateAccount, logOnWithApp, logOnWithScanner, responseCodeOnScreen, WIDGET_EVENTS } from './flows';
export type { ActivationResult, FlowOptions, LogonResult } from './flows';
export { connectKit, createKit, IN_PROCESS_ORIGIN, startSandbox, toDriver } from './kit';
export type { AmwaKit, AnyPage, StartOptions, TestSandbox } from './kit';
export { domDriver } from './dom-driver';
export { playwrightDriver } from './playwright-driver';
export type { PlaywrightFrame, PlaywrightLocator, PlaywrightPage, PlaywrightResponse } from './playwright-driver';
export { puppeteerDriver } from './puppeteer-driver';
export type { PuppeteerConsoleMessage, PuppeteerElement, PuppeteerEvents, PuppeteerFrame, PuppeteerHandle, PuppeteerPage, PuppeteerResponse } from './puppeteer-driver';
export { webdriverioDriver } from './webdriverio-driver';
export type { WebdriverBrowser, WebdriverElement, WebdriverLogEntry, WebdriverResponseEntry } from './webdriverio-driver';
export { addAmwaCommands, amwaFixtures } from './fixtures';
export type { AmwaCommands, AmwaFixtures, AmwaWorkerFixtures, FixtureOptions } from './fixtures';
export { DEFAULT_TIMEOUTS, VERIFY_CASES, verifyApi } from '../verify/index';
export type { CallResult, CaseResult, VerifyConfig, VerifyHooks, VerifyOptions, VerifyPersonas, VerifyReport } from '../verify/index';
export { formatJson, formatJunit, formatTable } from '../verify/report';
export { createProxy, REPORT_PATH, startProxy } from '../proxy';
export type { Drift, Proxy, ProxyOptions, ProxyReport, RunningProxy } from '../proxy';
