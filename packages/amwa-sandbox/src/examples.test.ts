// @vitest-environment node
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../../src/core/settings';
import { exampleSettings, STRICT_CSP } from './examples';
import { DEFAULT_CONFIG } from './state';
import { createSandbox } from './index';

const ORIGIN = 'http://sandbox.test';

const setup = () => {
  const sandbox = createSandbox();
  const send = (path: string, init?: RequestInit) => sandbox.fetch(new Request(ORIGIN + path, init));
  return { sandbox, send };
};

// Parses a page the way a browser does, so the test sees attribute values after entity decoding.
const parse = async (response: Response) => new new Window().DOMParser().parseFromString(await response.text(), 'text/html');

const settingsOf = async (response: Response) => {
  const doc = await parse(response);
  const raw = doc.querySelector('amwa-portal')?.getAttribute('settings') ?? doc.querySelector('#amwa-react-root')?.getAttribute('data-settings');
  return JSON.parse(raw!);
};

describe('example pages', () => {
  it('render the vanilla example under every /access path with settings the widget accepts', async () => {
    const { send } = setup();
    for (const path of ['/access', '/access/', '/access/pages/logon/scanner', '/access/pages/activate-scanner?x=1']) {
      const response = await send(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Security-Policy')).toBe("frame-ancestors 'self'");
      const doc = await parse(response);
      expect(doc.querySelector('script[type="module"][src="/dist/amwa.standalone.js"]')).not.toBeNull();
      const raw = doc.querySelector('amwa-portal')!.getAttribute('settings')!;
      const parsed = parseSettings(raw, ORIGIN);
      expect(parsed.ok).toBe(true);
      expect(JSON.parse(raw)).toMatchObject({
        basePath: '/access',
        apiBaseUrl: `${ORIGIN}/access`,
        securityApiBaseUrl: ORIGIN,
        brandPrefix: 'demobank',
        serviceEmail: 'service@demobank.example',
        language: 'en',
        country: 'GB',
        channel: 'blue',
        allowedRedirectOrigins: [ORIGIN],
        corporatePortal: { precheckUrl: `${ORIGIN}/__sandbox/corporate/precheck`, logoutUrl: `${ORIGIN}/__sandbox/corporate/logout` },
        qrTimeout: 120000,
        inactivityTimeoutLogonS: 300,
        inactivityTimeoutActivationS: 900,
      });
    }
  });

  it('write the current knobs into the settings from the next page load', async () => {
    const { send } = setup();
    await send('/__sandbox/config', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ qrExpirySeconds: 30, inactivityTimeoutLogonS: 60, inactivityTimeoutActivationS: 90 }),
    });
    expect(await settingsOf(await send('/csp/access/pages/logon/mobile'))).toMatchObject({
      basePath: '/csp/access',
      qrTimeout: 30000,
      inactivityTimeoutLogonS: 60,
      inactivityTimeoutActivationS: 90,
    });
  });

  // Issue 33: the demo's app link leads to the sandbox's stand-in for the bank's app.
  it("point the app link at the sandbox's app, on whatever origin the page is", () => {
    for (const origin of ['http://127.0.0.1:4400', 'https://portal.example:8443', 'http://192.168.1.20:4400']) {
      const settings = exampleSettings(DEFAULT_CONFIG, origin, '/access', new URLSearchParams());
      expect(settings.appLinkTemplate).toBe('/__sandbox/app/logon?qr={payload}');
      expect(parseSettings(settings, origin).ok, origin).toBe(true);
    }
  });

  it('switch channel, language and isolation from the query', async () => {
    const { send } = setup();
    const response = await send('/access/pages/logon/scanner?channel=orange&lang=de&country=AT&isolation=none');
    const doc = await parse(response.clone());
    expect(doc.querySelector('link[rel="stylesheet"][href="/dist/amwa.css"]')).not.toBeNull();
    expect(await settingsOf(response)).toMatchObject({ channel: 'orange', language: 'de', country: 'AT', isolation: 'none' });
    expect(await settingsOf(await send('/access/?lang=german&country=at'))).toMatchObject({ language: 'en', country: 'GB', isolation: 'shadow' });
  });

  it('escape the settings attribute so no value can break out of it', async () => {
    const { send } = setup();
    const hostile = `'"><script>alert(1)</script>&amp;`;
    const response = await send(`/access/?channel=${encodeURIComponent(hostile)}`);
    const html = await response.clone().text();
    expect(html).not.toContain('<script>alert(1)');
    expect(/settings='([^']*)'/.exec(html)?.[1]).not.toMatch(/[<>"]/);
    const doc = await parse(response);
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    expect(JSON.parse(doc.querySelector('amwa-portal')!.getAttribute('settings')!).channel).toBe(hostile);
  });

  it('serve the React host with its bundle and settings in data-settings', async () => {
    const { send } = setup();
    const response = await send('/react/access/pages/logon/scanner');
    const doc = await parse(response.clone());
    expect(doc.querySelector('script[type="module"][src="/dist-examples/react.js"]')).not.toBeNull();
    expect(doc.querySelector('amwa-portal')).toBeNull();
    expect(await settingsOf(response)).toMatchObject({ basePath: '/react/access', apiBaseUrl: `${ORIGIN}/access` });
  });

  it('serve the CSP example with the strict policy and nothing inline', async () => {
    const { send } = setup();
    const response = await send('/csp/access/pages/activate-scanner');
    expect(response.headers.get('Content-Security-Policy')).toBe(`${STRICT_CSP}; frame-ancestors 'self'`);
    expect(STRICT_CSP).toBe(
      "default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'",
    );
    const doc = await parse(response);
    expect([...doc.querySelectorAll('script')].every((script) => script.getAttribute('src')?.startsWith('/'))).toBe(true);
    expect(doc.querySelectorAll('style, [style]')).toHaveLength(0);
    expect([...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'))).toEqual(['/examples/demo.css']);
    expect(doc.querySelector('script[src="/examples/console.js"]')).not.toBeNull();
  });

  it('give every example a landmark layout with the console beside the widget', async () => {
    const { send } = setup();
    const doc = await parse(await send('/access/'));
    expect(doc.documentElement.getAttribute('lang')).toBe('en');
    expect(doc.querySelector('main h1')?.textContent).toBe('Vanilla custom element example');
    expect(doc.querySelector('aside[aria-labelledby="sandbox-console-title"] #sandbox-console')).not.toBeNull();
    expect(doc.querySelector('nav[aria-label="Examples"] a[aria-current="page"]')?.getAttribute('href')).toBe('/access/');
  });
});

describe('demo pages', () => {
  it('index links every example entry URL and lists the personas', async () => {
    const { send } = setup();
    const doc = await parse(await send('/'));
    const links = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    for (const base of ['/access', '/react/access', '/csp/access']) {
      for (const route of ['/', '/pages/logon/scanner', '/pages/logon/mobile', '/pages/activate-scanner', '/pages/link-ib-user/mobile']) {
        expect(links).toContain(base + route);
      }
    }
    expect(links).toContain('/access/?channel=orange');
    const personas = [...doc.querySelectorAll('#personas-title ~ table tbody tr')].map((row) => row.textContent);
    expect(personas).toHaveLength(8);
    expect(personas[4]).toContain('38-0000001-0');
  });

  it('end pages say where the browser landed, show what they received, and link back', async () => {
    const { send } = setup();
    const doc = await parse(await send('/__sandbox/logged-on?user=%3Cb%3EEMMA%3C%2Fb%3E'));
    expect(doc.querySelector('h1')?.textContent).toBe('You are logged on');
    expect(doc.querySelector('dd')?.textContent).toBe('<b>EMMA</b>');
    expect(doc.querySelector('main a[href="/"]')).not.toBeNull();
    expect((await parse(await send('/__sandbox/corporate/precheck'))).querySelector('h1')?.textContent).toBe('Corporate portal precheck');
  });

  it("end pages load everything under /__sandbox/, so a proxy that passes them on passes their stylesheet and icon; through a host's proxy their links lead back to the sandbox", async () => {
    const { sandbox, send } = setup();
    for (const path of ['/__sandbox/logged-on', '/__sandbox/corporate/precheck', '/__sandbox/corporate/logout', '/__sandbox/privacy']) {
      const direct = await parse(await send(path));
      expect([...direct.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'))).toEqual(['/__sandbox/demo.css']);
      expect([...direct.querySelectorAll('link[rel="icon"]')].map((link) => link.getAttribute('href'))).toEqual(['/__sandbox/favicon.ico']);
      expect([...direct.querySelectorAll('a')].every((link) => link.getAttribute('href')!.startsWith('/'))).toBe(true);
      // A Vite or Next.js proxy of the host app at localhost:5173, which changed Host to the sandbox's own.
      const proxied = await sandbox.fetch(new Request(ORIGIN + path, { headers: { 'X-Forwarded-Host': 'localhost:5173', 'X-Forwarded-Proto': 'http' } }), { peer: '127.0.0.1' });
      const links = [...(await parse(proxied)).querySelectorAll('a')].map((link) => link.getAttribute('href')!);
      expect(links.length).toBeGreaterThan(0);
      for (const href of links) expect(href.startsWith(`${ORIGIN}/`)).toBe(true);
    }
    const icon = await send('/__sandbox/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('Content-Type')).toBe('image/png');
    const css = await send('/__sandbox/demo.css');
    expect(css.headers.get('Content-Type')).toContain('text/css');
    expect(await css.text()).toBe(readFileSync('packages/amwa-sandbox/examples/demo.css', 'utf8'));
  });

  it('answer 404 outside the examples: HTML for pages, prefixed JSON for the API', async () => {
    const { send } = setup();
    for (const path of ['/nowhere', '/accessible', '/react', '/__sandbox/nothing']) {
      const response = await send(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('Content-Type')).toContain('text/html');
    }
    expect(await (await send('/oauth2/unknown')).text()).toBe(`)]}'\n{"errorCode":"not-found"}`);
  });
});

describe('static files', () => {
  it('serve locale files under each example base path', async () => {
    const { send } = setup();
    for (const path of ['/access/static/locales/en.json', '/react/access/static/locales/en.json', '/csp/access/static/locales/en.json']) {
      const response = await send(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual(JSON.parse(readFileSync('locales/en.json', 'utf8')));
    }
    expect((await send('/access/static/locales/de-AT.json')).status).toBe(200);
    expect((await send('/access/static/locales/xx.json')).status).toBe(404);
    expect((await send('/access/static/locales/package.json')).status).toBe(404);
  });

  it('serve the example assets and refuse anything outside their folder', async () => {
    const { send } = setup();
    const css = await send('/examples/demo.css');
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe(readFileSync('packages/amwa-sandbox/examples/demo.css', 'utf8'));
    expect((await send('/examples/console.js')).headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    for (const path of ['/examples/react/main.tsx', '/examples/%2e%2e/package.json', '/dist/..%2fpackage.json', '/examples/%E0%A4%A.css', '/dist/nothing.js']) {
      expect((await send(path)).status).toBe(404);
    }
  });

  it('serve a PNG placeholder for an expired colour code, and the APK download', async () => {
    const { send } = setup();
    const image = await send('/csp/access/static/image');
    expect(image.headers.get('Content-Type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await image.arrayBuffer()));
    expect([png.width, png.height]).toEqual([200, 200]);

    const apk = await send('/access/static/apk/app-1.3.110.apk');
    expect(apk.headers.get('Content-Type')).toBe('application/vnd.android.package-archive');
    expect(apk.headers.get('Content-Disposition')).toBe('attachment; filename="app-1.3.110.apk"');
    expect((await apk.arrayBuffer()).byteLength).toBeGreaterThan(0);

    expect((await send('/access/static/nothing')).status).toBe(404);
    expect((await send('/favicon.ico')).headers.get('Content-Type')).toBe('image/png');
  });
});
