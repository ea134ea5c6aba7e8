// A host page whose own code is broken cannot break the widget: with a tag manager whose
// dataLayer.push throws, a user still walks Home → mobile logon → logged on, and the widget
// reports the broken push once on the console.
import { describe, expect, test } from 'vitest';
import { checkA11y, confirmMobile, EXAMPLES, useE2E, waitForPortal } from './harness';

const e2e = useE2E();

const BROKEN_TAG_MANAGER = `globalThis.__pushes = 0;
globalThis.dataLayer = { push() { globalThis.__pushes += 1; throw new Error('broken tag manager'); } };`;

describe('a host page with broken code of its own', () => {
  test('a dataLayer.push that throws does not blank the widget: the user logs on with the mobile app', async () => {
    const page = await e2e.open(EXAMPLES.vanilla, { initScript: BROKEN_TAG_MANAGER });
    await waitForPortal(page, 'Log on with');
    await page.getByRole('link', { name: /The bank's mobile app/ }).click();
    await waitForPortal(page, "Log on with the bank's mobile app");
    await page.getByRole('img', { name: /^QR code to log on/ }).waitFor();
    await checkA11y(page, 'QR loaded under a broken tag manager');
    expect(await page.evaluate('globalThis.__pushes')).toBeGreaterThanOrEqual(2);

    await confirmMobile(e2e.url, 'logon');
    await page.waitForURL('**/__sandbox/logged-on');
    const reports = page.problems.filter((line) => line.includes('host code threw'));
    expect(reports).toEqual([expect.stringContaining('amwa: host code threw (dataLayer.push); the widget carries on')]);
    page.expectNoConsoleErrors({ allow: [/host code threw \(dataLayer\.push\)/] });
  });
});
