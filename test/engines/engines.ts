// Which engines this machine can run, how to launch each, and the sandbox the engine suite
// talks to: the real one, behind a gate that can hold back or fail a request once (the pages
// chunk), the same for every engine since it works on the server side.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { findChromium, findFirefox, findWebKit, thisSystem } from '../browsers/find.mjs';
import { createSandbox, type Sandbox } from '../../packages/amwa-sandbox/src/index';
import { launchChromium, launchFirefox } from './puppeteer';
import type { Engine, EngineName } from './driver';
import { launchWebKit } from './webkit';

/** An engine the suite knows, and whether (and how) this machine can run it. */
export interface EngineEntry {
  name: EngineName;
  /** Launches it; undefined when the machine lacks it. */
  launch?: () => Promise<Engine>;
  /** What to install, when it is missing. */
  missing?: string;
}

/** Every engine, with what this machine has of it. */
export async function engines(): Promise<EngineEntry[]> {
  const system = await thisSystem();
  const chromium = findChromium(system);
  const firefox = findFirefox(system);
  const webkit = findWebKit(system);
  const hasDisplay = Boolean(process.env.DISPLAY) || system.exists('/usr/bin/Xvfb');
  return [
    chromium ? { name: 'chromium', launch: launchChromium } : { name: 'chromium', missing: 'Chromium, Chrome or Edge (Debian: apt-get install chromium)' },
    firefox ? { name: 'firefox', launch: () => launchFirefox(firefox.path) } : { name: 'firefox', missing: 'Firefox (Debian: apt-get install firefox-esr)' },
    webkit && hasDisplay
      ? { name: 'webkit', launch: () => launchWebKit(webkit.path, webkit.browser) }
      : { name: 'webkit', missing: system.platform === 'linux' ? 'WebKitGTK WebDriver and Xvfb (Debian: apt-get install webkit2gtk-driver xvfb)' : 'WebKitGTK WebDriver (Linux only)' },
  ];
}

/** A request the gate holds back until released, or fails once. */
interface GateRule {
  pattern: RegExp;
  kind: 'hold' | 'fail';
}

/** The sandbox behind a gate, on a free port. */
export interface GatedSandbox {
  url: string;
  sandbox: Sandbox;
  /** Holds back the next request whose path matches, until `release()` (or for good). */
  holdOnce(pattern: RegExp): void;
  /** Answers the next request whose path matches with 503. */
  failOnce(pattern: RegExp): void;
  /** Paths the gate held back or failed, in order. */
  readonly gated: string[];
  /** Lets every held request through and forgets the rules and what they gated. */
  release(): void;
  close(): Promise<void>;
}

/** Starts the sandbox (serving the built dist/) behind a request gate. */
export function startGatedSandbox(): Promise<GatedSandbox> {
  const sandbox = createSandbox();
  const rules: GateRule[] = [];
  const held = new Set<() => void>();
  const gated: string[] = [];
  const gate = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const index = rules.findIndex((rule) => rule.pattern.test(pathname));
    if (index >= 0) {
      const [rule] = rules.splice(index, 1);
      gated.push(`${rule!.kind} ${pathname}`);
      if (rule!.kind === 'fail') return new Response('gated by the engine suite', { status: 503, headers: { 'Cache-Control': 'no-store' } });
      await new Promise<void>((resolve) => held.add(resolve));
    }
    return sandbox.fetch(request);
  };
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: gate, port: 0, hostname: '127.0.0.1' }, (info) => {
      const release = () => {
        rules.length = 0;
        gated.length = 0;
        for (const resolveHeld of held) resolveHeld();
        held.clear();
      };
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        sandbox,
        holdOnce: (pattern) => void rules.push({ pattern, kind: 'hold' }),
        failOnce: (pattern) => void rules.push({ pattern, kind: 'fail' }),
        gated,
        release,
        close: () =>
          new Promise<void>((done, fail) => {
            release();
            server.close((error) => (error ? fail(error) : done()));
            (server as Server).closeAllConnections?.();
          }),
      });
    });
    server.once('error', reject);
  });
}
