import { describe, expect, it } from 'vitest';
import { chromiumAdvice, findChromium, findFirefox, findWebKit, type System } from './find.mjs';

/** A machine with exactly `files` on it. */
function system(platform: string, files: string[], env: Record<string, string> = {}, home = platform === 'win32' ? 'C:\\Users\\ada' : platform === 'darwin' ? '/Users/ada' : '/home/ada'): System {
  const present = new Set(files);
  return {
    env,
    platform,
    home,
    exists: (path) => present.has(path),
    list: (dir) => [...new Set(files.filter((file) => file.startsWith(dir + (platform === 'win32' ? '\\' : '/'))).map((file) => file.slice(dir.length + 1).split(/[\\/]/)[0]!))],
  };
}

describe('findChromium', () => {
  it('takes the browser an environment variable names, AMWA_CHROMIUM before CHROME_PATH', () => {
    const machine = system('linux', ['/usr/bin/chromium', '/opt/chrome', '/opt/edge'], { AMWA_CHROMIUM: '/opt/chrome', CHROME_PATH: '/opt/edge' });
    expect(findChromium(machine)).toEqual({ path: '/opt/chrome', source: 'AMWA_CHROMIUM' });
    expect(findChromium(system('linux', ['/opt/edge'], { CHROME_PATH: '/opt/edge' }))).toEqual({ path: '/opt/edge', source: 'CHROME_PATH' });
  });

  it('refuses a variable that names a missing file instead of quietly taking another browser', () => {
    expect(() => findChromium(system('linux', ['/usr/bin/chromium'], { AMWA_CHROMIUM: '/nowhere/chrome' }))).toThrow('AMWA_CHROMIUM=/nowhere/chrome: no such file');
  });

  it("prefers Playwright's newest installed Chromium to the system's", () => {
    const cache = '/home/ada/.cache/ms-playwright';
    const machine = system('linux', ['/usr/bin/chromium', `${cache}/chromium-1180/chrome-linux/chrome`, `${cache}/chromium-1200/chrome-linux64/chrome`, `${cache}/chromium_headless_shell-1300/chrome-linux/headless_shell`]);
    expect(findChromium(machine)).toEqual({ path: `${cache}/chromium-1200/chrome-linux64/chrome`, source: 'Playwright' });
  });

  it('reads PLAYWRIGHT_BROWSERS_PATH and falls back to the headless shell', () => {
    const machine = system('linux', ['/srv/pw/chromium_headless_shell-1200/chrome-headless-shell-linux64/chrome-headless-shell'], { PLAYWRIGHT_BROWSERS_PATH: '/srv/pw' });
    expect(findChromium(machine)?.path).toBe('/srv/pw/chromium_headless_shell-1200/chrome-headless-shell-linux64/chrome-headless-shell');
  });

  it.each([
    ['linux', '/usr/bin/google-chrome-stable', {}],
    ['linux', '/usr/bin/microsoft-edge', {}],
    ['darwin', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', {}],
    ['darwin', '/Users/ada/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge', {}],
    ['win32', 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', { PROGRAMFILES: 'C:\\Program Files' }],
    ['win32', 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe', { PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)' }],
  ])('finds a system browser on %s at %s', (platform, path, env) => {
    expect(findChromium(system(platform, [path], env))).toEqual({ path, source: 'system' });
  });

  it("finds Playwright's browsers in the macOS and Windows caches", () => {
    const mac = '/Users/ada/Library/Caches/ms-playwright/chromium-1200/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing';
    expect(findChromium(system('darwin', [mac]))?.path).toBe(mac);
    const windows = 'C:\\Users\\ada\\AppData\\Local\\ms-playwright\\chromium-1200\\chrome-win64\\chrome.exe';
    expect(findChromium(system('win32', [windows], { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }))?.path).toBe(windows);
  });

  it('finds nothing on a machine without a browser, and says what to install', () => {
    expect(findChromium(system('linux', ['/usr/bin/firefox-esr']))).toBeUndefined();
    expect(chromiumAdvice('linux')).toContain('apt-get install chromium');
    expect(chromiumAdvice('darwin')).toContain('Google Chrome');
    expect(chromiumAdvice('win32')).toContain('Edge');
  });
});

describe('findFirefox and findWebKit', () => {
  it("finds Debian's firefox-esr, or the one AMWA_FIREFOX names", () => {
    expect(findFirefox(system('linux', ['/usr/bin/firefox-esr']))).toEqual({ path: '/usr/bin/firefox-esr', source: 'system' });
    expect(findFirefox(system('linux', ['/usr/bin/firefox-esr', '/opt/ff/firefox'], { AMWA_FIREFOX: '/opt/ff/firefox' }))?.path).toBe('/opt/ff/firefox');
    expect(findFirefox(system('linux', []))).toBeUndefined();
  });

  it('finds WebKitWebDriver only together with the MiniBrowser it drives', () => {
    const driver = '/usr/bin/WebKitWebDriver';
    const browser = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
    expect(findWebKit(system('linux', [driver, browser]))).toEqual({ path: driver, source: 'system', browser });
    expect(findWebKit(system('linux', [driver]))).toBeUndefined();
    expect(findWebKit(system('darwin', ['/usr/bin/safaridriver']))).toBeUndefined();
  });
});
