// The browsers the example tests drive, found on this machine (never downloaded): the one an
// environment variable names, else Playwright's own Chromium when it is installed, else the
// system's Chrome, Chromium, Edge or Firefox where their installers put them.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const roots = (...names: Array<string | undefined>) => names.filter((name): name is string => Boolean(name));

const SYSTEM_CHROMIUMS: Record<string, string[]> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/usr/bin/microsoft-edge', '/snap/bin/chromium'],
  darwin: ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge'].flatMap((app) => [
    join('/Applications', app),
    join(homedir(), 'Applications', app),
  ]),
  win32: ['Google/Chrome/Application/chrome.exe', 'Chromium/Application/chrome.exe', 'Microsoft/Edge/Application/msedge.exe'].flatMap((app) =>
    roots(process.env.PROGRAMFILES, process.env['PROGRAMFILES(X86)'], process.env.LOCALAPPDATA).map((root) => join(root, app)),
  ),
};

const SYSTEM_FIREFOXES: Record<string, string[]> = {
  linux: ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr', '/usr/lib/firefox/firefox'],
  darwin: ['/Applications/Firefox.app/Contents/MacOS/firefox'],
  win32: roots(process.env.PROGRAMFILES, process.env['PROGRAMFILES(X86)']).map((root) => join(root, 'Mozilla Firefox', 'firefox.exe')),
};

const system = (table: Record<string, string[]>) => table[process.platform] ?? table.linux!;

/** Playwright's Chromium for the installed playwright-core, when `npx playwright install chromium` has put it there. */
const playwrightChromium = () => {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
};

/** The Chromium to drive: AMWA_CHROMIUM or CHROME_PATH, else Playwright's, else the system's; undefined when there is none. */
export function findChromium(): string | undefined {
  return [process.env.AMWA_CHROMIUM, process.env.CHROME_PATH, playwrightChromium(), ...system(SYSTEM_CHROMIUMS)].find((path) => path && existsSync(path));
}

/** The Firefox to drive over WebDriver BiDi: AMWA_FIREFOX, else the system's; undefined when there is none. */
export function findFirefox(): string | undefined {
  return [process.env.AMWA_FIREFOX, ...system(SYSTEM_FIREFOXES)].find((path) => path && existsSync(path));
}

/** What to do when there is no Chromium. */
export const CHROMIUM_ADVICE = 'install Chrome or Chromium, run `npx playwright install chromium`, or name one in AMWA_CHROMIUM';
