// The session layer across tabs: every tab of the origin elects one leader for the token
// refresh (shown as `data-session-leader` on the widget root and the `amwa-session-leader`
// event), and when the leader tab closes another takes over within a couple of seconds.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { EXAMPLES, checkA11y, useE2E, waitForPortal, widget } from './harness';

const e2e = useE2E();

/** Two tabs of one browser profile: same origin, same BroadcastChannel. */
interface Tabs {
  context: BrowserContext;
  pages: Page[];
  /** Console errors and uncaught page errors, by tab. */
  problems: string[];
}

let opened: Tabs | undefined;
afterEach(async () => {
  await opened?.context.close();
  opened = undefined;
});

/** Opens `paths` as tabs of one context and waits until each shows Home. */
async function openTabs(...paths: string[]): Promise<Tabs> {
  const context = await e2e.browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 800 } });
  // Every leadership change a tab hears, in order, from the composed DOM event.
  await context.addInitScript(`globalThis.__amwaLeader = [];
document.addEventListener('amwa-session-leader', (event) => globalThis.__amwaLeader.push(event.detail.leader));`);
  const problems: string[] = [];
  const pages: Page[] = [];
  for (const [index, path] of paths.entries()) {
    const page = await context.newPage();
    page.on('console', (message) => void (message.type() === 'error' && problems.push(`tab ${index}: ${message.text()}`)));
    page.on('pageerror', (error) => void problems.push(`tab ${index}: ${error.message}`));
    await page.goto(new URL(path, `${e2e.url}/`).href, { waitUntil: 'load' });
    await waitForPortal(page, 'Log on with');
    pages.push(page);
  }
  opened = { context, pages, problems };
  return opened;
}

const leadership = (page: Page) => widget(page).getAttribute('data-session-leader');
const leaders = async (pages: Page[]) => (await Promise.all(pages.map(leadership))).map((value) => value === 'true');
const heard = (page: Page) => page.evaluate('globalThis.__amwaLeader') as Promise<boolean[]>;

describe('cross-tab session leadership', () => {
  test('two tabs of the demo elect exactly one leader, and the other takes over when it closes', async () => {
    const { pages, problems } = await openTabs(EXAMPLES.vanilla, EXAMPLES.vanilla);
    await expect.poll(() => leaders(pages), { timeout: 5_000 }).toContain(true);
    const roles = await leaders(pages);
    expect(roles.filter(Boolean)).toHaveLength(1);
    const leader = pages[roles.indexOf(true)]!;
    const follower = pages[roles.indexOf(false)]!;
    expect(await leadership(follower)).toBe('false');
    expect(await heard(leader)).toEqual([true]);
    expect(await heard(follower)).toEqual([]);
    await checkA11y(follower, 'home in a follower tab');

    await leader.close();
    await expect.poll(() => leadership(follower), { timeout: 3_000 }).toBe('true');
    expect(await heard(follower)).toEqual([true]);
    // No profile is signed in, so there was nothing to refresh.
    const stats = await (await fetch(`${e2e.url}/__sandbox/session/stats`)).json();
    expect(stats).toMatchObject({ refreshCalls: 0, liveGrants: 0 });
    expect(problems).toEqual([]);
  });

  test('the vanilla and React examples on one origin share one leader', async () => {
    const { pages, problems } = await openTabs(EXAMPLES.react, EXAMPLES.csp);
    await expect.poll(() => leaders(pages), { timeout: 5_000 }).toContain(true);
    // One tab took the lead once; the other never did.
    await expect.poll(async () => (await Promise.all(pages.map(heard))).flat(), { timeout: 3_000 }).toEqual([true]);
    expect((await leaders(pages)).filter(Boolean)).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
