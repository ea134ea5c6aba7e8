// Every code block of README.md and docs/*.md is checked against the package (doc-snippets.ts):
// a snippet that uses an API the package no longer has, or settings it would refuse, fails here.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SETTINGS_DOCS } from '../../src/mount';
import { anchorsOf, brokenLinks, checkHtml, checkJsonSettings, checkTypeScript, describeProblems, docSnippets, extractSnippets, headingAnchor, isTypeScript, NO_CHECK, type SnippetProblem } from './doc-snippets';

// happy-dom replaces the global URL, so the root comes from this file's directory.
const root = resolve(import.meta.dirname, '../..');
const snippets = docSnippets(root);

// Known-bad blocks, checked in the same program as the docs: they prove each check can fail.
const CANARY = extractSnippets(
  [
    '```ts',
    "import { mount } from 'amwa';",
    "const portal = mount(document.body, { basePath: '/access' });",
    'portal.destroy();',
    '```',
    '```tsx',
    "import { AmwaPortal } from 'amwa/react';",
    "export const Page = () => <AmwaPortal settings={{ basePath: '/access', bmgApiTimeout: -1, apiBaseUrl: location.origin }} />;",
    '```',
    '```ts',
    "import { mount } from 'amwa';",
    "mount(document.body, { language: 'xx' });",
    '```',
    '```ts',
    "import { mount } from 'amwa';",
    'const portal = mount(document.body, \'{"basePath": "access"}\');',
    "portal.update({ basePath: '/access' }); // refused",
    '```',
    '```html',
    '<amwa-portal settings=\'{"privacyUrl": "javascript:alert(1)"}\'></amwa-portal>',
    '```',
    '```html',
    '<amwa-portal settings=\'{"serviceEmail": "it\'s@bank.example"}\'></amwa-portal>',
    '```',
    '```json settings',
    '{ "qrTimeout": 2147483648 }',
    '```',
  ].join('\n'),
  'canary.md',
);

let problems: SnippetProblem[];

beforeAll(() => {
  problems = checkTypeScript(root, [...snippets, ...CANARY].filter(isTypeScript));
}, 120_000);

const inDocs = (list: SnippetProblem[]) => list.filter(({ where }) => !where.startsWith('canary.md'));
const at = (list: SnippetProblem[], where: string) => list.filter((problem) => problem.where === where).map(({ message }) => message);

describe('code blocks of README.md and docs/*.md', () => {
  it('are found, with the line they start on', () => {
    expect(extractSnippets('# T\n\n```ts no-check\nconst a = 1;\n```\n\n~~~html\n<p>\n~~~\n', 'x.md')).toEqual([
      { file: 'x.md', line: 4, lang: 'ts', meta: [NO_CHECK], code: 'const a = 1;' },
      { file: 'x.md', line: 8, lang: 'html', meta: [], code: '<p>' },
    ]);
    expect(snippets.filter(isTypeScript).length).toBeGreaterThanOrEqual(10);
    expect(snippets.some(({ file }) => file === 'README.md')).toBe(true);
  });

  it('TypeScript blocks type-check against the package, and their settings parse', () => {
    expect(describeProblems(inDocs(problems))).toBe('');
  });

  it('HTML blocks parse, and the settings of every <amwa-portal> pass parseSettings', () => {
    const html = snippets.filter(({ lang }) => lang === 'html');
    expect(html.length).toBeGreaterThanOrEqual(3);
    expect(describeProblems(html.flatMap(checkHtml))).toBe('');
  });

  it('JSON blocks marked `settings` pass parseSettings', () => {
    expect(describeProblems(snippets.filter(({ lang, meta }) => lang === 'json' && meta.includes('settings')).flatMap(checkJsonSettings))).toBe('');
  });

  it('few blocks opt out with no-check', () => {
    // Each one is a block nobody checks: keep them for what cannot be complete.
    expect(snippets.filter(({ meta }) => meta.includes(NO_CHECK)).map(({ file, line }) => `${file}:${line}`).length).toBeLessThanOrEqual(3);
  });
});

describe('links of README.md and docs/*.md', () => {
  it('point at files and headings that exist', () => {
    expect(headingAnchor("React: `<AmwaPortal>`")).toBe('react-amwaportal');
    expect(headingAnchor("Long-lived caching of the widget's files")).toBe('long-lived-caching-of-the-widgets-files');
    expect(describeProblems(brokenLinks(root))).toBe('');
  });

  it('the settings docs named in every settings error exist, in the package', () => {
    // A page inside the package: no web address, which would not exist for a package a bank
    // publishes to its own registry.
    const page = /\bdocs\/[\w-]+\.md\b/.exec(SETTINGS_DOCS)?.[0];
    expect(SETTINGS_DOCS).not.toMatch(/https?:/);
    expect(readFileSync(`${root}/${page}`, 'utf8')).toMatch(/^# Settings/m);
    expect((JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { files: string[] }).files).toContain('docs');
    expect(SETTINGS_DOCS).toContain(`node_modules/amwa/${page}`);
  });
});

describe('the checks fail on drifted docs (canaries)', () => {
  it('a method the handle does not have', () => {
    expect(at(problems, 'canary.md:4')).toEqual([expect.stringMatching(/^TS2339: Property 'destroy' does not exist on type 'AmwaHandle'/)]);
  });

  it('a settings literal parseSettings refuses, its run-time parts left out', () => {
    expect(at(problems, 'canary.md:8')).toEqual(['amwa settings: "bmgApiTimeout" must be at least 1 ms']);
  });

  it('a settings value the types refuse', () => {
    expect(at(problems, 'canary.md:12')).toEqual([
      expect.stringMatching(/^TS2322: Type '"xx"' is not assignable to type/),
      'amwa settings: "language" must be one of bg, cs, de, en, es, fr, hu, it, nl, pl, ro, ru, sk, uk, zh',
    ]);
  });

  it('settings in a JSON string, and settings documented as refused that are not', () => {
    expect(at(problems, 'canary.md:16')).toEqual(['amwa settings: "basePath" must be a path such as /access, without . or .. segments or backslashes']);
    expect(at(problems, 'canary.md:17')).toEqual(['documented as refused, but parseSettings accepts these settings']);
  });

  it('an invalid setting in an <amwa-portal> attribute, and an attribute broken by a quote', () => {
    const [scheme, quote] = CANARY.filter(({ lang }) => lang === 'html');
    expect(checkHtml(scheme!).map(({ message }) => message)).toEqual(['amwa settings: "privacyUrl" must be an http: or https: URL, or a path on this site']);
    expect(checkHtml(quote!).map(({ message }) => message)).toEqual([expect.stringMatching(/^amwa settings: malformed JSON/)]);
  });

  it('an invalid JSON settings block', () => {
    const json = CANARY.find(({ lang }) => lang === 'json')!;
    expect(checkJsonSettings(json).map(({ message }) => message)).toEqual(['amwa settings: "qrTimeout" must be at most 2147483647 ms']);
  });
});
