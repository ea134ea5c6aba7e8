// A failing or hostile server in real Chromium (issue 23): timer values that used to turn the QR
// poll into a hot loop and expire a colour code at once, and a logon url too long to follow.
// The sandbox answers the 503s (its faults carry headers); a value the sandbox never sends is
// put into its real answer at the network edge with Playwright's route.
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { confirmMobile, EXAMPLES, fault, useE2E, waitForPortal, widget } from './harness';

const e2e = useE2E();

const API = '/access/v1/api/public';
const CONFIRMED = `${API}/qr/confirmed`;
const WINDOW_MS = 3000;
/** The poll's own rate in that window: every 500 ms. */
const NORMAL_POLLS = WINDOW_MS / 500;

/** Start times (the browser's clock) of the calls to `path`. */
function recordCalls(page: Page, path: string) {
  const requests: Request[] = [];
  page.on('request', (request) => void (new URL(request.url()).pathname === path && requests.push(request)));
  return (from: number, to: number) => requests.map((request) => request.timing().startTime).filter((at) => at >= from && at < to).length;
}

/** Replaces fields of a JSON answer (after its `)]}'` prefix) as it passes the network edge. */
const rewrite = (patch: Record<string, unknown>) => async (route: Route) => {
  const response = await route.fetch();
  const text = await response.text();
  const prefix = text.startsWith(")]}'") ? text.slice(0, text.indexOf('\n') + 1) : '';
  await route.fulfill({ response, body: prefix + JSON.stringify({ ...JSON.parse(text.slice(prefix.length)), ...patch }) });
};

describe('server timers cannot make a hot loop', () => {
  test.each(['0', '-5', '3000000'])('a 503 with Retry-After: %s never makes the QR poll faster than every 500 ms', async (retryAfter) => {
    const page = await e2e.open(`${EXAMPLES.vanilla.replace(/\/$/, '')}/pages/logon/mobile`);
    await waitForPortal(page, "Log on with the bank's mobile app");
    await page.getByRole('img', { name: /^QR code to log on/ }).waitFor();
    const polls = recordCalls(page, CONFIRMED);
    await fault(e2e.url, { path: CONFIRMED, status: 503, body: { errorCode: 'busy' }, headers: { 'Retry-After': retryAfter }, times: 1000 });
    const busy = await page.waitForResponse((response) => new URL(response.url()).pathname === CONFIRMED && response.status() === 503);
    const from = busy.request().timing().startTime;
    await page.waitForTimeout(WINDOW_MS + 200); // the window is what is measured
    const count = polls(from, from + WINDOW_MS);
    console.info(`Retry-After: ${retryAfter}: ${count} polls in ${WINDOW_MS} ms`);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(NORMAL_POLLS);
    expect(await page.locator('.amwa-qr').getAttribute('data-state')).toBe('loaded');
    page.expectNoConsoleErrors({ allow: [/status of 503/] });
  });

  test('a colour code with expirationDuration 3000000 s stays usable, not expired within seconds', async () => {
    const page = await e2e.open(`${EXAMPLES.vanilla.replace(/\/$/, '')}/pages/logon/scanner`, {
      setup: async (context) => void (await context.route('**/security-means/cronto-hardware-token/actions/authentication/standalone/initiate', rewrite({ expirationDuration: 3_000_000 }))),
    });
    await waitForPortal(page, 'Log on with your scanner');
    await page.getByRole('textbox', { name: 'User ID' }).fill('EMMA0005');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const image = page.getByRole('img', { name: 'Colour code to scan with your scanner' });
    await image.waitFor();
    await page.waitForTimeout(3000); // it used to show as expired within 1.5 s
    expect(await image.count()).toBe(1);
    expect(await page.getByText('This colour code has expired. Select Refresh for a new one.').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: /^Response code/ }).isDisabled()).toBe(false);
    page.expectNoConsoleErrors();
  });
});

describe('a logon url too long to follow', () => {
  test("a 300 kB url from the mobile logon ends on the widget's 'Invalid redirection url', not the browser's error page", async () => {
    const huge = `/__sandbox/logged-on?pad=${'a'.repeat(300_000)}`;
    const page = await e2e.open(`${EXAMPLES.vanilla.replace(/\/$/, '')}/pages/logon/mobile`, {
      setup: async (context) => void (await context.route(`**${API}/mobile/logon`, rewrite({ url: huge }))),
    });
    await waitForPortal(page, "Log on with the bank's mobile app");
    await page.evaluate(`(() => {
      globalThis.__amwaErrors = [];
      document.addEventListener('amwa-generic-exception', (event) => globalThis.__amwaErrors.push(event.detail.message));
    })()`);
    await page.getByRole('img', { name: /^QR code to log on/ }).waitFor();
    await confirmMobile(e2e.url, 'logon');
    await waitForPortal(page, 'Something went wrong');
    expect(new URL(page.url()).pathname).toBe('/access/pages/error');
    expect(await page.evaluate('globalThis.__amwaErrors')).toEqual(['Invalid redirection url']);
    expect(await widget(page).getByText('Something went wrong').count()).toBe(1);
    page.expectNoConsoleErrors({ allow: [/Invalid redirection url/] });
  });
});
