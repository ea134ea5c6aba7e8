// A DNS-rebinding page in a real browser: Chromium is told that rebind.attacker.example resolves to
// 127.0.0.1, as an attacker's DNS server would answer once the victim's browser has the page. The
// page is then same-origin with whatever listens there; the sandbox must answer it nothing.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, useE2E } from './harness';

const e2e = useE2E();

const ATTACKER = 'rebind.attacker.example';

let rebound: Browser | undefined;
beforeAll(async () => {
  rebound = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${ATTACKER} 127.0.0.1`], headless: true });
});
afterAll(() => rebound?.close());

describe('a page on a name rebound to the sandbox', () => {
  test('gets 403 for the example page and every control read, and sees no registration code', async () => {
    e2e.server.sandbox.state.outbox.push({ userId: 'ANNA0001', to: 'anna.devries@example.com', code: '424242', sentAt: new Date().toISOString() });
    const page = await rebound!.newPage();
    try {
      const origin = `http://${ATTACKER}:${e2e.server.port}`;
      const landing = await page.goto(`${origin}/access/`);
      expect(landing?.status()).toBe(403);
      expect(await page.locator('amwa-portal').count()).toBe(0);
      // What the attacker's script does next: same-origin reads, which carry no Origin header.
      const reads = await page.evaluate(async () =>
        Promise.all(
          ['/__sandbox/outbox', '/__sandbox/faults', '/__sandbox/mobile/pending', '/__sandbox/personas'].map(async (path) => {
            const answer = await fetch(path);
            return { path, status: answer.status, text: await answer.text() };
          }),
        ),
      );
      for (const read of reads) {
        expect(read.status, read.path).toBe(403);
        expect(read.text, read.path).not.toContain('424242');
      }
      // The same sandbox still answers its own names.
      expect((await fetch(`${e2e.url}/__sandbox/outbox`).then((answer) => answer.json())).map((mail: { code: string }) => mail.code)).toEqual(['424242']);
    } finally {
      await page.close();
    }
  });
});
