// The proxy recipes of docs/embedding.md, each built as a host app by test/hosts/build.mjs and
// walked by test/e2e/hosts.e2e.ts: the app's own files are in test/hosts/recipes/<name>/ (a page,
// a root layout, its package.json), and what a developer copies from the docs is written into it
// from the docs' own snippets, so a recipe that leaves something out fails its walk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ports from './ports.json' with { type: 'json' };

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The text of the `## heading` section of docs/embedding.md. */
function section(heading) {
  const text = readFileSync(join(root, 'docs', 'embedding.md'), 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`recipes: docs/embedding.md has no section "## ${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

/** The one fenced code block of `text` in `language` that contains `marker`. */
function snippet(text, language, marker) {
  const found = [...text.matchAll(/```(\w+)[^\n]*\n([\s\S]*?)```/g)].filter(([, lang, code]) => lang === language && code.includes(marker));
  if (found.length !== 1) throw new Error(`recipes: ${found.length} \`\`\`${language} blocks with ${JSON.stringify(marker)} where one was expected`);
  return found[0][2];
}

/** `text` with `literal`, which must occur exactly once, replaced. */
function replaceOnce(text, literal, replacement) {
  if (text.split(literal).length !== 2) throw new Error(`recipes: the snippet no longer has ${JSON.stringify(literal)} exactly once`);
  return text.replace(literal, replacement);
}

/**
 * Each recipe: the docs' section it builds, the example whose lock file it installs from (its
 * package.json declares the same packages), its server (`vite`'s dev server, or `next start` after
 * `next build`), the port of the sandbox its proxy points at, and its files written from the docs.
 */
export const RECIPES = {
  'vite-proxy': {
    section: 'A Vite dev server with the API proxied',
    lockFrom: 'vanilla',
    server: 'vite-dev',
    commands: [],
    apiPort: ports.recipeViteApiPort,
    files() {
      // The snippet's sandbox address is the docs' (port 4400); the trial's sandbox has a port of its own.
      const config = replaceOnce(snippet(section(this.section), 'ts', 'server:'), "'http://127.0.0.1:4400'", `'http://127.0.0.1:${this.apiPort}'`);
      return { 'vite.config.ts': config };
    },
  },
  nextjs: {
    section: 'Next.js (App Router)',
    lockFrom: 'nextjs',
    server: 'next',
    commands: ['build'],
    apiPort: ports.recipeNextApiPort,
    files() {
      const text = section(this.section);
      return {
        'app/access/[[...slug]]/page.tsx': snippet(text, 'tsx', '<AmwaPortal'),
        'next.config.mjs': snippet(text, 'js', 'beforeFiles'),
        'proxy.ts': snippet(text, 'ts', 'export function proxy'),
        'scripts/copy-static.mjs': snippet(text, 'js', 'cpSync'),
      };
    },
  },
};
