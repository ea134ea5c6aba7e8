// @vitest-environment node
// docs/decisions.md lists every place where amwa departs from the spec on purpose. These checks
// keep it whole: each decision says what the spec says, what amwa does and why; each is linked
// from a page where it shows; every link into it lands on a decision; and no page says the spec
// is followed where a decision says it is not.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchor } from './doc-snippets';

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(resolve(root, file), 'utf8');
const decisions = read('docs/decisions.md');
/** Every page a host reads, each with the path that reaches docs/decisions.md from it. */
const pages: [file: string, target: string][] = [
  ['README.md', 'docs/decisions.md'],
  ['SECURITY.md', 'docs/decisions.md'],
  ...readdirSync(resolve(root, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'decisions.md')
    .map((name): [string, string] => [`docs/${name}`, 'decisions.md']),
];

/** The decisions, as { anchor: section text }. */
const sections = (markdown: string): Map<string, string> =>
  new Map(
    markdown
      .split(/^## /m)
      .slice(1)
      .map((section) => [headingAnchor(section.slice(0, section.indexOf('\n'))), section]),
  );
/** The anchors the pages link to in docs/decisions.md, with where each link is. */
const linksIn = (text: string, target: string) => [...text.matchAll(new RegExp(`\\]\\(${target.replace('.', '\\.')}#([^)\\s]+)\\)`, 'g'))].map((match) => match[1]!);
const linked = pages.flatMap(([file, target]) => linksIn(read(file), target).map((anchor) => ({ file, anchor })));

describe('docs/decisions.md', () => {
  const listed = sections(decisions);

  it('lists the departures issue 33 names, and the button height', () => {
    expect([...listed.keys()]).toEqual(
      expect.arrayContaining([
        'redirects-only-to-allowed-origins',
        'the-means-check-also-reads-the-latest-agreement',
        'every-5xx-is-a-technical-error',
        'the-system-font-stack',
        'store-qr-codes-only-with-storeurls',
        'the-qr-poll-waits-out-busy-answers',
        'buttons-are-36-px-high-48-px-is-a-token',
      ]),
    );
  });

  it('says for each decision what the spec says, what amwa does and why', () => {
    expect(listed.size).toBeGreaterThan(0);
    for (const [anchor, text] of listed) {
      for (const part of ['**The spec:**', '**amwa:**', '**Why:**']) expect(text, `${anchor} lacks ${part}`).toContain(part);
    }
  });

  it('is linked from the README, and every decision from a page where it shows', () => {
    expect(read('README.md')).toContain('](docs/decisions.md)');
    const unlinked = [...listed.keys()].filter((anchor) => !linked.some((link) => link.anchor === anchor));
    expect(unlinked).toEqual([]);
  });

  it('has the decision every link into it names', () => {
    expect(linked.length).toBeGreaterThan(0);
    const broken = linked.filter(({ anchor }) => !listed.has(anchor)).map(({ file, anchor }) => `${file}: #${anchor}`);
    expect(broken).toEqual([]);
  });

  it('is not contradicted: no page says a 5xx is handled as the spec says', () => {
    const claims = pages.flatMap(([file]) =>
      read(file)
        .split(/\n(?=\S)/)
        .filter((paragraph) => /\b5\d\d\b|5xx/.test(paragraph) && /as the spec (says|asks)/i.test(paragraph))
        .map((paragraph) => `${file}: ${paragraph.slice(0, 80)}`),
    );
    expect(claims).toEqual([]);
  });
});
