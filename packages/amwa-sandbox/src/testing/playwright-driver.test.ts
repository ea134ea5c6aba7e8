import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { playwrightDriver, type PlaywrightFrame, type PlaywrightPage, type PlaywrightResponse } from './playwright-driver';

// Playwright's side faked: what reaches the page, in what order. An evaluation is a round trip.
function fakePage() {
  const steps: string[] = [];
  const mainFrame: PlaywrightFrame = { name: 'main' };
  const events = new EventEmitter();
  let binding: ((source: { frame: PlaywrightFrame }, ...args: unknown[]) => void) | undefined;
  let listener = '';
  let initScript = '';
  const page: PlaywrightPage = {
    getByRole: () => {
      throw new Error('not used');
    },
    url: () => 'http://127.0.0.1:8080/access/',
    mainFrame: () => mainFrame,
    async exposeBinding(name, callback) {
      steps.push(`expose ${name}`);
      binding = callback;
      return {
        async dispose() {
          steps.push('dispose the binding');
        },
      };
    },
    async addInitScript({ content }) {
      steps.push('add the listener to new documents');
      initScript = content;
      return {
        async dispose() {
          steps.push('dispose the script for new documents');
        },
      };
    },
    async evaluate(expression) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      steps.push(expression.includes('Off?.()') ? 'take the listener off' : 'add the listener');
      if (!expression.includes('Off?.()')) listener = expression;
      return undefined;
    },
    on: (event, handler) => events.on(event, handler),
    off: (event, handler) => events.off(event, handler),
  };
  /** The call the listener the driver added to the main frame's document makes for one event. */
  const dispatch = (type: string, detail: unknown) => binding!({ frame: mainFrame }, /"([0-9a-f]{32})"/.exec(listener)![1], 'http://127.0.0.1:8080', type, detail);
  const answer = (frame: PlaywrightFrame, method: string, url: string, status: number): PlaywrightResponse => ({ url: () => url, status: () => status, frame: () => frame, request: () => ({ method: () => method }) });
  return { page, steps, mainFrame, events, initScript: () => initScript, listener: () => listener, call: (...args: Parameters<NonNullable<typeof binding>>) => binding!(...args), dispatch, answer };
}

describe('playwrightDriver', () => {
  it('takes the page listener off before it disposes the binding, so no event calls a binding already gone', async () => {
    const { page, steps } = fakePage();
    const log = await playwrightDriver(page).hear(['amwa-logout']);
    log.stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(steps).toEqual([
      expect.stringMatching(/^expose __amwaTestingHeard\d+$/),
      'add the listener to new documents',
      'add the listener',
      'dispose the script for new documents',
      'take the listener off',
      'dispose the binding',
    ]);
  });

  it('adds the same listener to the current document and to every one the page goes on to, in the top frame only', async () => {
    const { page, initScript, listener } = fakePage();
    const log = await playwrightDriver(page).hear(['amwa-logout']);
    expect(initScript()).toBe(listener());
    expect(listener()).toMatch(/^globalThis\["__amwaTestingHeard\d+Off"\] \?\?= /);
    expect(listener()).toContain('if (window.top !== window) return');
    log.stop();
  });

  it('adds the listener once more when a page load took the document (and the first evaluation) with it', async () => {
    const { page, steps } = fakePage();
    let loads = 1;
    const evaluate = page.evaluate;
    const log = await playwrightDriver({
      ...page,
      evaluate: async (expression) => (loads-- > 0 ? Promise.reject(new Error('page.evaluate: Execution context was destroyed, most likely because of a navigation')) : evaluate(expression)),
    }).hear(['amwa-logout']);
    expect(steps.filter((step) => step === 'add the listener')).toHaveLength(1);
    log.stop();
  });

  it('still disposes the binding when the page is gone', async () => {
    const { page, steps } = fakePage();
    const log = await playwrightDriver({ ...page, evaluate: async (expression) => (expression.includes('Off?.()') ? Promise.reject(new Error('Target closed')) : undefined) }).hear(['amwa-logout']);
    log.stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(steps.at(-1)).toBe('dispose the binding');
  });

  it("hears only the main frame's listener: another frame, a wrong secret, another origin or an event not asked for are ignored", async () => {
    const { page, call, dispatch, mainFrame } = fakePage();
    const log = await playwrightDriver(page).hear(['amwa-logon-redirect']);
    const forged = ['amwa-logon-redirect', { url: 'http://127.0.0.1:8080/__sandbox/logged-on', logonType: 'scanner' }];
    const secret = 'f'.repeat(32);
    call({ frame: { name: 'iframe' } }, secret, 'http://127.0.0.1:8080', ...forged);
    call({ frame: mainFrame }, secret, 'http://127.0.0.1:8080', ...forged);
    call({ frame: mainFrame }, undefined, { not: 'text' }, 42);
    dispatch('amwa-page-load', { pageName: 'x' });
    dispatch('amwa-logon-redirect', { url: 'http://127.0.0.1:8080/__sandbox/logged-on', logonType: 'scanner' });
    expect(log.read()).toEqual([{ type: 'amwa-logon-redirect', detail: { url: 'http://127.0.0.1:8080/__sandbox/logged-on', logonType: 'scanner' } }]);
    log.stop();
  });

  it("sees the answers to the main frame's calls only, and survives a response it cannot read", async () => {
    const { page, events, mainFrame, answer } = fakePage();
    const log = await playwrightDriver(page).hear(['amwa-logon-redirect']);
    events.emit('response', answer({ name: 'iframe' }, 'POST', 'http://127.0.0.2/access/v1/api/public/scanner/logon', 200));
    expect(() => events.emit('response', { frame: () => { throw new Error('service worker'); } })).not.toThrow();
    events.emit('response', answer(mainFrame, 'POST', 'http://127.0.0.1:8080/access/v1/api/public/scanner/logon', 500));
    expect(log.answers!()).toEqual([{ method: 'POST', url: 'http://127.0.0.1:8080/access/v1/api/public/scanner/logon', status: 500 }]);
    log.stop();
    events.emit('response', answer(mainFrame, 'POST', 'http://127.0.0.1:8080/late', 200));
    expect(log.answers!()).toHaveLength(1);
  });
});
