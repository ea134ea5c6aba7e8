// A Rollup plugin for the standalone build: an import() of one of our chunks that failed is
// retried with a fresh address the next time. Chromium and Firefox keep a failed module fetch in
// the page's module map, so importing the same address again fails at once, for as long as the
// page lives: one network hiccup during the warm-up would break every page but Home until a reload.
// The next try asks for `chunk.js?retry=<time>`, a new entry of the map; the chunk still imports
// the one entry module, so nothing is evaluated twice. The failures seen are kept in the
// importing module: nothing is added to the host page's globals.

const HELPER = '__amwaImport';

/** (specifier, importer url) => import() that remembers a failure and asks for a fresh address next time. */
const helperSource = `const ${HELPER} = ((failed) => (specifier, base) => {
  const url = new URL(specifier, base).href;
  return import(url + (failed.get(url) ?? '')).catch((error) => {
    failed.set(url, '?retry=' + Date.now());
    throw error;
  });
})(new Map());
`;

/** Dynamic imports of the build's own chunks that try a fresh address after a failure. */
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
