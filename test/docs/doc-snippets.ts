// Keeps the docs from drifting: the code blocks of README.md and docs/*.md are checked against
// the package itself. TypeScript blocks are type-checked (one ts.Program for all of them) and
// their static settings objects parsed; HTML blocks are parsed and the settings of every
// <amwa-portal> (and every JSON settings block) must pass parseSettings.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { parseSettings } from '../../src/core/settings';

/** One fenced code block of a Markdown file. */
export interface Snippet {
  /** The Markdown file, relative to the repository root. */
  file: string;
  /** Line of the block's first code line (1-based). */
  line: number;
  lang: string;
  /** Words after the language, e.g. `no-check`. */
  meta: string[];
  code: string;
}

/** A problem found in a snippet, located in its Markdown file. */
export interface SnippetProblem {
  where: string;
  message: string;
}

/** Marks a block that is intentionally partial (use sparingly): ```ts no-check. */
export const NO_CHECK = 'no-check';

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/;

/** Every fenced code block of `markdown`, with the line it starts on. */
export function extractSnippets(markdown: string, file: string): Snippet[] {
  const lines = markdown.split(/\r?\n/);
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!);
    if (!open) continue;
    const [, fence, lang = '', meta = ''] = open;
    const body: string[] = [];
    let end = index + 1;
    // A block ends at a fence of the same character, at least as long; or at the end of the file.
    while (end < lines.length && !new RegExp(`^ {0,3}${fence![0]}{${fence!.length},}\\s*$`).test(lines[end]!)) body.push(lines[end++]!);
    snippets.push({ file, line: index + 2, lang: lang.toLowerCase(), meta: meta.split(/\s+/).filter(Boolean), code: body.join('\n') });
    index = end;
  }
  return snippets;
}

/** The snippets of README.md and every docs/*.md under `root`. */
export function docSnippets(root: string): Snippet[] {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];
  return files.flatMap((file) => extractSnippets(readFileSync(join(root, file), 'utf8'), file));
}

const where = (snippet: Snippet, lineInSnippet = 0) => `${snippet.file}:${snippet.line + lineInSnippet}`;

/**
 * Names the docs may use for the host page's own things without declaring them: the element a
 * snippet mounts into, a handle from an earlier snippet, and stand-ins for the host's own code.
 * Their amwa types are real, so a call on them is checked like any other.
 */
const PRELUDE = `
declare const element: HTMLElement;
declare const handle: import('amwa').AmwaHandle;
declare const settings: import('amwa').AmwaSettings;
declare const consentBanner: { onAccept(purpose: string, callback: () => void): void };
declare const banner: { show(detail: unknown): void };
declare function track(pageName: string): void;
declare function audit(...values: unknown[]): void;
`;

const TS_LANGS: Record<string, ts.Extension> = { ts: ts.Extension.Ts, typescript: ts.Extension.Ts, tsx: ts.Extension.Tsx };

/** True for the blocks `checkTypeScript` checks. */
export const isTypeScript = (snippet: Snippet) => snippet.lang in TS_LANGS && !snippet.meta.includes(NO_CHECK);

/** The root tsconfig's options: `paths` resolve `amwa`, `amwa/react` and `amwa-sandbox` to the sources. */
function compilerOptions(root: string): ts.CompilerOptions {
  const configFile = join(root, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configFile);
  // The standalone bundle has the types of `amwa` and registers the element as it loads.
  return { ...options, paths: { ...options.paths, 'amwa/standalone': ['./src/standalone.ts'] }, noEmit: true };
}

/**
 * Type-checks every TypeScript snippet against the package's sources in one program, each
 * snippet a module of its own, and runs the settings it writes as literals (JSON strings, and
 * objects with the properties computed at run time left out) through `parseSettings`.
 */
export function checkTypeScript(root: string, snippets: Snippet[]): SnippetProblem[] {
  const options = compilerOptions(root);
  const virtualDir = join(root, '__doc-snippets__');
  const files = new Map<string, { snippet?: Snippet; text: string }>();
  files.set(join(virtualDir, 'prelude.d.ts'), { text: PRELUDE });
  snippets.forEach((snippet, index) => {
    const name = join(virtualDir, `${index}-${snippet.file.replace(/\W+/g, '-')}-${snippet.line}${TS_LANGS[snippet.lang]}`);
    // `export {}` makes every snippet a module, so two snippets may declare the same name.
    files.set(name, { snippet, text: `${snippet.code}\nexport {};\n` });
  });

  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, language, ...rest) => {
    const virtual = files.get(fileName);
    return virtual ? ts.createSourceFile(fileName, virtual.text, language, true) : getSourceFile.call(host, fileName, language, ...rest);
  };
  host.fileExists = (fileName) => files.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => files.get(fileName)?.text ?? readFile.call(host, fileName);

  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const checker = program.getTypeChecker();
  const problems: SnippetProblem[] = [];
  for (const [fileName, { snippet }] of files) {
    const source = program.getSourceFile(fileName)!;
    if (!snippet) {
      for (const diagnostic of program.getSemanticDiagnostics(source)) problems.push({ where: 'prelude', message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') });
      continue;
    }
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
      problems.push({ where: where(snippet, line), message: `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}` });
    }
    for (const literal of settingsLiterals(source, checker)) {
      const line = source.getLineAndCharacterOfPosition(literal.getStart()).line;
      const result = parseSettings(ts.isObjectLiteralExpression(literal) ? staticValue(literal) : literal.text, 'https://bank.example');
      // A line that says `// refused` shows settings the widget refuses: they must be refused.
      const refused = /\/\/\s*refused\b/.test(source.text.split('\n')[line] ?? '');
      if (refused && result.ok) problems.push({ where: where(snippet, line), message: 'documented as refused, but parseSettings accepts these settings' });
      if (!refused && !result.ok) problems.push({ where: where(snippet, line), message: result.message });
    }
  }
  return problems;
}

/** True when `type` is (or, in a union, includes) amwa's own `AmwaSettings`. */
function isAmwaSettings(type: ts.Type | undefined): boolean {
  if (!type) return false;
  if (type.isUnion()) return type.types.some(isAmwaSettings);
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return symbol?.getName() === 'AmwaSettings' && (symbol.getDeclarations() ?? []).some((declaration) => /src[\\/]core[\\/]settings\.ts$/.test(declaration.getSourceFile().fileName));
}

type SettingsLiteral = ts.ObjectLiteralExpression | ts.StringLiteral | ts.NoSubstitutionTemplateLiteral;

/**
 * The settings a snippet writes as literals (to `mount`, `update`, a prop, a typed const): the
 * outermost object literals, and the JSON strings, typed as amwa settings.
 */
function settingsLiterals(source: ts.SourceFile, checker: ts.TypeChecker): SettingsLiteral[] {
  const found: SettingsLiteral[] = [];
  const visit = (node: ts.Node): void => {
    const literal = ts.isObjectLiteralExpression(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    if (literal && isAmwaSettings(checker.getContextualType(node as ts.Expression))) {
      found.push(node as SettingsLiteral);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const OMIT = Symbol('computed at run time');

/** The value an expression written only with literals has; `OMIT` for anything computed. */
function staticValue(node: ts.Expression): unknown {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return staticValue(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map((element) => staticValue(element));
    return items.includes(OMIT) ? OMIT : items;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const value: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) continue;
      const item = staticValue(property.initializer);
      if (item !== OMIT) value[property.name.text] = item;
    }
    return value;
  }
  return OMIT;
}

/**
 * Parses an HTML snippet: every `<amwa-portal>` must survive parsing as an element, and its
 * `settings` attribute, like every `<script type="application/json">` settings block, must pass
 * `parseSettings`.
 */
export function checkHtml(snippet: Snippet): SnippetProblem[] {
  const document = new DOMParser().parseFromString(snippet.code, 'text/html');
  const problems: SnippetProblem[] = [];
  const portals = [...document.querySelectorAll('amwa-portal')];
  const written = snippet.code.match(/<amwa-portal[\s>]/g)?.length ?? 0;
  if (portals.length !== written) problems.push({ where: where(snippet), message: `${written} <amwa-portal> tags written, ${portals.length} parsed` });
  const settingsBlocks = [
    ...portals.map((portal) => portal.getAttribute('settings') ?? ''),
    ...[...document.querySelectorAll('script[type="application/json"]')].map((script) => script.textContent ?? ''),
  ];
  for (const settings of settingsBlocks) {
    const result = parseSettings(settings, 'https://bank.example');
    if (!result.ok) {
      const line = Math.max(0, snippet.code.split('\n').findIndex((text) => text.includes(settings.slice(0, 40))));
      problems.push({ where: where(snippet, line), message: result.message });
    }
  }
  return problems;
}

/** A JSON block marked `settings` (```json settings) must pass `parseSettings`. */
export function checkJsonSettings(snippet: Snippet): SnippetProblem[] {
  const result = parseSettings(snippet.code, 'https://bank.example');
  return result.ok ? [] : [{ where: where(snippet), message: result.message }];
}

/** Formats problems one per line, for a failing assertion that says where to look. */
export const describeProblems = (problems: SnippetProblem[]) => problems.map(({ where: at, message }) => `${at}: ${message}`).join('\n');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const headingAnchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of every heading of `markdown` (outside code blocks). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fence: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const open = FENCE.exec(line);
    if (open) fence = fence ? undefined : open[1];
    else if (!fence && /^#{1,6}\s/.test(line)) anchors.add(headingAnchor(line.replace(/^#+\s*/, '')));
  }
  return anchors;
}

/** Relative links of README.md and docs/*.md whose file or heading does not exist. */
export function brokenLinks(root: string): SnippetProblem[] {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
  const problems: SnippetProblem[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    // Code blocks hold no links; blank them out, keeping the line count.
    const prose = text.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1\s*$/gm, (block) => block.replace(/[^\n]/g, ''));
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const targetFile = path ? join(root, file, '..', path) : join(root, file);
      const line = prose.slice(0, match.index).split('\n').length;
      let targetText: string | undefined;
      try {
        targetText = readFileSync(targetFile, 'utf8');
      } catch (error) {
        // A folder is a fine target (GitHub lists it); anything else is a broken link.
        if ((error as NodeJS.ErrnoException).code !== 'EISDIR') problems.push({ where: `${file}:${line}`, message: `${target}: no such file` });
        continue;
      }
      if (anchor && targetFile.endsWith('.md') && !anchorsOf(targetText).has(anchor)) problems.push({ where: `${file}:${line}`, message: `${target}: no such heading` });
    }
  }
  return problems;
}
