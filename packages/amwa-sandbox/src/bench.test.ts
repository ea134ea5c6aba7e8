// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../../src/core/settings';
import { renderToString } from '../../../src/server';
import { BENCH_BASE, RESERVE_CSS } from './bench';
import { createSandbox } from './index';

const ORIGIN = 'http://sandbox.test';
const sandbox = createSandbox();
const open = async (path: string) => {
  const response = await sandbox.fetch(new Request(ORIGIN + path));
  expect(response.status).toBe(200);
  return new new Window().DOMParser().parseFromString(await response.text(), 'text/html');
};

describe('bench host pages', () => {
  it('load only the standalone bundle and one <amwa-portal> whose base path opens any route directly', async () => {
    for (const route of ['', '/', '/pages/logon/scanner']) {
      const doc = await open(`${BENCH_BASE}/widget${route}?lang=de&country=DE`);
      expect([...doc.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual(['/dist/amwa.standalone.js']);
      expect(doc.querySelectorAll('link')).toHaveLength(0);
      const parsed = parseSettings(doc.querySelector('amwa-portal')!.getAttribute('settings')!, ORIGIN);
      expect(parsed.ok && parsed.settings).toMatchObject({ basePath: `${BENCH_BASE}/widget`, language: 'de', locale: 'de-DE' });
      expect(doc.querySelector('style')!.textContent).toContain(RESERVE_CSS);
      expect(doc.querySelector('main + footer')).not.toBeNull();
    }
  });

  it('leave the host CSS out on request, and offer the same page with one input as the baseline', async () => {
    expect((await open(`${BENCH_BASE}/widget/?reserve=0`)).querySelector('style')!.textContent).not.toContain('amwa-portal');
    const empty = await open(`${BENCH_BASE}/empty`);
    expect(empty.querySelectorAll('script')).toHaveLength(0);
    expect(empty.querySelectorAll('main .amwa-root input')).toHaveLength(1);
  });

  it('offer the floor: the same page whose one input a module script of its own adds', async () => {
    const floor = await open(`${BENCH_BASE}/floor`);
    expect([...floor.querySelectorAll('script')].map((script) => [script.getAttribute('type'), script.getAttribute('src')])).toEqual([['module', `${BENCH_BASE}/floor.js`]]);
    expect(floor.querySelector('main .amwa-root')!.childElementCount).toBe(0);
    const response = await sandbox.fetch(new Request(`${ORIGIN}${BENCH_BASE}/floor.js`));
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    // The module run against the page adds the empty page's labelled input, and nothing else.
    runInNewContext(await response.text(), { document: floor });
    const shape = (doc: Awaited<ReturnType<typeof open>>) => [...doc.querySelectorAll('main .amwa-root *')].map((element) => [element.nodeName, element.getAttribute('name'), element.textContent]);
    expect(shape(floor)).toEqual(shape(await open(`${BENCH_BASE}/empty`)));
    expect(shape(floor)).toEqual([['LABEL', null, 'User ID '], ['INPUT', 'user', '']]);
  });

  it('add the module from a script after the load event on request, with a modulepreload in the head if asked', async () => {
    const injected = await open(`${BENCH_BASE}/widget/?inject=1`);
    expect(injected.querySelector('script[src]')).toBeNull();
    expect(injected.querySelector('head script')!.textContent).toContain("addEventListener('load'");
    expect(injected.querySelector('head script')!.textContent).toContain("script.src = '/dist/amwa.standalone.js'");
    expect(injected.querySelectorAll('link')).toHaveLength(0);
    const preloaded = await open(`${BENCH_BASE}/widget/?inject=1&preload=1`);
    expect(preloaded.querySelector('link[rel="modulepreload"]')!.getAttribute('href')).toBe('/dist/amwa.standalone.js');
  });

  it("add the host's speculation rules that prerender the scanner logon on request, and none otherwise", async () => {
    const prerendering = await open(`${BENCH_BASE}/widget/?prerender=1`);
    const rules = JSON.parse(prerendering.querySelector('script[type="speculationrules"]')!.textContent!);
    expect(rules).toEqual({ prerender: [{ source: 'document', where: { href_matches: `${BENCH_BASE}/widget/pages/logon/scanner` }, eagerness: 'immediate' }] });
    expect([...prerendering.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'))).toEqual(['/dist/amwa.standalone.js']);
    expect((await open(`${BENCH_BASE}/widget/`)).querySelector('script[type="speculationrules"]')).toBeNull();
  });

  describe('with a renderer (amwa/server, as npm run bench passes the built one)', () => {
    const rendering = createSandbox({ benchRenderer: renderToString });
    const page = async (path: string, init?: RequestInit) => {
      const response = await rendering.fetch(new Request(ORIGIN + path, init));
      expect(response.status).toBe(200);
      return response.text();
    };
    // The page around the element: the chrome every bench page shares.
    const chrome = (text: string) => text.replace(/<amwa-portal[^]*<\/amwa-portal>/, '<amwa-portal></amwa-portal>');

    it('serve the widget page with the first screen rendered into the element, in the same page chrome, under a base path of its own', async () => {
      const server = await page(`${BENCH_BASE}/server/?lang=de&country=DE`);
      expect(server).toMatch(/<main><amwa-portal settings='[^']*'><template shadowrootmode="open"><style>/);
      expect(server).toContain(`href="${ORIGIN}${BENCH_BASE}/server/pages/logon/scanner"`);
      expect(server).toContain('lang="de-DE"');
      expect(chrome(server)).toBe(chrome(await page(`${BENCH_BASE}/widget/?lang=de&country=DE`)));
      const doc = new new Window().DOMParser().parseFromString(server, 'text/html');
      const parsed = parseSettings(doc.querySelector('amwa-portal')!.getAttribute('settings')!, ORIGIN);
      expect(parsed.ok && parsed.settings).toMatchObject({ basePath: `${BENCH_BASE}/server`, language: 'de' });
    });

    it("render the screen the request's path and cookies open", async () => {
      const returning = await page(`${BENCH_BASE}/server/`, { headers: { Cookie: 'logonType=scanner; demobank-scanner-user-id=EMMA0005' } });
      expect(returning).toMatch(/<input[^>]*value="EMMA0005"/);
      expect(await page(`${BENCH_BASE}/server/pages/logon/scanner`)).toContain('name="username"');
    });

    it('are not there without one', async () => {
      expect((await sandbox.fetch(new Request(`${ORIGIN}${BENCH_BASE}/server/`))).status).toBe(404);
    });
  });
});
