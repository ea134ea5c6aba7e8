// The scanner logon hands its result to the authentication component, in real Chromium against
// the sandbox: HUGO0008 signs in with two profiles and picks one in the profile selector by
// keyboard alone; with the sandbox's stepUp knob the logon first asks for a second colour code.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11y, EXAMPLES, fault, focused, scan, setConfig, tabTo, useE2E, waitForPortal, type TestPage } from './harness';
import { acceptedLogons } from '../../packages/amwa-sandbox/src/scanner-logon';

const e2e = useE2E();

const PAGE = `${EXAMPLES.vanilla}pages/logon/scanner`;
const USER = 'HUGO0008';
const COLOUR_CODE = 'Colour code to scan with your scanner';
const SELECT_PROFILE = 'Select a profile';
const INELIGIBLE = 'This profile needs a stronger logon method';
const STEP_UP = 'Confirm your logon';
const UNAVAILABLE = 'This access means cannot be used here. Use another access means, or go back and log on again.';

const colourCode = (page: Page) => page.getByRole('img', { name: COLOUR_CODE });
const codeField = (page: Page) => page.getByRole('textbox', { name: /^Response code/ });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const pageNames = async (page: Page) =>
  ((await page.evaluate('globalThis.dataLayer ?? []')) as Record<string, string>[]).filter((entry) => entry.event === 'pageLoad').map((entry) => entry.pageName);

/** Opens the scanner logon, logs HUGO0008 on with the colour code on screen and presses Log on. */
async function answerFirstCode(): Promise<TestPage> {
  const page = await e2e.open(PAGE);
  await waitForPortal(page, 'Log on with your scanner');
  await page.getByRole('textbox', { name: 'User ID' }).fill(USER);
  await button(page, 'Next').click();
  await codeField(page).fill(await scanScreen(page));
  await button(page, 'Log on').click();
  return page;
}

/** What HUGO0008's scanner shows for the colour code on screen. */
async function scanScreen(page: Page) {
  const src = (await colourCode(page).getAttribute('src'))!;
  return scan(e2e.url, USER, src.replace('data:image/png;base64,', ''));
}

// The focused element through open shadow roots, for the accessibility tree to describe.
const DEEP_ACTIVE_ELEMENT = `(() => {
  let element = document.activeElement;
  while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
  return element;
})()`;

/** The accessible description of the focused element as Chromium computes it: what a screen reader announces after the name. */
async function focusedDescription(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: DEEP_ACTIVE_ELEMENT });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId!, fetchRelatives: false });
    return String(nodes[0]?.description?.value ?? '');
  } finally {
    await cdp.detach();
  }
}

describe('authentication in the scanner logon', () => {
  test('HUGO0008 chooses a profile by keyboard alone: the ineligible one refuses, with its reason; Enter on the other logs on', async () => {
    const page = await answerFirstCode();
    const selector = page.getByRole('list', { name: SELECT_PROFILE });
    await selector.waitFor();
    await expect.poll(() => focused(page)).toEqual({ role: 'heading', name: SELECT_PROFILE });
    expect(await colourCode(page).count()).toBe(0);
    expect(await pageNames(page)).toEqual(expect.arrayContaining(['logon:scanner:step2', 'logon:scanner:step2-success', 'logon:scanner:select-profile']));
    await checkA11y(page, 'select profile');

    expect(await tabTo(page, 'acme trading')).toEqual({ role: 'button', name: 'acme trading' });
    expect(await focusedDescription(page)).toBe(INELIGIBLE);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await focused(page)).toEqual({ role: 'button', name: 'acme trading' });
    expect(await selector.isVisible()).toBe(true);

    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toEqual({ role: 'button', name: 'Jansen Holding BV Default' });
    expect(await focusedDescription(page)).toBe('');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).name).toBe('acme trading');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/__sandbox/logged-on');
    expect(acceptedLogons(e2e.server.sandbox.state).map((logon) => logon.username)).toEqual([USER]);
    page.expectNoConsoleErrors();
  });

  test('the profile selector is a screen like the others: its h1, Help, and Back by keyboard gives the logon up (its tokens revoked) for the user ID step', async () => {
    const page = await answerFirstCode();
    await page.getByRole('heading', { level: 1, name: SELECT_PROFILE }).waitFor();
    expect(await button(page, 'Help').count()).toBe(1);
    await checkA11y(page, 'select profile with Back and Help');
    const revoked = e2e.requests('revokeToken').length;
    await tabTo(page, 'Back');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'User ID' }).waitFor();
    await expect.poll(() => e2e.requests('revokeToken').length).toBeGreaterThan(revoked);
    // Next starts afresh: a new colour code to answer.
    await button(page, 'Next').click();
    await colourCode(page).waitFor();
    page.expectNoConsoleErrors();
  });

  test('a token refresh answered 401 under the profile selector ends the session as the inactivity limit does: the session-expired notice, the user ID step, the way back Home', async () => {
    // The activation's inactivity limit of 6 s makes the session refresh at 3 s idle (6 s less its
    // 3 s margin) on every page; the logon's own limit stays far away.
    await setConfig(e2e.url, { inactivityTimeoutActivationS: 6 });
    await fault(e2e.url, { path: '/oauth2/token', status: 401, body: { error: 'invalid_grant' }, times: 2 });
    const page = await answerFirstCode();
    await page.getByRole('list', { name: SELECT_PROFILE }).waitFor();
    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/oauth2/token');
    expect((await refreshed).status()).toBe(401);

    await page.waitForURL(`**${PAGE}/sessionExpired`);
    await page.getByText('Your session has expired, you need to log on again.').waitFor();
    expect(await page.getByRole('list', { name: SELECT_PROFILE }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'User ID' }).inputValue()).toBe('');
    await checkA11y(page, 'session expired after a refused refresh');
    expect(acceptedLogons(e2e.server.sandbox.state)).toEqual([]);
    await page.getByRole('link', { name: 'Back to login' }).or(button(page, 'Back to login')).click();
    await page.getByRole('heading', { name: 'Log on with' }).waitFor();
    page.expectNoConsoleErrors({ allow: [/status of 401/] });
  });

  test('with the stepUp knob HUGO0008 answers a second colour code, may swap to the mobile app (not available here), then chooses a profile', async () => {
    await setConfig(e2e.url, { stepUp: true });
    const page = await answerFirstCode();
    await page.getByRole('heading', { name: STEP_UP }).waitFor();
    await expect.poll(() => focused(page)).toEqual({ role: 'heading', name: STEP_UP });
    await colourCode(page).waitFor();
    await checkA11y(page, 'step-up colour code');

    await button(page, 'Use another access means').click();
    await page.getByText(UNAVAILABLE).waitFor();
    expect(await colourCode(page).count()).toBe(0);
    expect(await button(page, 'Confirm').count()).toBe(0);
    await checkA11y(page, 'step-up means not available');
    await button(page, 'Use another access means').click();
    await colourCode(page).waitFor();

    const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/actions/authentication/authenticate'));
    await codeField(page).fill(await scanScreen(page));
    await button(page, 'Confirm').click();
    expect((await answered).status()).toBe(200);
    await page.getByRole('list', { name: SELECT_PROFILE }).waitFor();
    await expect.poll(() => pageNames(page)).toEqual(expect.arrayContaining(['logon:scanner:step-up', 'logon:scanner:step-up-success', 'logon:scanner:select-profile']));
    await checkA11y(page, 'select profile after the step-up');
    await page.getByRole('button', { name: /^Jansen Holding BV/ }).click();
    await page.waitForURL('**/__sandbox/logged-on');
    page.expectNoConsoleErrors();
  });

  test('a wrong step-up code shows the 400 message under the field, and Back returns to the user ID', async () => {
    await setConfig(e2e.url, { stepUp: true });
    const page = await answerFirstCode();
    await colourCode(page).waitFor();
    const right = await scanScreen(page);
    // Another Luhn-valid code, so only the server can say it is wrong.
    const wrong = right === '0000000' ? '0000018' : '0000000';
    await codeField(page).fill(wrong);
    await button(page, 'Confirm').click();
    await page.getByText(/^The combination of user id and code is not correct/).waitFor();
    expect(await codeField(page).getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page, 'step-up code rejected');
    await button(page, 'Back').click();
    await page.getByRole('textbox', { name: 'User ID' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'User ID' }).inputValue()).toBe(USER);
    page.expectNoConsoleErrors({ allow: [/status of 400/] });
  });
});
