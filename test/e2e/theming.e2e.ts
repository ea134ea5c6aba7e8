// The theming contract of docs/theming.md: the channel marker picks the accent, and a host
// page's own stylesheet can set the theme custom properties in shadow and light DOM alike.
import { expect, test } from 'vitest';
import { useE2E, waitForPortal, widget, type TestPage } from './harness';

const e2e = useE2E();

const BLUE = 'rgba(16, 122, 193, 1)';
const ORANGE = 'rgba(255, 98, 0, 1)';

// The value the widget paints with: `--amwa-x` as the host set it, else the widget's default.
const themeProperty = (page: TestPage, name: string) =>
  widget(page).evaluate((root, property) => getComputedStyle(root).getPropertyValue(property.replace('--', '--_')).trim(), name);

test.each([
  ['', BLUE],
  ['?channel=orange', ORANGE],
  ['?channel=orange&isolation=none', ORANGE],
])('/access/%s uses the accent %s', async (query, accent) => {
  const page = await e2e.open(`/access/${query}`);
  await waitForPortal(page, 'Log on with');
  expect(await themeProperty(page, '--amwa-accent')).toBe(accent);
  page.expectNoConsoleErrors();
});

test.each(['shadow', 'none'])('a host stylesheet on <amwa-portal> themes the widget (isolation %s)', async (isolation) => {
  const page = await e2e.open(`/access/?isolation=${isolation}`);
  await waitForPortal(page, 'Log on with');
  await page.addStyleTag({ content: 'amwa-portal { --amwa-accent: rgb(1, 2, 3); --amwa-primary: rgb(4, 5, 6); }' });
  expect(await themeProperty(page, '--amwa-accent')).toBe('rgb(1, 2, 3)');
  expect(await themeProperty(page, '--amwa-primary')).toBe('rgb(4, 5, 6)');
  page.expectNoConsoleErrors();
});
