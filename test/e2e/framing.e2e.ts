// Clickjacking in a real browser: a page on another origin frames an example page to lay its own
// buttons over the widget. The sandbox's frame-ancestors 'self' (and X-Frame-Options) must make
// Chromium refuse the frame, while a page on the sandbox's own origin may still frame it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Frame } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EXAMPLES, newPage, useE2E, type TestPage } from './harness';

const e2e = useE2E();

const pages = new Set<TestPage>();
afterEach(async () => {
  await Promise.all([...pages].map((page) => page.close()));
  pages.clear();
});

// Another origin on this machine (another port of 127.0.0.1), serving the attacker's page: a
// loopback server, as Chromium's local-network checks let a loopback page frame a loopback one.
let other: Server | undefined;
let framedPath = '/';
beforeAll(async () => {
  other = createServer((_, answer) => {
    answer.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    answer.end(`<!doctype html><title>framer</title><iframe title="framed" src="${e2e.url}${framedPath}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => (other ? other.close(() => resolve()) : resolve())));

/** Opens `url`, a page that frames the sandbox's `path`; `answers` lists what the sandbox answered the frame (status and URL), `failed` the requests the browser gave up on or refused (with its reason). */
async function framer(url: string, path: string, route?: (context: BrowserContext) => Promise<void>) {
  framedPath = path;
  const answers: string[] = [];
  const failed: string[] = [];
  const setup = async (context: BrowserContext) => {
    context.on('response', (response) => void (response.url() === `${e2e.url}${path}` && answers.push(`${response.status()} ${response.url()}`)));
    context.on('requestfailed', (request) => void failed.push(`${request.url()}: ${request.failure()?.errorText}`));
    await route?.(context);
  };
  const page = await newPage(e2e.browser, url, { setup });
  pages.add(page);
  return { page, answers, failed };
}

/** The page's one child frame, once it has navigated somewhere. */
const childFrame = async (page: TestPage): Promise<Frame> => {
  await expect.poll(() => page.mainFrame().childFrames()[0]?.url() ?? '', { timeout: 15_000 }).not.toBe('');
  return page.mainFrame().childFrames()[0]!;
};

describe('framing an example page', () => {
  test.each(Object.entries(EXAMPLES))('a page on another origin cannot frame the %s example: Chromium refuses it', async (_, path) => {
    const { page, answers, failed } = await framer(`http://127.0.0.1:${(other!.address() as AddressInfo).port}/clickjack`, path);
    const frame = await childFrame(page);
    // Chromium replaces a frame refused by frame-ancestors with its error page.
    await expect.poll(() => frame.url(), { timeout: 15_000 }).toBe('chrome-error://chromewebdata/');
    expect(await page.frameLocator('iframe').locator('amwa-portal, #amwa-react-root').count()).toBe(0);
    // The sandbox did answer the frame: the browser refused the page for its headers, not for its address.
    expect(answers).toEqual([`200 ${e2e.url}${path}`]);
    expect(failed).toEqual([`${e2e.url}${path}: net::ERR_BLOCKED_BY_RESPONSE`]);
  });

  test('a page on the sandbox origin frames it, and the widget runs there', async () => {
    // The framing page answered by the browser itself at a URL of the sandbox's origin.
    const url = `${e2e.url}/__test/same-origin-framer`;
    const route = async (context: BrowserContext) => {
      await context.route(url, (answer) => answer.fulfill({ contentType: 'text/html', body: `<!doctype html><title>framer</title><iframe title="framed" src="${EXAMPLES.vanilla}" width="800" height="600"></iframe>` }));
    };
    const { page } = await framer(url, EXAMPLES.vanilla, route);
    const frame = await childFrame(page);
    await expect.poll(() => frame.url()).toBe(`${e2e.url}${EXAMPLES.vanilla}`);
    const heading = page.frameLocator('iframe').locator('.amwa-root').getByRole('heading').first();
    await heading.waitFor({ state: 'visible' });
    expect(((await heading.textContent()) ?? '').trim()).not.toBe('');
    page.expectNoConsoleErrors();
  });
});
