// A 429 Too Many Requests on a call the user started is no dead end, in real Chromium against the
// sandbox (issue 30): the step stays with what the user typed, says how long to wait, holds its
// control back for that long, lets it go again, and the next attempt goes through. Each case with
// `Retry-After: 2` (2 seconds) and without one (the first backoff step, 1 second).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import * as activationContract from '../../src/contract/activation';
import * as scannerContract from '../../src/contract/scanner-logon';
import { checkA11y, fault, focused, useE2E } from './harness';
import { button, flows, heading, textbox } from './flows';

const e2e = useE2E();
const { scanned, toCodeStep, activate } = flows(e2e);

const TOO_MANY = { status: 429, body: { errorCode: 'too-many-requests' } };
const CASES = [
  ['Retry-After: 2', { 'Retry-After': '2' }, 2],
  ['no Retry-After', undefined, 1],
] as const;

const notice = (page: Page, seconds: number) =>
  page.getByRole('status').filter({ hasText: `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.` });

/**
 * Presses `control` into a 429: the notice says `seconds`, the control is disabled (focus moves to
 * the notice), passes axe, and comes back no sooner than `seconds` later, the notice then gone.
 */
async function pressIntoTheWait(page: Page, control: Locator, seconds: number, label: string) {
  await control.click();
  await notice(page, seconds).waitFor();
  const shown = Date.now();
  expect(await control.isDisabled()).toBe(true);
  expect(await page.getByText('Something went wrong').count()).toBe(0);
  expect((await focused(page)).role).toBe('status');
  await checkA11y(page, label);
  await expect.poll(() => control.isEnabled(), { timeout: seconds * 1000 + 5000, interval: 100 }).toBe(true);
  // The wait started when the answer came, a moment before the notice showed.
  expect(Date.now() - shown).toBeGreaterThanOrEqual(seconds * 1000 - 500);
  expect(await notice(page, seconds).count()).toBe(0);
  expect(page.url()).not.toContain('/pages/error');
}

describe.each(CASES)('a 429 with %s', (_, headers, seconds) => {
  test('on Log on of the scanner logon: the code is kept, Log on waits, then logs on', async () => {
    const page = await toCodeStep('EMMA0005');
    const code = await scanned(page, 'EMMA0005');
    const field = textbox(page, /^Response code/);
    await field.fill(code);
    await fault(e2e.url, { path: scannerContract.standaloneAuthenticate.path, ...TOO_MANY, ...(headers && { headers }) });
    await pressIntoTheWait(page, button(page, 'Log on'), seconds, 'scanner logon: too many attempts');
    expect((await field.inputValue()).replace(/\D/g, '')).toBe(code);
    await button(page, 'Log on').click();
    await page.waitForURL('**/__sandbox/logged-on');
    page.expectNoConsoleErrors({ allow: [/status of 429/] });
  });

  test('on the OTP request of the activation: user ID and email are kept, Next waits, then the code is sent', async () => {
    const page = await activate('ANNA0001', 'anna.devries@example.com', 'credentials');
    await textbox(page, 'User ID').fill('ANNA0001');
    await textbox(page, 'Email').fill('anna.devries@example.com');
    await fault(e2e.url, { path: `/access${activationContract.otpRequest.path}`, ...TOO_MANY, ...(headers && { headers }) });
    await pressIntoTheWait(page, button(page, 'Next'), seconds, 'activation credentials: too many attempts');
    expect([await textbox(page, 'User ID').inputValue(), await textbox(page, 'Email').inputValue()]).toEqual(['ANNA0001', 'anna.devries@example.com']);
    await button(page, 'Next').click();
    await heading(page, 'Confirm your email').waitFor();
    page.expectNoConsoleErrors({ allow: [/status of 429/] });
  });

  test('on the OTP authenticate of the activation: the registration code is kept, Next waits, then it signs in', async () => {
    const page = await activate('ANNA0001', 'anna.devries@example.com', 'registrationCode');
    const registrationCode = (await (await fetch(`${e2e.url}/__sandbox/outbox?userId=ANNA0001`)).json() as { code: string }[]).at(-1)!.code;
    await textbox(page, 'Registration code').fill(registrationCode);
    await fault(e2e.url, { path: `/access${activationContract.otpAuthenticate.path}`, ...TOO_MANY, ...(headers && { headers }) });
    await pressIntoTheWait(page, button(page, 'Next'), seconds, 'activation registration code: too many attempts');
    expect(await textbox(page, 'Registration code').inputValue()).toBe(registrationCode);
    await button(page, 'Next').click();
    await heading(page, 'Connect your scanner').waitFor();
    page.expectNoConsoleErrors({ allow: [/status of 429/] });
  });
});
