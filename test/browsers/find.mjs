// Where the browsers the tests drive live on this machine. Plain JavaScript, so the e2e harness
// (TypeScript under vitest), the benches and the gallery (plain Node) and `npm test`'s preflight
// share one answer. Pure: the system is passed in, so the unit test runs it over a fake one.
import { posix, win32 } from 'node:path';

/**
 * Environment variables that name a Chromium-family browser, first wins: the project's own, then
 * the one other tools (Karma, Lighthouse, puppeteer) read.
 */
export const CHROMIUM_VARIABLES = ['AMWA_CHROMIUM', 'CHROME_PATH'];
/** Environment variable that names the Firefox the suite drives. */
export const FIREFOX_VARIABLE = 'AMWA_FIREFOX';
/** Environment variable that names the WebKit WebDriver the suite drives. */
export const WEBKIT_VARIABLE = 'AMWA_WEBKIT_DRIVER';

/** Playwright's browser folders inside its cache, newest build first: Chromium, then the headless shell. */
const PLAYWRIGHT_BUILDS = [
  { prefix: 'chromium-', files: { linux: ['chrome-linux64/chrome', 'chrome-linux/chrome'], darwin: ['chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing', 'chrome-mac-x64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium'], win32: ['chrome-win64/chrome.exe', 'chrome-win/chrome.exe'] } },
  { prefix: 'chromium_headless_shell-', files: { linux: ['chrome-headless-shell-linux64/chrome-headless-shell', 'chrome-linux/headless_shell'], darwin: ['chrome-headless-shell-mac-arm64/chrome-headless-shell', 'chrome-headless-shell-mac-x64/chrome-headless-shell', 'chrome-mac/headless_shell'], win32: ['chrome-headless-shell-win64/chrome-headless-shell.exe', 'chrome-win/headless_shell.exe'] } },
];

/**
 * @typedef {object} System What the finder may look at.
 * @property {Record<string, string | undefined>} env
 * @property {string} platform `process.platform`.
 * @property {string} home The user's home folder.
 * @property {(path: string) => boolean} exists
 * @property {(dir: string) => string[]} list Entry names of a folder ([] when it does not exist).
 */

/** @typedef {{ path: string, source: string }} Found A browser and where the finder got it from. */

const pathsOf = (platform) => (platform === 'win32' ? win32 : posix);
const kind = (platform) => (platform === 'win32' ? 'win32' : platform === 'darwin' ? 'darwin' : 'linux');
const buildNumber = (name) => Number(/-(\d+)$/.exec(name)?.[1] ?? -1);

/** The folder Playwright keeps its browsers in on this system. */
export function playwrightCache({ env, platform, home }) {
  const path = pathsOf(platform);
  if (env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== '0') return env.PLAYWRIGHT_BROWSERS_PATH;
  if (platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'ms-playwright');
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'ms-playwright');
  return path.join(env.XDG_CACHE_HOME ?? path.join(home, '.cache'), 'ms-playwright');
}

/** Chrome, Chromium and Edge where their installers put them, in the order they are preferred. */
export function systemChromiums({ env, platform, home }) {
  const path = pathsOf(platform);
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(Boolean);
    const apps = ['Google/Chrome/Application/chrome.exe', 'Chromium/Application/chrome.exe', 'Microsoft/Edge/Application/msedge.exe'];
    return apps.flatMap((app) => roots.map((root) => path.join(root, ...app.split('/'))));
  }
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge'];
    return apps.flatMap((app) => ['/Applications', path.join(home, 'Applications')].map((root) => path.join(root, app)));
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
    '/snap/bin/chromium',
    '/usr/bin/microsoft-edge',
    '/usr/bin/microsoft-edge-stable',
  ];
}

/** The newest Chromium (or headless shell) Playwright installed, if any. */
function playwrightChromium(system) {
  const path = pathsOf(system.platform);
  const cache = playwrightCache(system);
  const entries = system.list(cache);
  for (const { prefix, files } of PLAYWRIGHT_BUILDS) {
    const builds = entries.filter((name) => name.startsWith(prefix) && /\d+$/.test(name)).sort((a, b) => buildNumber(b) - buildNumber(a));
    for (const build of builds) {
      for (const file of files[kind(system.platform)]) {
        const candidate = path.join(cache, build, ...file.split('/'));
        if (system.exists(candidate)) return candidate;
      }
    }
  }
  return undefined;
}

/** A browser named by an environment variable; throws when it names a file that is not there. */
function fromVariables(system, names) {
  for (const name of names) {
    const value = system.env[name];
    if (!value) continue;
    if (!system.exists(value)) throw new Error(`${name}=${value}: no such file (unset it to let the tests find a browser)`);
    return { path: value, source: name };
  }
  return undefined;
}

/**
 * The Chromium-family browser the tests drive: the one an environment variable names, else the
 * newest Playwright installed, else a system Chrome, Chromium or Edge. Undefined when there is none.
 * @param {System} system
 * @returns {Found | undefined}
 */
export function findChromium(system) {
  const named = fromVariables(system, CHROMIUM_VARIABLES);
  if (named) return named;
  const playwright = playwrightChromium(system);
  if (playwright) return { path: playwright, source: 'Playwright' };
  const installed = systemChromiums(system).find((candidate) => system.exists(candidate));
  return installed ? { path: installed, source: 'system' } : undefined;
}

/**
 * The Firefox the tests drive over WebDriver BiDi: the one AMWA_FIREFOX names, else a system one.
 * @param {System} system
 * @returns {Found | undefined}
 */
export function findFirefox(system) {
  const named = fromVariables(system, [FIREFOX_VARIABLE]);
  if (named) return named;
  const path = pathsOf(system.platform);
  const candidates =
    system.platform === 'win32'
      ? [system.env.PROGRAMFILES, system.env['PROGRAMFILES(X86)']].filter(Boolean).map((root) => path.join(root, 'Mozilla Firefox', 'firefox.exe'))
      : system.platform === 'darwin'
        ? ['/Applications/Firefox.app/Contents/MacOS/firefox']
        : ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr', '/usr/lib/firefox/firefox'];
  const installed = candidates.find((candidate) => system.exists(candidate));
  return installed ? { path: installed, source: 'system' } : undefined;
}

/**
 * WebKitGTK's WebDriver (Linux) and the MiniBrowser it drives: AMWA_WEBKIT_DRIVER, else Debian's
 * and Ubuntu's webkit2gtk-driver. Safari's safaridriver on macOS speaks another dialect: not used.
 * @param {System} system
 * @returns {(Found & { browser: string }) | undefined}
 */
export function findWebKit(system) {
  if (system.platform !== 'linux' && !system.env[WEBKIT_VARIABLE]) return undefined;
  const driver = fromVariables(system, [WEBKIT_VARIABLE]) ?? (system.exists('/usr/bin/WebKitWebDriver') ? { path: '/usr/bin/WebKitWebDriver', source: 'system' } : undefined);
  if (!driver) return undefined;
  const libraries = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib', '/usr/libexec'];
  const browser = libraries
    .flatMap((dir) => ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0'].map((api) => `${dir}/${api}/MiniBrowser`))
    .find((candidate) => system.exists(candidate));
  return browser ? { ...driver, browser } : undefined;
}

/** What to install when no Chromium is found, for one line of advice. */
export function chromiumAdvice(platform) {
  const variables = CHROMIUM_VARIABLES.join(' or ');
  if (platform === 'darwin') return `install Google Chrome (https://www.google.com/chrome/) or set ${variables} to a Chrome, Chromium or Edge`;
  if (platform === 'win32') return `install Google Chrome or Microsoft Edge, or set ${variables} to one`;
  return `install Chromium (Debian/Ubuntu: sudo apt-get install chromium) or Google Chrome, or set ${variables} to one`;
}

/**
 * This machine, for the finders.
 * @returns {System}
 */
export async function thisSystem() {
  const [{ existsSync, readdirSync }, { homedir }] = await Promise.all([import('node:fs'), import('node:os')]);
  return {
    env: process.env,
    platform: process.platform,
    home: homedir(),
    exists: (path) => existsSync(path),
    list: (dir) => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    },
  };
}
