// The Puppeteer driver's hearing, with Puppeteer's page faked as the event emitter it is: whatever
// the page logs, the driver hears only the lines of the listener it put into the top frame, and
// never throws into the emitter (a throw there ends the test runner).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { MAX_HEARD_LINE } from './driver';
import { puppeteerDriver, type PuppeteerFrame, type PuppeteerPage, type PuppeteerResponse } from './puppeteer-driver';

const ORIGIN = 'http://127.0.0.1:8080';

function fakePage() {
  const events = new EventEmitter();
  const mainFrame: PuppeteerFrame = { name: 'main' };
  const scripts: string[] = [];
  const page = {
    evaluate: async (expression: string) => void scripts.push(expression),
    evaluateHandle: async () => ({ asElement: () => null, dispose: async () => undefined }),
    evaluateOnNewDocument: async (source: string) => (scripts.push(source), { identifier: '1' }),
    removeScriptToEvaluateOnNewDocument: async () => undefined,
    on: (event: string, listener: (value: unknown) => void) => events.on(event, listener),
    off: (event: string, listener: (value: unknown) => void) => events.off(event, listener),
    mainFrame: () => mainFrame,
    keyboard: { type: async () => undefined },
    url: () => `${ORIGIN}/access/pages/logon/scanner`,
  } as PuppeteerPage;
  /** A console line as the listener the driver sent into the top frame writes it. */
  const listenerLine = (from: string, type: string, detail: unknown) => `[amwa-testing]${/\[amwa-testing\]([0-9a-f]{32})/.exec(scripts[0]!)![1]}${JSON.stringify([from, type, detail])}`;
  const log = (text: unknown) => events.emit('console', { text: () => text });
  const answer = (frame: PuppeteerFrame | null, method: string, url: string, status: number): PuppeteerResponse => ({ url: () => url, status: () => status, frame: () => frame, request: () => ({ method: () => method }) });
  return { page, events, mainFrame, scripts, listenerLine, log, answer };
}

const redirect = { url: `${ORIGIN}/__sandbox/logged-on`, logonType: 'scanner' };

describe('puppeteerDriver', () => {
  it('sends a listener that stays out of iframes and carries a secret of its own', async () => {
    const { page, scripts } = fakePage();
    const log = await puppeteerDriver(page).hear(['amwa-logon-redirect']);
    expect(scripts[0]).toContain('if (window.top !== window) return');
    expect(scripts[0]).toMatch(/\[amwa-testing\][0-9a-f]{32}/);
    log.stop();
  });

  it('sends the same listener to the current document and to every one the page goes on to', async () => {
    const { page, scripts } = fakePage();
    const log = await puppeteerDriver(page).hear(['amwa-logon-redirect']);
    expect(scripts).toHaveLength(2);
    expect(scripts[1]).toBe(scripts[0]);
    log.stop();
  });

  it('sends it once more when a page load took the document (and the first evaluation) with it', async () => {
    const { page, scripts } = fakePage();
    let loads = 1;
    const evaluate = page.evaluate;
    const log = await puppeteerDriver({
      ...page,
      evaluate: async (expression: string) => (loads-- > 0 ? Promise.reject(new Error('Execution context was destroyed, most likely because of a navigation.')) : evaluate(expression)),
    } as PuppeteerPage).hear(['amwa-logon-redirect']);
    expect(scripts).toHaveLength(2);
    expect(scripts[1]).toBe(scripts[0]);
    log.stop();
  });

  it('survives any console line: malformed, huge, not text, unreadable', async () => {
    const { page, events, log: line, listenerLine } = fakePage();
    const log = await puppeteerDriver(page).hear(['amwa-logon-redirect']);
    expect(() => line('[amwa-testing]["amwa-logon-redirect",')).not.toThrow();
    expect(() => line(`${listenerLine(ORIGIN, 'amwa-logon-redirect', redirect).slice(0, 60)}{{{`)).not.toThrow();
    expect(() => line(listenerLine(ORIGIN, 'amwa-logon-redirect', 'x'.repeat(MAX_HEARD_LINE)))).not.toThrow();
    expect(() => line(42)).not.toThrow();
    expect(() => line(undefined)).not.toThrow();
    expect(() => events.emit('console', { text: () => { throw new Error('gone'); } })).not.toThrow();
    expect(log.read()).toEqual([]);
    line(listenerLine(ORIGIN, 'amwa-logon-redirect', redirect));
    expect(log.read()).toEqual([{ type: 'amwa-logon-redirect', detail: redirect }]);
    log.stop();
  });

  it("ignores a line that looks like the kit's without its secret (another frame's), or from another origin", async () => {
    const { page, log: line, listenerLine } = fakePage();
    const log = await puppeteerDriver(page).hear(['amwa-logon-redirect']);
    line(`[amwa-testing]${JSON.stringify(['amwa-logon-redirect', redirect])}`);
    line(`[amwa-testing]${'0'.repeat(32)}${JSON.stringify([ORIGIN, 'amwa-logon-redirect', redirect])}`);
    line(listenerLine('http://127.0.0.2:8080', 'amwa-logon-redirect', redirect));
    expect(log.read()).toEqual([]);
    log.stop();
  });

  it("sees the answers to the main frame's calls only", async () => {
    const { page, events, mainFrame, answer } = fakePage();
    const log = await puppeteerDriver(page).hear(['amwa-logon-redirect']);
    events.emit('response', answer({ name: 'iframe' }, 'POST', 'http://127.0.0.2/access/v1/api/public/scanner/logon', 200));
    events.emit('response', answer(null, 'GET', 'http://127.0.0.1:8080/sw.js', 200));
    expect(() => events.emit('response', { frame: () => { throw new Error('detached'); } })).not.toThrow();
    events.emit('response', answer(mainFrame, 'POST', `${ORIGIN}/access/v1/api/public/scanner/logon`, 500));
    expect(log.answers!()).toEqual([{ method: 'POST', url: `${ORIGIN}/access/v1/api/public/scanner/logon`, status: 500 }]);
    log.stop();
  });
});
