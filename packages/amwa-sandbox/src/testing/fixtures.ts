// The kit wired into each test framework's own extension point: Playwright test fixtures and
// WebdriverIO custom commands.
import type { ActivationResult, FlowOptions, LogonResult } from './flows';
import { connectKit, startSandbox, type AmwaKit, type StartOptions, type TestSandbox } from './kit';
import type { WebdriverBrowser } from './webdriverio-driver';

/** The per-worker fixture: one sandbox for the worker's tests. */
export interface AmwaWorkerFixtures {
  amwaSandbox: AmwaKit;
}

/** The per-test fixture: the kit, with the sandbox reset before the test. */
export interface AmwaFixtures {
  amwa: AmwaKit;
}

type Use<T> = (value: T) => Promise<void>;

/** Where the fixtures' sandbox comes from: started for the worker (default), or one running at `url`. */
export type FixtureOptions = StartOptions & { url?: string };

/**
 * Fixtures for `@playwright/test`: `const test = base.extend<AmwaFixtures, AmwaWorkerFixtures>(amwaFixtures())`
 * gives every test `amwa`, the kit on a sandbox reset for it.
 */
export function amwaFixtures(options: FixtureOptions = {}) {
  const { url, ...start } = options;
  const amwaSandbox: [({}: object, use: Use<AmwaKit>) => Promise<void>, { scope: 'worker' }] = [
    async ({}, use) => {
      if (url) return use(await connectKit(url));
      const sandbox: TestSandbox = await startSandbox(start);
      try {
        await use(sandbox);
      } finally {
        await sandbox.stop();
      }
    },
    { scope: 'worker' },
  ];
  const amwa = async ({ amwaSandbox: kit }: AmwaWorkerFixtures, use: Use<AmwaKit>) => {
    await kit.reset();
    await use(kit);
  };
  return { amwaSandbox, amwa };
}

/** The custom commands `addAmwaCommands` adds to a WebdriverIO browser. */
export interface AmwaCommands {
  amwaLogOnWithScanner(options: FlowOptions & { userId: string }): Promise<LogonResult>;
  amwaLogOnWithApp(options?: FlowOptions): Promise<LogonResult>;
  amwaLinkCorporateAccount(options?: FlowOptions): Promise<LogonResult>;
  amwaActivateScanner(options: FlowOptions & { userId: string; email: string }): Promise<ActivationResult>;
}

/** Adds the kit's flows to a WebdriverIO browser as custom commands (`browser.amwaLogOnWithScanner({ userId })`). */
export function addAmwaCommands(browser: WebdriverBrowser, kit: AmwaKit): void {
  const commands: AmwaCommands = {
    amwaLogOnWithScanner: (options) => kit.logOnWithScanner(browser, options),
    amwaLogOnWithApp: (options) => kit.logOnWithApp(browser, options),
    amwaLinkCorporateAccount: (options) => kit.linkCorporateAccount(browser, options),
    amwaActivateScanner: (options) => kit.activateScanner(browser, options),
  };
  for (const [name, command] of Object.entries(commands)) browser.addCommand(name, command as (...args: never[]) => unknown);
}
