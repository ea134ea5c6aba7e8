// The core flows, each described once and run in every engine by test/e2e/engines.e2e.ts. They
// speak to the widget through DrivenPage (roles, names, pointer, keys) and to the sandbox through
// its control API (/__sandbox/), and end where a user would see that it worked.
import type { Engine } from './driver';
import { DrivenPage } from './page';

const PNG = 'data:image/png;base64,';
/** The personas the flows use (the sandbox's seed, docs/sandbox.md). */
const SCANNER_USER = 'EMMA0005';
const ACTIVATION_USER = { userId: 'ANNA0001', email: 'anna.devries@example.com' };

/** What a flow gets: the engine, the sandbox origin and a page opener whose pages are closed after the flow. */
export interface FlowContext {
  engine: Engine;
  origin: string;
  open(path: string, options?: { width?: number }): Promise<DrivenPage>;
}

async function control<T>(origin: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}/__sandbox/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What `userId`'s scanner shows for the colour code on screen, digits only. */
async function scanned(page: DrivenPage, userId: string, name: string | RegExp = /^(Colour code|Farbcode)/): Promise<string> {
  const src = await page.value('img', name);
  const { display } = await control<{ display: string }>(page.origin, 'scanner/scan', { userId, image: src.slice(PNG.length) });
  return display.replace(/-/g, '');
}

/** The page the sandbox lands a logged-on user on. */
async function expectLoggedOn(page: DrivenPage): Promise<void> {
  await page.waitForPath('/__sandbox/logged-on');
  await page.heading('You are logged on');
}

/** Scanner logon from the code step on: scan, type the response code, log on. */
async function logOnAtCodeStep(page: DrivenPage): Promise<void> {
  await page.fill('textbox', /^Response code/, await scanned(page, SCANNER_USER));
  await page.click('button', 'Log on');
  await expectLoggedOn(page);
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
    async run({ open }) {
      const page = await open('/access/');
      await page.click('link', /^The bank's scanner/);
      await page.heading('Log on with your scanner');
      await page.fill('textbox', 'User ID', SCANNER_USER);
      await page.click('button', 'Next');
      await page.waitFor('img', 'Colour code to scan with your scanner');
      await logOnAtCodeStep(page);
    },
  },
  {
    name: 'mobile QR logon: the phone approves the QR code',
    async run({ open, origin }) {
      const page = await open('/access/');
      await page.click('link', /^The bank's mobile app/);
      await page.heading("Log on with the bank's mobile app");
      await page.waitFor('img', /^QR code to log on/);
      await control(origin, 'mobile/confirm', { mode: 'logon' });
      await expectLoggedOn(page);
    },
  },
  {
    name: 'scanner activation, happy path',
    async run({ open, origin }) {
      const { userId, email } = ACTIVATION_USER;
      const page = await open('/access/');
      await page.click('link', 'Activate your scanner first');
      await page.heading(/^Activate your scanner/);
      await page.click('button', 'Start activation');
      await page.heading('Enter your user ID and email');
      await page.fill('textbox', 'User ID', userId);
      await page.fill('textbox', 'Email', email);
      await page.click('button', 'Next');
      await page.heading('Confirm your email');
      const mails = (await (await fetch(`${origin}/__sandbox/outbox?userId=${userId}`)).json()) as { code: string }[];
      await page.fill('textbox', 'Registration code', mails.at(-1)!.code);
      await page.click('button', 'Next');
      await page.heading('Connect your scanner');
      await page.fill('textbox', 'Serial number', await scanned(page, userId));
      await page.click('button', 'Next');
      await page.heading('Choose a PIN');
      await page.fill('textbox', 'Confirmation code', await scanned(page, userId));
      await page.click('button', 'Next');
      await page.heading('Your PIN code is set!');
      await page.click('button', 'Next');
      await page.heading('Confirm on your scanner');
      await page.click('button', 'Next');
      await page.heading('Finish setting up your scanner');
      await page.fill('textbox', 'Confirmation code', await scanned(page, userId));
      await page.click('button', 'Next');
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
    async run({ open }) {
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
      const code = await scanned(page, SCANNER_USER);
      await page.tabTo('textbox', /^Response code/);
      await page.type(code);
      await page.tabTo('button', 'Log on');
      await page.press('Enter');
      await expectLoggedOn(page);
    },
  },
];
