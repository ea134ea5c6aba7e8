// The sandbox's screen gallery (docs/gallery.md) in real Chromium: every state is reached by
// walking the real widget against the sandbox, axe finds no WCAG 2.x A/AA violation on the whole
// page with every state's frame in English and again in German at 320 px, the toolbar works by
// keyboard, and nothing but the API errors the states are about reaches the console.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { checkA11y, focused, tabTo, useE2E } from './harness';

const e2e = useE2E();

const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
/** Walking every state takes about 20 s on a laptop; CI machines are slower and shared. */
const READY_TIMEOUT_MS = 150_000;

interface FrameState {
  id: string;
  status: string;
  wanted: string;
  shown: string;
  error: string;
}

const frames = (page: Page) =>
  page.locator('iframe[data-state]').evaluateAll((list) =>
    list.map((frame) => {
      const { state = '', status = '', wanted = '', shown = '', error = '' } = (frame as HTMLIFrameElement).dataset;
      return { id: state, status, wanted, shown, error };
    }),
  ) as Promise<FrameState[]>;

/** Waits until every frame shows its state in the view asked for; fails at once naming a state that failed. */
async function everyStateShown(page: Page): Promise<FrameState[]> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const all = await frames(page);
    const failed = all.filter((frame) => frame.status === 'failed');
    expect(failed, 'states that failed').toEqual([]);
    if (all.every((frame) => frame.status === 'ready' && frame.shown === frame.wanted)) return all;
    if (Date.now() > deadline) {
      const behind = all.filter((frame) => frame.status !== 'ready' || frame.shown !== frame.wanted);
      throw new Error(`gallery: states not shown after ${READY_TIMEOUT_MS / 1000} s: ${behind.map((frame) => `${frame.id} (${frame.status})`).join(', ')}`);
    }
    await page.waitForTimeout(250);
  }
}

/**
 * axe over the page and every state's frame at once: a violation names its frame by title. The
 * frames are inert (for looking at, not using), which axe rightly skips: lifted while it runs.
 */
async function checkEveryState(page: Page, label: string) {
  await Promise.all(page.frames().map((frame) => frame.evaluate(axeSource)));
  await page.evaluate(() => document.querySelectorAll('iframe').forEach((frame) => void (frame.inert = false)));
  try {
    await checkA11y(page, label);
  } finally {
    // A widget may have taken focus meanwhile (the inactivity warning opens anew every 25 s).
    await page.evaluate(() => {
      document.querySelectorAll('iframe').forEach((frame) => void (frame.inert = true));
      (document.activeElement as HTMLElement | null)?.blur();
    });
  }
}

test('every state is reached, passes axe in English and in German at 320 px, and follows the keyboard-operated toolbar', async () => {
  const page = await e2e.open('/__sandbox/gallery');
  // Each state's frame uses the API under a *.localhost name of its own, which needs a localhost page.
  expect(new URL(page.url()).hostname).toBe('localhost');

  const english = await everyStateShown(page);
  expect(english.length).toBeGreaterThanOrEqual(45);
  expect(new Set(english.map((frame) => frame.wanted))).toEqual(new Set(['en blue 375']));
  await checkEveryState(page, 'every gallery state in English at 375 px');

  // By keyboard: German sits just above English; in the width group Tab reaches the checked
  // radio button and the arrow keys choose another.
  await tabTo(page, 'Language');
  await page.keyboard.press('ArrowUp');
  await tabTo(page, '375 px');
  await page.keyboard.press('ArrowLeft');
  expect(await focused(page)).toEqual({ role: 'radio', name: '320 px' });
  expect(new URL(page.url()).search).toBe('?lang=de&width=320');

  const german = await everyStateShown(page);
  expect(new Set(german.map((frame) => frame.wanted))).toEqual(new Set(['de blue 320']));
  // Reached once, in English, and switched in place: the same walk, now in German.
  const home = page.frameLocator('iframe[data-state="home"]').locator('.amwa-root');
  expect(await home.getAttribute('lang')).toMatch(/^de/);
  expect(await home.getByRole('heading', { level: 1 }).textContent()).not.toBe('Log on with');
  expect(await page.locator('iframe[data-state="scanner-code"]').evaluate((frame) => frame.getBoundingClientRect().width)).toBe(322);
  await checkEveryState(page, 'every gallery state in German at 320 px');

  page.expectNoConsoleErrors({ allow: [/status of (400|403|500|503)\b/, /AmwaApiError: Request failed with status code (500|503)\b/] });
}, 300_000);
