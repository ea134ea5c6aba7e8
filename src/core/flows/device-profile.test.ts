import { describe, expect, it, vi } from 'vitest';
import { browserName, DEVICE_ID_KEY, deviceFingerprint, deviceProfile, deviceUniqueIdentifier, fingerprintComponents, operatingSystemName } from './device-profile';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EDGE_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
};

describe('browser and operating system', () => {
  it.each([
    [CHROME_LINUX, 'Chrome 126', 'Linux'],
    [EDGE_WINDOWS, 'Edge 126', 'Windows'],
    [SAFARI_IPHONE, 'Safari 17', 'iOS'],
    [FIREFOX_MAC, 'Firefox 127', 'macOS'],
    [CHROME_ANDROID, 'Chrome 126', 'Android'],
    ['curl/8.0', 'Unknown', 'Unknown'],
  ])('reads %s', (userAgent, browser, system) => {
    expect(browserName(userAgent)).toBe(browser);
    expect(operatingSystemName(userAgent)).toBe(system);
  });
});

describe('deviceUniqueIdentifier', () => {
  it('is 12 random bytes in base64url, persisted under amwa-device-id', () => {
    const storage = memoryStorage();
    const id = deviceUniqueIdentifier(storage);
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(storage.items.get(DEVICE_ID_KEY)).toBe(id);
    expect(deviceUniqueIdentifier(storage)).toBe(id);
    expect(deviceUniqueIdentifier(memoryStorage())).not.toBe(id);
  });

  it('still answers when storage throws or is missing', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(deviceUniqueIdentifier(broken)).toMatch(/^[\w-]{16}$/);
    expect(deviceUniqueIdentifier(null)).toMatch(/^[\w-]{16}$/);
  });

  it('keeps the identifier in the fallback (the tdid cookie) where storage cannot, rewriting it on every use', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    let cookie: string | undefined;
    const fallback = { get: () => cookie, set: vi.fn((value: string) => void (cookie = value)) };
    const id = deviceUniqueIdentifier(broken, fallback);
    expect(cookie).toBe(id);
    expect(deviceUniqueIdentifier(null, fallback)).toBe(id);
    expect(fallback.set).toHaveBeenCalledTimes(2);
    // Storage that works takes the identifier over, and the cookie is left alone.
    const storage = memoryStorage();
    expect(deviceUniqueIdentifier(storage, fallback)).toBe(id);
    expect(storage.items.get(DEVICE_ID_KEY)).toBe(id);
    expect(fallback.set).toHaveBeenCalledTimes(2);
    cookie = 'not an identifier';
    expect(deviceUniqueIdentifier(null, fallback)).not.toBe('not an identifier');
  });
});

describe('deviceFingerprint', () => {
  const env = {
    navigator: { userAgent: CHROME_LINUX, platform: 'Linux x86_64', hardwareConcurrency: 8, cookieEnabled: true, maxTouchPoints: 0, vendor: 'Google Inc.' },
    colorDepth: 24,
    timezone: 'Europe/Amsterdam',
    timezoneOffset: -60,
  };

  it('is a stable SHA-256 of the allowed components', async () => {
    const first = await deviceFingerprint(env);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await deviceFingerprint({ ...env })).toBe(first);
    expect(await deviceFingerprint({ ...env, timezone: 'Europe/London' })).not.toBe(first);
  });

  it('leaves out resolution, language, pixel ratio, fonts, audio, devices and ad block', () => {
    const names = fingerprintComponents(env).map((line) => line.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['userAgent', 'platform', 'timezone', 'hardwareConcurrency', 'cookieEnabled']));
    for (const excluded of ['screenResolution', 'availableScreenResolution', 'language', 'pixelRatio', 'fonts', 'audio', 'enumerateDevices', 'adBlock']) {
      expect(names).not.toContain(excluded);
    }
  });

  it('makes the whole profile of the logon call', async () => {
    const storage = memoryStorage();
    expect(await deviceProfile({ ...env, storage })).toEqual({
      browser: 'Chrome 126',
      operatingSystem: 'Linux',
      deviceUniqueIdentifier: storage.items.get(DEVICE_ID_KEY),
      deviceFingerprint: await deviceFingerprint(env),
    });
  });

  it('reads the page environment by default', async () => {
    const profile = await deviceProfile();
    expect(profile.deviceFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(profile.deviceUniqueIdentifier);
  });
});
