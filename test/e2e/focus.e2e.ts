// Focus is never lost (WCAG 2.4.3) and changes are announced (4.1.3): dialogs opened at a topic
// hand focus back to their opener, a focused control that becomes disabled hands focus to the
// message saying why, the inactivity dialog is described by its text without validating the
// field behind it, and a dismissed access alert leaves a way forward.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11y, fault, focused, scan, setConfig, tabTo, useE2E, waitForPortal, type TestPage } from './harness';

const e2e = useE2E();

const LOGON = '/access/v1/api/public/scanner/logon';
const COLOUR_CODE = 'Colour code to scan with your scanner';

// Class and text of the deepest focused element, through shadow roots ('' on the document).
const focusedElement = (page: Page) =>
  page.evaluate(`(() => {
    let element = document.activeElement;
    while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body) return { className: 'body', text: '' };
    return { className: String(element.className), text: element.textContent.replace(/\\s+/g, ' ').trim() };
  })()`) as Promise<{ className: string; text: string }>;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const codeField = (page: Page) => page.getByRole('textbox', { name: /^Response code/ });
const userIdField = (page: Page) => page.getByRole('textbox', { name: 'User ID' });

async function toCodeStep(path = '/access/pages/logon/scanner'): Promise<TestPage> {
  const page = await e2e.open(path);
  await waitForPortal(page, 'Log on with your scanner');
  await userIdField(page).fill('EMMA0005');
  await button(page, 'Next').click();
  await page.getByRole('img', { name: COLOUR_CODE }).waitFor();
  return page;
}

const scanScreen = async (page: Page) => {
  const src = (await page.getByRole('img', { name: COLOUR_CODE }).getAttribute('src'))!;
  return scan(e2e.url, 'EMMA0005', src.replace('data:image/png;base64,', ''));
};

describe('a help dialog opened at a topic gives focus back to its opener', () => {
  test.each([
    ['iPhone', 'How do I install the app on my iPhone?', 'Escape'],
    ['Android', 'How do I install the app on my Android phone?', 'Close'],
    ['Android without Google Play (APK)', 'How do I install the app on my Android phone?', 'Escape'],
  ])('%s on the QR page opens %s; closed with %s', async (link, topic, how) => {
    const page = await e2e.open('/access/pages/logon/mobile');
    await waitForPortal(page, "Log on with the bank's mobile app");
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: topic });
    await dialog.waitFor();
    if (how === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toEqual({ role: 'button', name: link });
    page.expectNoConsoleErrors();
  });

  test("'Trouble scanning the colour code?' on the code step, also after going back to the list", async () => {
    const page = await toCodeStep();
    await tabTo(page, 'Trouble scanning the colour code?');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'I have trouble scanning the colour code' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toEqual({ role: 'button', name: 'Trouble scanning the colour code?' });

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Back to the list' }).click();
    await page.getByRole('dialog', { name: 'Help' }).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => focused(page)).toEqual({ role: 'button', name: 'Trouble scanning the colour code?' });
    page.expectNoConsoleErrors();
  });
});

describe('a focused control that becomes disabled hands focus to the message saying why', () => {
  test('the colour code expires while the user types the response code', async () => {
    await setConfig(e2e.url, { colourCodeExpirySeconds: 13 });
    const page = await toCodeStep();
    await codeField(page).focus();
    await page.keyboard.type('12');
    await page.getByText('This colour code has expired. Select Refresh for a new one.').waitFor({ timeout: 8000 });
    expect(await codeField(page).isDisabled()).toBe(true);
    await expect.poll(() => focusedElement(page)).toEqual({
      className: 'amwa-status__message amwa-colour-code__message',
      text: 'This colour code has expired. Select Refresh for a new one.',
    });
    // Tab goes on from there to Refresh, as from the message's place on the page.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ role: 'button', name: 'Refresh' });
    await checkA11y(page, 'expired while typing');
    page.expectNoConsoleErrors();
  });

  test("a technical error after 'Log on' focuses the technical error alert", async () => {
    const page = await toCodeStep();
    await fault(e2e.url, { path: LOGON, status: 500, body: { errorCode: 'sandbox-fault' } });
    await codeField(page).fill(await scanScreen(page));
    await tabTo(page, 'Log on');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ role: 'alert' });
    expect((await focusedElement(page)).text).toContain('A technical error occurred.');
    expect(await button(page, 'Log on').isDisabled()).toBe(true);
    await checkA11y(page, 'technical error with focus on the alert');
    page.expectNoConsoleErrors({ allow: [/status of 500/, /AmwaApiError/] });
  });
});

describe('the inactivity dialog', () => {
  test('is described by its text and leaves the half-typed user ID unvalidated', async () => {
    await setConfig(e2e.url, { inactivityTimeoutLogonS: 33 });
    const page = await toCodeStep();
    await button(page, 'Back').click();
    await userIdField(page).fill('');
    await userIdField(page).focus();
    await page.keyboard.type('EMM');
    const dialog = page.getByRole('alertdialog', { name: 'Would you like to continue?' });
    await dialog.waitFor({ timeout: 8000 });
    const description = await dialog.evaluate((element) => {
      const root = element.getRootNode() as ShadowRoot;
      return (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => root.getElementById(id)?.textContent)
        .join(' ');
    });
    expect(description).toBe('You have been inactive for a while. For your security, your session ends in 30 seconds.');
    expect(await userIdField(page).getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText('Please enter a valid user ID of at least 8 characters').count()).toBe(0);
    await checkA11y(page, 'inactivity dialog over a half-typed user ID');

    await button(page, 'Continue').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toEqual({ role: 'textbox', name: 'User ID' });
    // Leaving the field by the user's own hand still validates it.
    await page.keyboard.press('Tab');
    await page.getByText('Please enter a valid user ID of at least 8 characters').waitFor();
    page.expectNoConsoleErrors();
  });
});

test("closing the 'not allowed' alert on the access-protection page leaves a link to the start page, focused", async () => {
  const page = await e2e.open('/access/pages/access-protection');
  await waitForPortal(page, 'You are not allowed to access');
  await tabTo(page, 'Close');
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: 'Go to the start page' });
  await link.waitFor();
  await expect.poll(() => focused(page)).toEqual({ role: 'link', name: 'Go to the start page' });
  await checkA11y(page, 'access protection after closing the alert');
  await page.keyboard.press('Enter');
  await waitForPortal(page, 'Log on with');
  page.expectNoConsoleErrors();
});
