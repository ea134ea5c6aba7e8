// The WebdriverIO driver's hearing, with the browser faked as the event emitter WebdriverIO's is:
// in a BiDi session it hears only the top-level context's lines of its own listener and sees only
// that context's answers, and never throws into the emitter; in a classic session what the tab
// kept is read as events only when it is a list of them.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { webdriverioDriver, type WebdriverBrowser } from './webdriverio-driver';

const ORIGIN = 'http://127.0.0.1:8080';
const TOP = 'context-top';
const redirect = { url: `${ORIGIN}/__sandbox/logged-on`, logonType: 'scanner' };

function fakeBrowser({ isBidi = true, kept = undefined as unknown } = {}) {
  const events = new EventEmitter();
  const scripts: string[] = [];
  const preloads: { functionDeclaration: string; contexts: string[] }[] = [];
  const removed: string[] = [];
  const browser = {
    isBidi,
    execute: async (script: string) => (scripts.push(script), kept),
    getUrl: async () => `${ORIGIN}/access/`,
    getWindowHandle: async () => TOP,
    sessionSubscribe: async () => undefined,
    scriptAddPreloadScript: async ({ functionDeclaration, contexts }: { functionDeclaration: string; contexts: string[] }) => (preloads.push({ functionDeclaration, contexts }), { script: `preload-${preloads.length}` }),
    scriptRemovePreloadScript: async ({ script }: { script: string }) => void removed.push(script),
    on: (event: string, listener: (value: unknown) => void) => events.on(event, listener),
    off: (event: string, listener: (value: unknown) => void) => events.off(event, listener),
  } as unknown as WebdriverBrowser;
  const secret = () => /\[amwa-testing\]([0-9a-f]{32})/.exec(scripts[0]!)![1];
  const line = (from: string, type: string, detail: unknown) => `[amwa-testing]${secret()}${JSON.stringify([from, type, detail])}`;
  return { browser, events, line, scripts, preloads, removed };
}

describe('webdriverioDriver over BiDi', () => {
  it("hears its own listener's lines in the top-level context only, and survives any entry", async () => {
    const { browser, events, line } = fakeBrowser();
    const log = await webdriverioDriver(browser).hear(['amwa-logon-redirect']);
    expect(() => events.emit('log.entryAdded', { text: '[amwa-testing]{', source: { context: TOP } })).not.toThrow();
    expect(() => events.emit('log.entryAdded', { text: { not: 'text' }, source: { context: TOP } })).not.toThrow();
    expect(() => events.emit('log.entryAdded', null)).not.toThrow();
    events.emit('log.entryAdded', { text: `[amwa-testing]${JSON.stringify(['amwa-logon-redirect', redirect])}`, source: { context: TOP } });
    expect(log.read()).toEqual([]);
    events.emit('log.entryAdded', { text: line(ORIGIN, 'amwa-logon-redirect', redirect), source: { context: 'context-iframe' } });
    expect(log.read()).toEqual([]);
    events.emit('log.entryAdded', { text: line(ORIGIN, 'amwa-logon-redirect', redirect), source: { context: TOP } });
    expect(log.read()).toEqual([{ type: 'amwa-logon-redirect', detail: redirect }]);
    log.stop();
  });

  it('adds the same listener to the current document and, as a preload script of the top-level context, to every one it goes on to; stop takes both off', async () => {
    const { browser, scripts, preloads, removed } = fakeBrowser();
    const log = await webdriverioDriver(browser).hear(['amwa-logon-redirect']);
    expect(preloads).toEqual([{ functionDeclaration: `() => { ${scripts[0]}; }`, contexts: [TOP] }]);
    expect(scripts[0]).toMatch(/^globalThis\["__amwaTestingOff\d+"\] \?\?= /);
    log.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(removed).toEqual(['preload-1']);
    expect(scripts.at(-1)).toMatch(/^globalThis\.__amwaTestingOff\d+\?\.\(\)$/);
  });

  it("sees the answers to the top-level context's calls only", async () => {
    const { browser, events } = fakeBrowser();
    const log = await webdriverioDriver(browser).hear(['amwa-logon-redirect']);
    const logon = `${ORIGIN}/access/v1/api/public/scanner/logon`;
    events.emit('network.responseCompleted', { context: 'context-iframe', request: { method: 'POST', url: logon }, response: { status: 200 } });
    expect(() => events.emit('network.responseCompleted', { context: TOP })).not.toThrow();
    expect(() => events.emit('network.responseCompleted', undefined)).not.toThrow();
    events.emit('network.responseCompleted', { context: TOP, request: { method: 'POST', url: logon }, response: { status: 500 } });
    expect(log.answers!()).toEqual([{ method: 'POST', url: logon, status: 500 }]);
    log.stop();
  });
});

describe('webdriverioDriver in a classic session', () => {
  it('reads what the tab kept as events only when it is a list of them', async () => {
    for (const kept of ['not a list', [{ type: 42 }], null]) {
      const log = await webdriverioDriver(fakeBrowser({ isBidi: false, kept }).browser).hear(['amwa-logon-redirect']);
      await expect(log.refresh!()).resolves.toBeUndefined();
      expect(log.read()).toEqual([]);
    }
    const log = await webdriverioDriver(fakeBrowser({ isBidi: false, kept: [{ type: 'amwa-logon-redirect', detail: redirect }] }).browser).hear(['amwa-logon-redirect']);
    expect(log.read()).toEqual([{ type: 'amwa-logon-redirect', detail: redirect }]);
  });
});
