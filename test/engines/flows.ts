// The core flows, each described once and run in every engine by test/e2e/engines.e2e.ts. The
// logons and the activation go through the testing kit (amwa-sandbox/testing) as a bank's suite
// would; the rest speak to the widget through DrivenPage (roles, names, pointer, keys). Each ends
// where a user would see that it worked.
import type { AmwaKit } from 'amwa-sandbox/testing';
import type { Engine } from './driver';
import { DrivenPage } from './page';

/** The personas the flows use (the sandbox's seed, docs/sandbox.md). */
const SCANNER_USER = 'EMMA0005';
const ACTIVATION_USER = { userId: 'ANNA0001', email: 'anna.devries@example.com' };

/** What a flow gets: the engine, the sandbox origin, the testing kit on it, and a page opener whose pages are closed after the flow. */
export interface FlowContext {
  engine: Engine;
  origin: string;
  kit: AmwaKit;
  open(path: string, options?: { width?: number }): Promise<DrivenPage>;
}

/** The page the sandbox lands a logged-on user on. */
async function expectLoggedOn(page: DrivenPage): Promise<void> {
  await page.waitForPath('/__sandbox/logged-on');
  await page.heading('You are logged on');
}

/** One core flow: its name and its steps. */
export interface Flow {
  name: string;
  run(context: FlowContext): Promise<void>;
}

/** The core flows of issue 20, in the order they run. */
export const FLOWS: Flow[] = [
  {
    name: 'Home shows both logon options, activation and contact',
    async run({ open }) {
      const page = await open('/access/');
      await page.heading('Log on with');
      await page.waitFor('link', /^The bank's scanner/);
      const links = await page.names('link');
      for (const expected of [/^The bank's mobile app/, /^The bank's scanner/, /^Activate your scanner first$/, /^Contact us/]) {
        if (!links.some((name) => expected.test(name))) throw new Error(`Home has no link ${expected}; it has ${links.join(', ')}`);
      }
    },
  },
  {
    name: "scanner logon from Home to 'You are logged on'",
    async run({ open, kit, origin }) {
      const page = await open('/access/');
      const { url } = await kit.logOnWithScanner(page.kit, { userId: SCANNER_USER });
      if (url !== `${origin}/__sandbox/logged-on`) throw new Error(`the widget sent the browser to ${url}`);
      await expectLoggedOn(page);
    },
  },
  {
    name: 'mobile QR logon: the phone approves the QR code',
    async run({ open, kit }) {
      const page = await open('/access/');
      await kit.logOnWithApp(page.kit);
      await expectLoggedOn(page);
    },
  },
  {
    name: 'scanner activation, happy path',
    async run({ open, kit }) {
      const page = await open('/access/');
      await page.click('link', 'Activate your scanner first');
      await kit.activateScanner(page.kit, ACTIVATION_USER);
      await page.heading("And you're done");
    },
  },
  {
    name: 'the strict-CSP page: Home, then the QR logon, with no violation',
    async run({ open }) {
      const page = await open('/csp/access/');
      await page.heading('Log on with');
      await page.click('link', /^The bank's mobile app/);
      await page.heading("Log on with the bank's mobile app");
      await page.waitFor('img', /^QR code to log on/);
    },
  },
  {
    name: 'German: Home, and the scanner logon to its code step',
    async run({ open }) {
      const page = await open('/access/?lang=de&country=DE');
      await page.heading('Anmelden mit');
      await page.waitFor('link', /^Scanner der Bank/);
      // The example page takes its language from the address, which the option's full page load leaves behind.
      await page.goto('/access/pages/logon/scanner?lang=de&country=DE');
      await page.heading('Mit Ihrem Scanner anmelden');
      await page.fill('textbox', 'Benutzer-ID', SCANNER_USER);
      await page.click('button', 'Weiter');
      await page.waitFor('img', 'Farbcode zum Scannen mit Ihrem Scanner');
      await page.waitFor('textbox', /^Antwortcode/);
    },
  },
  {
    name: "keyboard only: scanner logon, focus on each step's heading",
    async run({ open, kit }) {
      const page = await open('/access/');
      await page.heading('Log on with');
      await page.tabTo('link', /^The bank's scanner/);
      await page.press('Enter');
      await page.heading('Log on with your scanner');
      await page.tabTo('textbox', 'User ID');
      await page.type(SCANNER_USER);
      await page.tabTo('button', 'Next');
      await page.press('Enter');
      await page.waitFor('img', 'Colour code to scan with your scanner');
      await page.focusOn('heading', 'Log on with your scanner');
      const code = await kit.responseCodeOnScreen(page.kit, { userId: SCANNER_USER });
      await page.tabTo('textbox', /^Response code/);
      await page.type(code);
      await page.tabTo('button', 'Log on');
      await page.press('Enter');
      await expectLoggedOn(page);
    },
  },
];
