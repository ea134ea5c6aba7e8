// Where `npm run test:hosts` (test/hosts/build.mjs) copies the examples out of the repository, so
// that nothing in an example resolves through the repository's own node_modules: a folder under
// the system's temporary directory, one per checkout (two checkouts' runs do not mix).
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The folder outside the repository that holds this checkout's copies of the examples and the packed tarballs. */
export const copiesDir = join(tmpdir(), `amwa-hosts-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`);

/** The copy of examples/`name` that test/hosts/build.mjs installs and builds, and test/e2e/hosts.e2e.ts serves. */
export const exampleCopy = (name) => join(copiesDir, name);

/** The host built from docs/embedding.md's recipe `name` (test/hosts/recipes.mjs), beside the examples' copies. */
export const recipeCopy = (name) => join(copiesDir, `recipe-${name}`);
