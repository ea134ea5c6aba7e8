// The build target of the browser bundles, from the browserslist query in .browserslistrc: the
// oldest version of each browser it names, in esbuild's words (`chrome111`, `ios16.4`).
import browserslist from 'browserslist';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** browserslist's browser names that esbuild knows, with esbuild's name. */
const ESBUILD_NAMES = { chrome: 'chrome', and_chr: 'chrome', edge: 'edge', firefox: 'firefox', and_ff: 'firefox', safari: 'safari', ios_saf: 'ios', opera: 'opera' };

const newer = (a, b) => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let index = 0; index < Math.max(x.length, y.length); index++) if ((x[index] ?? 0) !== (y[index] ?? 0)) return (x[index] ?? 0) > (y[index] ?? 0);
  return false;
};

/** The supported browsers' query, as .browserslistrc states it. */
export const browserQuery = () => browserslist.loadConfig({ path: root }) ?? browserslist.defaults;

/** esbuild targets for a browserslist query (by default the project's): the oldest version per browser. */
export function browserTargets(query = browserQuery()) {
  const oldest = new Map();
  for (const entry of browserslist(query)) {
    const [browser, range] = entry.split(' ');
    const name = ESBUILD_NAMES[browser];
    if (!name) throw new Error(`browser target: esbuild has no target for ${entry} (from "${query}")`);
    const version = range.split('-')[0];
    if (!oldest.has(name) || newer(oldest.get(name), version)) oldest.set(name, version);
  }
  return [...oldest].map(([name, version]) => `${name}${version}`).sort();
}
