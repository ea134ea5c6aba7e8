// A Rollup plugin for the standalone build: an import() of one of our chunks that failed is
// tried again the next time. Firefox keeps a failed module fetch in the page's module map, so
// importing the same address again fails at once, for as long as the page lives: one network
// hiccup during the warm-up would break every page but Home until a reload. The next try
// therefore asks for `chunk.js?retry=<time>`, a new entry of the map; the chunk still imports the
// one entry module, so nothing is evaluated twice.
//
// Except on a page that pins files by digest in an import map's `integrity` section (the
// Subresource Integrity set-up of docs/embedding.md): the browser checks a digest only for the
// exact address it is listed under, so a `?retry=` address would run whatever the server sends.
// There the next try re-imports the same address: Chromium and WebKit fetch it again (and
// Chromium checks it), Firefox keeps the failure until the page is reloaded.
//
// Chunk addresses are resolved against the importing module's own URL, never the document's
// `<base href>`. The failures seen are kept in the importing module: nothing is added to the host
// page's globals.

const HELPER = '__amwaImport';

/**
 * Whether an import map of `doc` pins any file by digest. Any pin counts, not only one for the
 * chunk: the map's keys are resolved against the base URL the page had when the browser read it,
 * which a script cannot know, and a wrong guess here would run an unchecked file. A map the
 * browser rejects (not JSON, `integrity` not an object) pins nothing.
 */
export function pinsIntegrity(doc) {
  for (const script of doc?.querySelectorAll('script[type="importmap"]') ?? []) {
    try {
      const integrity = JSON.parse(script.textContent ?? '').integrity;
      if (integrity !== null && typeof integrity === 'object' && !Array.isArray(integrity) && Object.keys(integrity).length > 0) return true;
    } catch {
      // Not JSON: the browser ignores this map as well.
    }
  }
  return false;
}

/**
 * The helper's code: `(specifier, importerUrl) => import()` of the chunk at its address resolved
 * against the importer, remembering a failure; `load` is the real `import()`, `doc` the page's
 * document (undefined in a worker). Written out into the bundle by its source text, with
 * `pinsIntegrity` beside it, so it must use nothing else of this file.
 */
export function chunkImporter(load, doc, pinned) {
  const failed = new Map();
  return (specifier, base) => {
    const url = new URL(specifier, base).href;
    return load(url + (failed.get(url) ?? '')).catch((error) => {
      if (!pinned(doc)) failed.set(url, `?retry=${Date.now()}`);
      throw error;
    });
  };
}

/** The helper as the bundle holds it: one per module that imports our chunks. */
export const helperSource = `const ${HELPER} = (${chunkImporter})((url) => import(url), typeof document === 'undefined' ? undefined : document, ${pinsIntegrity});
`;

/** Dynamic imports of the build's own chunks that are resolved against the importer and try again after a failure. */
export const retryImports = {
  name: 'amwa:retry-imports',
  renderDynamicImport({ targetChunk }) {
    // Only our own chunks: an external or computed import stays as written.
    if (!targetChunk) return null;
    return { left: `${HELPER}(`, right: ', import.meta.url)' };
  },
  renderChunk(code) {
    if (!code.includes(`${HELPER}(`)) return null;
    // After the chunk's static imports, which must stay first.
    const imports = /^(?:import[^;]*;\s*)*/.exec(code)?.[0] ?? '';
    return { code: imports + helperSource + code.slice(imports.length), map: null };
  },
};
