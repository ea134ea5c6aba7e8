// Issue 30, one logon at a time wherever it runs: the browser holds one web-session cookie (and
// one QR cookie), so a logon started in another tab, or by another widget on the page, takes them
// from a QR logon in progress. That one must stop and say so in plain words (never a 401 or the
// error page), and start again on request; a scanner logon, which runs on its tokens, goes on.
// Also: a second mount() on one element is refused, and two light-DOM widgets keep their ids apart.
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { button, colourCode, hear, textbox } from './flows';
import { checkA11y, confirmMobile, EXAMPLES, scan, tabTo, useE2E, waitForPortal, widget } from './harness';

const e2e = useE2E();

const BASE = EXAMPLES.vanilla.replace(/\/$/, '');
const API = '/access/v1/api/public';
const LOGON_TITLE = "Log on with the bank's mobile app";
const SCANNER_TITLE = 'Log on with your scanner';
const STOPPED = 'This logon has stopped';
const START_AGAIN = 'Start again here';
const USER = 'EMMA0005';
const PNG = 'data:image/png;base64,';
const EVENTS = ['amwa-generic-exception', 'amwa-technical-exception', 'amwa-logon-redirect'] as const;

/** The API paths a page called, in order. */
function recordPaths(page: Page) {
  const paths: string[] = [];
  page.on('request', (request: Request) => void paths.push(new URL(request.url()).pathname));
  return paths;
}

/** The QR code of the logon, once it shows. */
const qrImage = (scope: ReturnType<typeof widget>) => scope.getByRole('img', { name: /^QR code to log on/ });

/** Adds a second `<amwa-portal>` after the page's own, with its settings and `extra` on top. */
const addSecondWidget = (page: Page, extra: object) =>
  page.evaluate((more) => {
    const first = document.querySelector('amwa-portal')!;
    const second = document.createElement('amwa-portal');
    second.setAttribute('settings', JSON.stringify({ ...JSON.parse(first.getAttribute('settings')!), ...more }));
    first.after(second);
  }, extra);

/** Logs on in `scope` with the scanner of USER, from the code step. */
async function answerColourCode(page: Page, scope: ReturnType<typeof widget>) {
  const image = ((await scope.locator('img.amwa-colour-code__image').getAttribute('src')) ?? '').slice(PNG.length);
  const code = (await scan(e2e.url, USER, image)).replace(/-/g, '');
  await scope.getByRole('textbox', { name: /^Response code/ }).fill(code);
  await scope.getByRole('button', { name: 'Log on', exact: true }).click();
  await page.waitForURL('**/__sandbox/logged-on');
}

describe('one logon at a time (issue 30)', () => {
  test('tab A’s QR logon stops and says so when tab B starts a scanner logon; the phone’s approval then finds no 401, B logs on, and A starts again and logs on', async () => {
    let heard: [string, unknown][] = [];
    const a = await e2e.open(`${BASE}/pages/logon/mobile`, { setup: async (context) => void (heard = await hear(context, EVENTS)) });
    await waitForPortal(a, LOGON_TITLE);
    await qrImage(widget(a)).waitFor();
    const fromA = recordPaths(a);

    const b = await a.context().newPage();
    await b.goto(new URL(`${BASE}/pages/logon/scanner`, e2e.url).href);
    await waitForPortal(b, SCANNER_TITLE);
    await textbox(b, 'User ID').fill(USER);
    await button(b, 'Next').click();
    await colourCode(b).waitFor();

    // A learns over the channel that its cookies are B's now: a plain message, no QR code, no polling.
    const stopped = widget(a).getByRole('status').filter({ hasText: STOPPED });
    await stopped.waitFor();
    expect(await stopped.textContent()).toContain('Only one logon can run at a time');
    expect(await qrImage(widget(a)).count()).toBe(0);
    await checkA11y(a, 'QR logon taken over by another tab');

    // The phone approves A's code; B's scanner logon goes on meanwhile and lands logged on.
    await confirmMobile(e2e.url, 'logon');
    await answerColourCode(b, widget(b));
    expect(fromA.filter((path) => path === `${API}/mobile/logon`)).toEqual([]);
    expect(heard.filter(([type]) => type !== 'amwa-logon-redirect')).toEqual([]);
    expect(a.url()).toMatch(/\/access\/pages\/logon\/mobile$/);

    // Start again, by keyboard: a new session and code, which the phone approves.
    await tabTo(a, START_AGAIN);
    await a.keyboard.press('Enter');
    await qrImage(widget(a)).waitFor();
    await confirmMobile(e2e.url, 'logon');
    await a.waitForURL('**/__sandbox/logged-on');
    expect(heard.filter(([type]) => type !== 'amwa-logon-redirect')).toEqual([]);
    a.expectNoConsoleErrors();
  });

  test('two widgets on one page: the QR logon of the first stops when the second starts a scanner logon, never a 401', async () => {
    let heard: [string, unknown][] = [];
    const page = await e2e.open(`${BASE}/pages/logon/mobile`, { setup: async (context) => void (heard = await hear(context, EVENTS)) });
    await waitForPortal(page, LOGON_TITLE);
    const [first, second] = [widget(page).nth(0), () => widget(page).nth(1)];
    await qrImage(first).waitFor();
    const paths = recordPaths(page);

    await addSecondWidget(page, { routing: 'memory', initialRoute: '/pages/logon/scanner' });
    await second().getByRole('heading', { name: SCANNER_TITLE }).waitFor();
    await second().getByRole('textbox', { name: 'User ID', exact: true }).fill(USER);
    await second().getByRole('button', { name: 'Next', exact: true }).click();
    await second().locator('img.amwa-colour-code__image').waitFor();

    const stopped = first.getByRole('status').filter({ hasText: STOPPED });
    await stopped.waitFor();
    await checkA11y(page, 'QR logon taken over by a second widget');
    await confirmMobile(e2e.url, 'logon');
    await answerColourCode(page, second());
    expect(paths.filter((path) => path === `${API}/mobile/logon`)).toEqual([]);
    expect(heard).toEqual([['amwa-logon-redirect', { url: `${e2e.url}/__sandbox/logged-on`, logonType: 'scanner' }]]);
    page.expectNoConsoleErrors();
  });

  test('mount() on an element that holds a widget: one console error naming amwa, one root', async () => {
    const page = await e2e.open(`${BASE}/`);
    await waitForPortal(page, 'Log on with');
    // A string, so the test's own bundler leaves the page's import alone.
    await page.evaluate(`(async () => {
      const { mount } = await import('/dist/amwa.standalone.js');
      const element = document.querySelector('amwa-portal');
      mount(element, element.getAttribute('settings'));
    })()`);
    await expect.poll(() => page.problems.length).toBe(1);
    expect(page.problems[0]).toMatch(/^console\.error: amwa mount: this element already holds an amwa widget/);
    expect(await page.locator('amwa-portal .amwa-root').count()).toBe(1);
    await waitForPortal(page, 'Log on with');
  });

  test('two light-DOM widgets: a click on the label of the second focuses the second’s field', async () => {
    const page = await e2e.open(`${BASE}/pages/logon/scanner?isolation=none`);
    await waitForPortal(page, SCANNER_TITLE);
    await addSecondWidget(page, { routing: 'memory', initialRoute: '/pages/logon/scanner' });
    const second = widget(page).nth(1);
    await second.getByRole('heading', { name: SCANNER_TITLE }).waitFor();
    await second.locator('label', { hasText: 'User ID' }).click();
    const focusedIn = await page.evaluate(() => [...document.querySelectorAll('amwa-portal')].indexOf(document.activeElement!.closest('amwa-portal')!));
    expect(focusedIn).toBe(1);
    const ids = await page.evaluate(() => [...document.querySelectorAll('amwa-portal [id]')].map((element) => element.id));
    expect(new Set(ids).size).toBe(ids.length);
    page.expectNoConsoleErrors();
  });
});
