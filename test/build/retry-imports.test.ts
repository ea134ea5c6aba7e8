// The standalone build's chunk importer (scripts/retry-imports.mjs), run as the bundle runs it:
// its source text, evaluated as a module would hold it, against happy-dom's document. Only the
// real import() is replaced, by a loader that fails or succeeds as the test says.
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkImporter, helperSource, pinsIntegrity } from '../../scripts/retry-imports.mjs';

const CHUNK = 'https://cdn.bank.example/amwa/0.1.0/chunks/pages-Abc12345.js';
const ENTRY = 'https://cdn.bank.example/amwa/0.1.0/amwa.standalone.js';

/** A loader that fails the first `failures` calls, and the addresses it was asked for. */
function flakyLoader(failures: number) {
  const asked: string[] = [];
  return {
    asked,
    load: (url: string) => (asked.push(url), asked.length <= failures ? Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`)) : Promise.resolve({ url })),
  };
}

const importMap = (json: string) => {
  const script = document.createElement('script');
  script.type = 'importmap';
  script.textContent = json;
  document.head.append(script);
};

afterEach(() => {
  for (const element of document.querySelectorAll('script[type="importmap"], base')) element.remove();
});

describe('chunkImporter', () => {
  it('asks for the chunk relative to the importing module, never the document base, and at a fresh address after a failure', async () => {
    const base = document.head.appendChild(document.createElement('base'));
    base.href = 'http://127.0.0.2:4401/';
    const { asked, load } = flakyLoader(1);
    const importChunk = chunkImporter(load, document, pinsIntegrity);
    await expect(importChunk('./chunks/pages-Abc12345.js', ENTRY)).rejects.toThrow(TypeError);
    await expect(importChunk('./chunks/pages-Abc12345.js', ENTRY)).resolves.toEqual({ url: expect.stringMatching(/\?retry=\d+$/) });
    expect(asked[0]).toBe(CHUNK);
    expect(asked[1]).toMatch(new RegExp(`^${CHUNK.replace(/[.?]/g, '\\$&')}\\?retry=\\d+$`));
  });

  it('on a page that pins files in an import map, tries again at exactly the pinned address', async () => {
    importMap(JSON.stringify({ imports: {}, integrity: { [CHUNK]: 'sha384-AAAA' } }));
    const { asked, load } = flakyLoader(2);
    const importChunk = chunkImporter(load, document, pinsIntegrity);
    await expect(importChunk('./chunks/pages-Abc12345.js', ENTRY)).rejects.toThrow(TypeError);
    await expect(importChunk('./chunks/pages-Abc12345.js', ENTRY)).rejects.toThrow(TypeError);
    await expect(importChunk('./chunks/pages-Abc12345.js', ENTRY)).resolves.toEqual({ url: CHUNK });
    expect(asked).toEqual([CHUNK, CHUNK, CHUNK]);
  });

  it('the helper in the bundle is this code: evaluated from its source text, it keeps the pinned address too', async () => {
    importMap(JSON.stringify({ integrity: { '/amwa/chunks/pages-Abc12345.js': 'sha384-AAAA' } }));
    const { asked, load } = flakyLoader(1);
    // The bundle's `import(url)` is the only part swapped: it is the network edge.
    const source = helperSource.replace('(url) => import(url)', '__load');
    const importChunk = runInNewContext(`${source};__amwaImport`, { __load: load, document, URL, Map, Date }) as (specifier: string, base: string) => Promise<unknown>;
    await expect(importChunk('./chunks/pages-Abc12345.js', ENTRY)).rejects.toThrow(TypeError);
    await importChunk('./chunks/pages-Abc12345.js', ENTRY);
    expect(asked).toEqual([CHUNK, CHUNK]);
  });
});

describe('pinsIntegrity', () => {
  it.each([
    ['no import map', undefined, false],
    ['an import map without integrity', '{"imports":{"amwa":"/amwa/amwa.standalone.js"}}', false],
    ['an empty integrity section', '{"integrity":{}}', false],
    ['integrity that is not an object (the browser rejects the map)', '{"integrity":["sha384-AAAA"]}', false],
    ['a map that is not JSON (the browser ignores it)', '{integrity: {"/x.js": "sha384-AAAA"}}', false],
    ['a pinned file, whichever', '{"integrity":{"/host/app.js":"sha384-AAAA"}}', true],
  ])('%s: %s', (_, json, pinned) => {
    if (json !== undefined) importMap(json);
    expect(pinsIntegrity(document)).toBe(pinned);
  });

  it('a second import map pins as well, and without a document nothing is pinned', () => {
    importMap('{"imports":{}}');
    importMap('{"integrity":{"./chunks/pages-Abc12345.js":"sha384-AAAA"}}');
    expect(pinsIntegrity(document)).toBe(true);
    expect(pinsIntegrity(undefined)).toBe(false);
  });
});
