import { Fragment, type ReactNode } from 'react';
import { cx } from './cx';

/** Props of {@link RichText}. */
export interface RichTextProps {
  /** Markup: blank-line separated paragraphs, `- ` list items, `**bold**`, `[label](url)`. */
  text: string;
  /** Heard when the user follows a link (help-link analytics). */
  onLinkClick?: (href: string) => void;
  className?: string;
  /**
   * Values for the `{{name}}` slots `text` still holds (see {@link EMAIL_SLOT}): put in after the
   * markup is parsed, as text (and percent-encoded in a link target), so a value is never markup.
   */
  values?: Readonly<Record<string, string>>;
}

/**
 * Params for `t()` that leave `{{email}}` in the text for {@link RichText}'s `values`: the
 * service-team address comes from the host's settings, and must not take part in parsing.
 */
export const EMAIL_SLOT: Readonly<Record<string, string>> = { email: '{{email}}' };

const SLOT = /\{\{\s*(\w+)\s*\}\}/g;

/** `text` with its slots filled by `values` (each through `encode`); a slot without a value stays as written. */
const fill = (text: string, values: RichTextProps['values'], encode: (value: string) => string = (value) => value) =>
  values ? text.replace(SLOT, (slot, name: string) => (Object.hasOwn(values, name) ? encode(values[name]!) : slot)) : text;

// In a link target a value is data: `?`, `#`, `&` and the like cannot add headers or parts to a `mailto:`.
const asUrlPart = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const INLINE = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^()\s]+)\)/g;

/** The URL if its scheme is one a help text may link to (relative URLs included), otherwise undefined. */
export function safeHref(url: string): string | undefined {
  try {
    // The base only gives relative URLs a scheme; the URL parser strips the
    // whitespace and control characters used to smuggle `java\tscript:` past naive checks.
    return SAFE_SCHEMES.has(new URL(url, 'https://relative.invalid/').protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

function inline(text: string, onLinkClick: RichTextProps['onLinkClick'], values: RichTextProps['values']): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, bold, label, url] = match;
    const at = match.index;
    if (at > last) nodes.push(fill(text.slice(last, at), values));
    if (bold !== undefined) {
      nodes.push(<strong key={at}>{inline(bold, onLinkClick, values)}</strong>);
    } else {
      const href = safeHref(fill(url ?? '', values, asUrlPart));
      const content = inline(label ?? '', onLinkClick, values);
      nodes.push(
        href ? (
          <a key={at} href={href} onClick={onLinkClick && (() => onLinkClick(href))}>
            {content}
          </a>
        ) : (
          // An unsafe target loses its link but keeps its words.
          <span key={at}>{content}</span>
        ),
      );
    }
    last = at + whole.length;
  }
  if (last < text.length) nodes.push(fill(text.slice(last), values));
  return nodes;
}

const isItem = (line: string) => line.startsWith('- ');

/** Splits a block into runs of list lines and runs of paragraph lines. */
function runs(lines: string[]): string[][] {
  const out: string[][] = [];
  for (const line of lines) {
    const run = out[out.length - 1];
    if (run && isItem(run[0] ?? '') === isItem(line)) run.push(line);
    else out.push([line]);
  }
  return out;
}

/** Renders the locale files' tiny markup as React elements: no HTML parsing, unsafe link targets become plain text. */
export function RichText({ text, onLinkClick, className, values }: RichTextProps) {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter(Boolean))
    .filter((lines) => lines.length > 0);
  return (
    <div className={cx('amwa-rich-text', className)}>
      {blocks.flatMap((lines, b) =>
        runs(lines).map((run, r) =>
          isItem(run[0] ?? '') ? (
            <ul key={`${b}-${r}`}>
              {run.map((line, i) => (
                <li key={i}>{inline(line.slice(2), onLinkClick, values)}</li>
              ))}
            </ul>
          ) : (
            <p key={`${b}-${r}`}>
              {run.map((line, i) => (
                <Fragment key={i}>
                  {i > 0 && <br />}
                  {inline(line, onLinkClick, values)}
                </Fragment>
              ))}
            </p>
          ),
        ),
      )}
    </div>
  );
}
