// WebKit through WebKitGTK's WebDriver (Debian's webkit2gtk-driver) driving MiniBrowser, with a
// W3C WebDriver client of a few fetch calls: the suite needs eight commands, not a framework.
// MiniBrowser has no headless mode: it draws on an Xvfb display this module starts (unless the
// machine has a display), and WebKitGTK has no BiDi, so the page's problems come from the
// injected script alone, installed with the first evaluation after each navigation.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { webdriverioDriver } from 'amwa-sandbox/testing';
import { attach } from 'webdriverio';
import { CAPTURE, HELPERS, type Engine, type Key } from './driver';

const KEYS: Record<Exclude<Key, 'Shift+Tab'>, string> = { Tab: '\uE004', Enter: '\uE007', Space: ' ' };
const SHIFT = '\uE008';
/** WebKitGTK does not make a window narrower than this. */
export const WEBKIT_MIN_WIDTH = 447;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts Xvfb on a free display and answers it (`:99`), from the number Xvfb writes to fd 3. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    let errors = '';
    xvfb.stderr!.on('data', (chunk) => void (errors += chunk));
    xvfb.stdio[3]!.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors.trim()}`)));
  });
  return { display, process: xvfb };
}

/** One W3C WebDriver session. */
function session(base: string, id: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/session/${id}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${answer.value.error}: ${answer.value.message}`);
    return answer.value;
  };
  const keys = (...sequence: string[]) =>
    call('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions: sequence.flatMap((key) => [{ type: 'keyDown', value: key }, { type: 'keyUp', value: key }]) }],
    });
  return { call, keys };
}

/** Starts WebKitWebDriver (on an Xvfb display when there is none) for the MiniBrowser at `browser`. */
export async function launchWebKit(driverPath: string, browser: string): Promise<Engine> {
  const xvfb = process.env.DISPLAY ? undefined : await startXvfb();
  const port = await freePort();
  const driver = spawn(driverPath, [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, ...(xvfb ? { DISPLAY: xvfb.display } : {}) } });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    driver.kill();
    xvfb?.process.kill();
  };
  try {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${base}/status`)).ok) break;
      } catch (error) {
        if (tries > 100 || driver.exitCode !== null) throw new Error(`WebKitWebDriver did not start on port ${port}`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
  const sessions = new Set<string>();
  const open = async () => {
    const response = await fetch(`${base}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: browser, args: ['--automation'] } } } }),
    });
    const answer = (await response.json()) as { value: { sessionId: string; capabilities: { browserVersion?: string } & Record<string, unknown>; message?: string } };
    if (!response.ok) throw new Error(`WebKitWebDriver refused a session: ${answer.value.message}`);
    sessions.add(answer.value.sessionId);
    return answer.value;
  };
  // The version comes with the first session; every page gets a session of its own (a fresh
  // MiniBrowser: own cookies and storage), as the other engines give every page a fresh context.
  // WebKitWebDriver runs one session at a time: a flow uses one page.
  const probe = await open();
  await session(base, probe.sessionId).call('DELETE', '');
  sessions.delete(probe.sessionId);
  return {
    name: 'webkit',
    version: `WebKitGTK ${probe.capabilities.browserVersion ?? '?'}`,
    async newPage({ width = 1280, height = 800 } = {}) {
      const { sessionId, capabilities } = await open();
      const { call, keys } = session(base, sessionId);
      // The kit's WebdriverIO driver on the same session (classic: WebKitGTK has no BiDi).
      const kit = webdriverioDriver(await attach({ sessionId, hostname: '127.0.0.1', port, protocol: 'http', capabilities, logLevel: 'warn' }));
      await call('POST', '/window/rect', { width: Math.max(width, WEBKIT_MIN_WIDTH), height });
      const evaluate = async <T>(expression: string) => call<T>('POST', '/execute/sync', { script: `${HELPERS};${CAPTURE};return (${expression});`, args: [] });
      return {
        async goto(url) {
          await call('POST', '/url', { url });
          await evaluate('true');
        },
        url: () => call<string>('GET', '/url'),
        evaluate,
        async clickAt(x, y) {
          await call('POST', '/actions', {
            actions: [
              {
                type: 'pointer',
                id: 'mouse',
                parameters: { pointerType: 'mouse' },
                actions: [
                  { type: 'pointerMove', x, y, origin: 'viewport', duration: 0 },
                  { type: 'pointerDown', button: 0 },
                  { type: 'pointerUp', button: 0 },
                ],
              },
            ],
          });
          await call('DELETE', '/actions');
        },
        async moveTo(x, y) {
          await call('POST', '/actions', {
            actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [{ type: 'pointerMove', x, y, origin: 'viewport', duration: 0 }] }],
          });
        },
        type: async (text) => void (await keys(...[...text])),
        async press(key) {
          if (key !== 'Shift+Tab') return void (await keys(KEYS[key]));
          await call('POST', '/actions', {
            actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: SHIFT }, { type: 'keyDown', value: KEYS.Tab }, { type: 'keyUp', value: KEYS.Tab }, { type: 'keyUp', value: SHIFT }] }],
          });
        },
        kit,
        engineProblems: () => [],
        async close() {
          sessions.delete(sessionId);
          await call('DELETE', '').catch(() => undefined);
        },
      };
    },
    async close() {
      await Promise.all([...sessions].map((id) => session(base, id).call('DELETE', '').catch(() => undefined)));
      stop();
    },
  };
}
