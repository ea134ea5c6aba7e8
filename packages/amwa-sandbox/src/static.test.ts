// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';
import { acceptsBrotli, cacheControlFor } from './static';

// A package root of its own: the tests do not depend on a build being there.
const root = mkdtempSync(join(tmpdir(), 'amwa-static-'));
const files: Record<string, string> = {
  'dist/amwa.standalone.js': 'export const standalone = "the first screen";\n'.repeat(40),
  'dist/chunks/scanner-logon-B6QIl-aH.js': 'export const page = "scanner";\n'.repeat(40),
  'dist/chunks/en-BFUHl_OS.js': 'export default {};\n',
  'dist/lib/home-Ab_cd-12.js': 'export const lib = 1;\n',
  'dist/amwa.css': ':host { display: block }\n',
  'dist-examples/react.js': 'export const example = 1;\n',
  'examples/demo.css': 'body { margin: 0 }\n',
  'locales/de.json': JSON.stringify({ home: { title: 'Anmelden mit' } }),
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(join(root, name, '..'), { recursive: true });
  writeFileSync(join(root, name), text);
}
for (const name of ['dist/amwa.standalone.js', 'dist/chunks/scanner-logon-B6QIl-aH.js', 'locales/de.json']) writeFileSync(join(root, `${name}.br`), brotliCompressSync(files[name]!));
// A stray .br beside a file that is not a build output is never sent.
writeFileSync(join(root, 'examples/demo.css.br'), brotliCompressSync(files['examples/demo.css']!));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sandbox = createSandbox({ root, examplesRoot: root });
const send = (path: string, headers: Record<string, string> = {}) => sandbox.fetch(new Request(`http://sandbox.test${path}`, { headers }));
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

describe('built files', () => {
  it('are sent brotli-compressed from the .br beside them when the browser takes br', async () => {
    const response = await send('/dist/amwa.standalone.js', BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toMatch(/\bAccept-Encoding\b/);
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(files['dist/amwa.standalone.js']!.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(files['dist/amwa.standalone.js']);
  });

  it('are sent as they are when the browser does not take br, or no .br is there', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'gzip, deflate' }, { 'Accept-Encoding': 'br;q=0, gzip' }] as Record<string, string>[]) {
      const response = await send('/dist/amwa.standalone.js', headers);
      expect(response.headers.get('Content-Encoding')).toBeNull();
      expect(response.headers.get('Vary')).toMatch(/\bAccept-Encoding\b/);
      expect(await response.text()).toBe(files['dist/amwa.standalone.js']);
    }
    const plain = await send('/dist/chunks/en-BFUHl_OS.js', BROWSER);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(files['dist/chunks/en-BFUHl_OS.js']);
    const example = await send('/examples/demo.css', BROWSER);
    expect(example.headers.get('Content-Encoding')).toBeNull();
    expect(await example.text()).toBe(files['examples/demo.css']);
  });

  it('include the locale tables a host fetches from {basePath}/static/locales', async () => {
    const response = await send('/access/static/locales/de.json', BROWSER);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual({ home: { title: 'Anmelden mit' } });
    expect(await (await send('/__sandbox/bench/widget/static/locales/de.json')).json()).toEqual({ home: { title: 'Anmelden mit' } });
  });

  it('keep hashed chunks for a year and revalidate everything else', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    for (const path of ['/dist/chunks/scanner-logon-B6QIl-aH.js', '/dist/chunks/en-BFUHl_OS.js', '/dist/lib/home-Ab_cd-12.js']) {
      expect((await send(path, BROWSER)).headers.get('Cache-Control'), path).toBe(immutable);
    }
    for (const path of ['/dist/amwa.standalone.js', '/dist/amwa.css', '/dist-examples/react.js', '/examples/demo.css']) {
      expect((await send(path, BROWSER)).headers.get('Cache-Control'), path).toBe('no-cache');
    }
  });

  it('answer a revalidation with 304 while the file is unchanged, per encoding', async () => {
    const first = await send('/dist/amwa.standalone.js', BROWSER);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+-br"$/);
    const again = await send('/dist/amwa.standalone.js', { ...BROWSER, 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The identity variant has its own validator: a cached brotli body never answers a plain request.
    const plain = await send('/dist/amwa.standalone.js', { 'If-None-Match': etag });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('ETag')).not.toBe(etag);
  });

  it('refuse paths outside the folders, hidden files and the .br files themselves', async () => {
    for (const path of ['/dist/chunks/scanner-logon-B6QIl-aH.js.br', '/dist/..%2fpackage.json', '/dist/%E0%A4%A.js', '/dist/chunks/', '/dist/nothing.js']) {
      expect((await send(path, BROWSER)).status, path).toBe(404);
    }
  });
});

describe('acceptsBrotli', () => {
  it.each([
    ['br', true],
    ['gzip, deflate, br, zstd', true],
    ['BR;q=0.5', true],
    ['*', true],
    ['br;q=0', false],
    ['gzip', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => expect(acceptsBrotli(header)).toBe(expected));
});

describe('cacheControlFor', () => {
  it('marks only Rollup chunk names under a chunk folder immutable', () => {
    expect(cacheControlFor('chunks/core-BT4V8d-F.js')).toMatch(/immutable/);
    expect(cacheControlFor('lib-react/rich-text-B4XGo5GI.js')).toMatch(/immutable/);
    expect(cacheControlFor('amwa.standalone.js')).toBe('no-cache');
    expect(cacheControlFor('index.js')).toBe('no-cache');
    expect(cacheControlFor('chunks/readme.js')).toBe('no-cache');
    expect(cacheControlFor('lib/x-B4XGo5GI.js.map')).toBe('no-cache');
  });
});
