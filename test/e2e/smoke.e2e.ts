// First e2e: every example page boots in real Chromium, shows the widget, passes axe,
// is operable by keyboard and logs nothing to the console (strict CSP included).
import { describe, expect, test } from 'vitest';
import { EXAMPLES, checkA11y, expectKeyboardReachable, useE2E, waitForPortal } from './harness';

const e2e = useE2E();

test('the demo index links to every example', async () => {
  const page = await e2e.open('/');
  const links = await page.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname.replace(/\/?$/, '/')),
  );
  expect(links).toEqual(expect.arrayContaining(Object.values(EXAMPLES)));
  await checkA11y(page, 'demo index');
  page.expectNoConsoleErrors();
});

describe.each(Object.entries(EXAMPLES))('the %s example', (name, path) => {
  test('renders Home with its heading, accessible and keyboard-operable, with no console error', async () => {
    const page = await e2e.open(path);
    expect(await waitForPortal(page, 'Log on with')).toBe('Log on with');
    if (name !== 'react') expect(await page.locator('amwa-portal').count()).toBe(1);
    await checkA11y(page, `${name} home`);
    const order = await expectKeyboardReachable(page);
    expect(order.map((item) => item.name)).toContain('Contact us');
    page.expectNoConsoleErrors();
  });
});
