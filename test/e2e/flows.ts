// Walks through the widget's flows for tests that care about what happens at the end of one:
// the scanner logon up to its code step, the activation up to a given screen, and the widget's
// events heard in the test (they bubble, composed, to the document, and survive leaving the page).
import type { BrowserContext, Page } from 'playwright-core';
import { connectKit, type AmwaKit } from 'amwa-sandbox/testing';
import { EXAMPLES, outbox, scan, waitForPortal, type E2E, type NewPageOptions, type TestPage } from './harness';

const BASE = EXAMPLES.vanilla.replace(/\/$/, '');
const PNG = 'data:image/png;base64,';

/** A button of the widget by its exact name. */
export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** A text field of the widget by its label (a pattern matches the start of longer labels). */
export const textbox = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name, exact: typeof name === 'string' });
/** The colour code on screen. */
export const colourCode = (page: Page) => page.locator('img.amwa-colour-code__image');
/** A screen's heading. */
export const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 1 });

/** The activation's screens a walk can stop at, in order. */
const STOPS = ['credentials', 'registrationCode', 'serialNumber', 'finish', 'done'] as const;
/** Where `activate` stops. */
export type ActivationStop = (typeof STOPS)[number];

/**
 * Hears the widget's events of `types` in the test; with `cancelLogout`, the host page cancels
 * `amwa-logout` with preventDefault(), as a host that ends the portal session itself would.
 */
export async function hear(context: BrowserContext, types: readonly string[], { cancelLogout = false } = {}) {
  const heard: [string, unknown][] = [];
  await context.exposeFunction('__amwaHeard', (type: string, detail: unknown) => void heard.push([type, detail]));
  await context.addInitScript(`for (const type of ${JSON.stringify(types)}) document.addEventListener(type, (event) => {
    globalThis.__amwaHeard(type, event.detail);
    if (${cancelLogout} && type === 'amwa-logout') event.preventDefault();
  });`);
  return heard;
}

/** The flows of one e2e file. */
export function flows(e2e: E2E) {
  /** What `userId`'s scanner shows for the colour code on screen, digits only. */
  const scanned = async (page: Page, userId: string) => (await scan(e2e.url, userId, ((await colourCode(page).getAttribute('src')) ?? '').slice(PNG.length))).replace(/-/g, '');

  /** The scanner logon up to the code step for `userId`. */
  async function toCodeStep(userId: string, options?: NewPageOptions): Promise<TestPage> {
    const page = await e2e.open(`${BASE}/pages/logon/scanner`, options);
    await waitForPortal(page, 'Log on with your scanner');
    await textbox(page, 'User ID').fill(userId);
    await button(page, 'Next').click();
    await colourCode(page).waitFor();
    return page;
  }

  let kit: Promise<AmwaKit> | undefined;

  /** A scanner activation walked until `stop` shows; the whole walk through the testing kit, as a bank's test would. */
  async function activate(userId: string, email: string, stop: ActivationStop, options?: NewPageOptions): Promise<TestPage> {
    const past = (screen: ActivationStop) => STOPS.indexOf(stop) > STOPS.indexOf(screen);
    const page = await e2e.open(`${BASE}/pages/activate-scanner`, options);
    await waitForPortal(page, 'Activate your scanner');
    if (stop === 'done') {
      kit ??= connectKit(e2e.url);
      await (await kit).activateScanner(page, { userId, email });
      return page;
    }
    await button(page, 'Start activation').click();
    await heading(page, 'Enter your user ID and email').waitFor();
    if (!past('credentials')) return page;
    await textbox(page, 'User ID').fill(userId);
    await textbox(page, 'Email').fill(email);
    await button(page, 'Next').click();
    await heading(page, 'Confirm your email').waitFor();
    if (!past('registrationCode')) return page;
    await textbox(page, 'Registration code').fill((await outbox(e2e.url, userId)).at(-1)!.code);
    await button(page, 'Next').click();
    await heading(page, 'Connect your scanner').waitFor();
    if (!past('serialNumber')) return page;
    await colourCode(page).waitFor();
    await textbox(page, 'Serial number').fill(await scanned(page, userId));
    await button(page, 'Next').click();
    await heading(page, 'Choose a PIN').waitFor();
    await colourCode(page).waitFor();
    await textbox(page, 'Confirmation code').fill(await scanned(page, userId));
    await button(page, 'Next').click();
    await heading(page, 'Your PIN code is set!').waitFor();
    await button(page, 'Next').click();
    await heading(page, 'Confirm on your scanner').waitFor();
    await button(page, 'Next').click();
    await heading(page, 'Finish setting up your scanner').waitFor();
    await colourCode(page).waitFor();
    if (!past('finish')) return page;
    await textbox(page, 'Confirmation code').fill(await scanned(page, userId));
    await button(page, 'Next').click();
    await heading(page, "And you're done").waitFor();
    return page;
  }

  return { scanned, toCodeStep, activate };
}
