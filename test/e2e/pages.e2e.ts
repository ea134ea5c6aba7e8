// Every screen the demo index lists, on the plain page and under the strict CSP: the widget
// shows the screen's own heading, axe finds no WCAG 2.x A/AA violation, Tab reaches every
// control, and nothing is logged to the console (no error, no CSP or Trusted Types violation).
import { describe, expect, test } from 'vitest';
import { ENTRY_ROUTES } from '../../packages/amwa-sandbox/src/catalog';
import { EXAMPLES, checkA11y, expectKeyboardReachable, useE2E, waitForPortal } from './harness';

const e2e = useE2E();

describe.each([
  ['standard', EXAMPLES.vanilla],
  ['strict-CSP', EXAMPLES.csp],
])('on the %s page', (kind, base) => {
  test.each(ENTRY_ROUTES)('%s (%s) is accessible, keyboard-operable and error-free', async (name, route) => {
    const page = await e2e.open(base + route.replace(/^\//, ''));
    const heading = await waitForPortal(page);
    // A route-table slip would otherwise pass silently: the not-found page is accessible too.
    if (route !== '/pages/not-found') expect(heading, `heading of ${route}`).not.toBe('404 - Page Not Found');
    await checkA11y(page, `${name} on the ${kind} page`);
    await expectKeyboardReachable(page);
    page.expectNoConsoleErrors();
  });
});
