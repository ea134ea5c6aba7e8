import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flowCss } from './flow-styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptStyles, css, prepareStyles } from './styles';

// Tests run from the package root (happy-dom's import.meta.url is not a file URL).
const UI = join(process.cwd(), 'src', 'ui');
/** A colour written out: hex, or a colour function with literal channels. */
const HARD_CODED = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/i;
/** The CSS named colours (CSS Color 4); `transparent`, `currentColor` and system colours are not themeable and stay allowed. */
const NAMED_COLOURS = new Set(
  ('aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral ' +
    'cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange ' +
    'darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey ' +
    'dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred ' +
    'indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon ' +
    'mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue ' +
    'mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred ' +
    'papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna ' +
    'silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);

const shadow = () => {
  const host = document.createElement('div');
  document.body.append(host);
  return host.attachShadow({ mode: 'open' });
};

afterEach(() => {
  document.body.replaceChildren();
});

describe('css', () => {
  it('prefixes every class with amwa-', () => {
    const classes = css.match(/\.[a-zA-Z][\w-]*/g) ?? [];
    expect(classes.length).toBeGreaterThan(50);
    expect(classes.filter((name) => !name.startsWith('.amwa-'))).toEqual([]);
  });

  it('defines the blue accent, the orange channel and the primary colour (spec section 1: rgba 16,122,193; 255,98,0; 155,0,76)', () => {
    expect(css).toContain('--_amwa-accent: var(--amwa-accent, #107ac1)');
    expect(css).toContain('.amwa-root[data-channel="orange"] { --_amwa-accent: var(--amwa-accent, #ff6200); }');
    expect(css).toContain('--_amwa-primary: var(--amwa-primary, #9b004c)');
  });

  it('paints its own surface on the root at every width, so it reads on any host colour', () => {
    expect(css).toMatch(/\.amwa-root \{[^}]*\bbackground: var\(--_amwa-surface\)/);
    // Below 480px the shell drops its edge and shadow, never the surface under the text.
    expect(css).not.toMatch(/@container \(max-width: 447px\) \{\s*\.amwa-card \{[^}]*background/);
  });

  it('has one accent: links, Help, stepper, spinner, checkboxes and drawings take the primary colour; the channel accent marks only info alerts', () => {
    const rules = `${css}\n${flowCss}`.replace(/\/\*[\s\S]*?\*\//g, '');
    // Every declaration block whose selector list names the selector.
    const paintedBy = (selector: string) =>
      [...rules.matchAll(/([^{}]+)\{([^{}]*)\}/g)].filter(([, selectors]) => selectors!.split(',').some((one) => one.trim() === selector)).map(([, , block]) => block).join(';');
    for (const selector of [':where(.amwa-root) a', '.amwa-button--text', '.amwa-button--link', '.amwa-spinner__arc', '.amwa-checkbox__input', '.amwa-success', '.amwa-help__topic .amwa-icon']) {
      expect(paintedBy(selector), selector).toContain('var(--_amwa-primary)');
    }
    expect(rules.match(/[^-]var\(--_amwa-accent\)/g)).toHaveLength(1);
    expect(rules).toContain('.amwa-alert--info { --_amwa-tone: var(--_amwa-accent); }');
  });

  it('writes no colour outside the one token table: no hex, rgb(), hsl() or named colour in the styles or the drawings', () => {
    const table = css.slice(css.indexOf('.amwa-root {'), css.indexOf(':host'));
    expect(table).toContain('--_amwa-surface: var(--amwa-surface, #ffffff)');
    const rest = `${css.replace(table, '')}\n${flowCss}`;
    const declarations = [...rest.matchAll(/\{([^{}]*)\}/g)].flatMap(([, block]) => block!.split(';')).map((text) => text.trim()).filter(Boolean);
    const values = declarations.map((declaration) => [declaration, declaration.slice(declaration.indexOf(':') + 1).replace(/--[\w-]+/g, '')] as const);
    expect(declarations.length).toBeGreaterThan(300);
    const hardCoded = values.filter(([, value]) => HARD_CODED.test(value) || value.split(/[^a-z]+/i).some((word) => NAMED_COLOURS.has(word.toLowerCase())));
    expect(hardCoded.map(([declaration]) => declaration)).toEqual([]);

    const drawings = readdirSync(UI).filter((file) => /\.tsx$/.test(file) && !file.includes('.test.'));
    expect(drawings).toContain('illustrations.tsx');
    const inDrawings = drawings.flatMap((file) => {
      const source = readFileSync(join(UI, file), 'utf8');
      const named = [...source.matchAll(/\b(?:fill|stroke|color|stopColor)=\{?["']([a-z]+)["']/gi)].map(([, name]) => name!).filter((name) => NAMED_COLOURS.has(name.toLowerCase()));
      return [...(source.match(new RegExp(HARD_CODED.source, 'g')) ?? []), ...named, ...(source.match(/fontFamily=/g) ?? [])].map((found) => `${file}: ${found}`);
    });
    expect(inDrawings).toEqual([]);
  });

  it('defines one spacing and one type scale in rem (they follow the default font size), each overridable by the host, and takes every gap, padding and type size from them', () => {
    for (const [step, size] of [[1, 4], [2, 8], [3, 12], [4, 16], [5, 24], [6, 32]] as const) {
      expect(css).toContain(`--_amwa-space-${step}: var(--amwa-space-${step}, ${size / 16}rem);`);
    }
    for (const [step, size] of [['s', 14], ['m', 16], ['l', 18], ['xl', 22], ['xxl', 28]] as const) {
      expect(css).toContain(`--_amwa-font-size-${step}: var(--amwa-font-size-${step}, ${size / 16}rem);`);
    }
    // Gaps, paddings and type sizes come from the scales; a literal would drift from them.
    // (A field's 2px invalid border takes its extra pixel from the padding: calc(… - 1px).)
    const literal = `${css}\n${flowCss}`.match(/(?:gap|font-size|padding[\w-]*): [^;]*\d+px/g) ?? [];
    expect(literal.filter((declaration) => !/^padding: calc\(var\(--_amwa-space-\d\) - 1px\) calc\(var\(--_amwa-space-\d\) - 1px$/.test(declaration))).toEqual([]);
  });

  it("never declares a public theme property, so the host's value always wins", () => {
    expect(css).not.toMatch(/(^|[;{\s])--amwa-[\w-]+\s*:/m);
  });

  // Buttons: the spec's 36px (S9.30) is the default control height of buttons and fields alike;
  // a host that wants the 48px of its other controls sets --amwa-control-height (docs/theming.md).
  it('fixes the spec sizes: card 470px, dialog 400px at z-index 1880; buttons and fields share the 36px control height', () => {
    expect(css).toMatch(/\.amwa-card \{[^}]*max-width: 470px/);
    expect(flowCss).toMatch(/\.amwa-dialog \{[^}]*width: 400px; max-width: calc\(100vw - 32px\)/);
    expect(flowCss).toMatch(/\.amwa-dialog__overlay \{[^}]*z-index: 1880/);
    expect(css).toMatch(/--_amwa-control-height: var\(--amwa-control-height, 2\.25rem\)/);
    expect(flowCss).toMatch(/\.amwa-button \{[^}]*min-height: var\(--_amwa-control-height\)/);
    expect(flowCss).toMatch(/\.amwa-field__input \{[^}]*min-height: var\(--_amwa-control-height\)/);
  });

  it('keeps the side padding of a narrow card under forced colours, where its transparent edge is drawn', () => {
    expect(css).toMatch(/@container \(max-width: 447px\) \{\s*\.amwa-card \{ padding-inline: 0; border-color: transparent;[^}]*\}\s*@media \(forced-colors: active\) \{ \.amwa-card \{ padding-inline: var\(--_amwa-space-4\); \} \}/);
  });
});

describe('adoptStyles', () => {
  it('adopts one constructed sheet into a shadow root and removes it again', () => {
    const root = shadow();
    const release = adoptStyles(root);
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(root.adoptedStyleSheets[0]?.cssRules.length).toBeGreaterThan(50);
    expect(root.querySelector('style')).toBeNull();
    release();
    expect(root.adoptedStyleSheets).toHaveLength(0);
  });

  it('keeps the sheet until the last user of a shared root releases it', () => {
    const first = adoptStyles(document);
    const second = adoptStyles(document);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    first();
    first();
    expect(document.adoptedStyleSheets).toHaveLength(1);
    second();
    expect(document.adoptedStyleSheets).toHaveLength(0);
  });

  it('shares one sheet between shadow roots of a document', () => {
    const [a, b] = [shadow(), shadow()];
    const releases = [adoptStyles(a), adoptStyles(b)];
    expect(a.adoptedStyleSheets[0]).toBe(b.adoptedStyleSheets[0]);
    releases.forEach((release) => release());
  });

  it('adopts the sheet prepareStyles parsed ahead, and prepareStyles alone adopts nothing', () => {
    const text = '.amwa-prepared { color: red; }';
    const replaceSync = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync');
    prepareStyles(document, text);
    prepareStyles(document, text);
    expect(replaceSync).toHaveBeenCalledTimes(1);
    const root = shadow();
    expect(root.adoptedStyleSheets).toHaveLength(0);
    const release = adoptStyles(root, undefined, text);
    expect(replaceSync).toHaveBeenCalledTimes(1);
    expect(root.adoptedStyleSheets[0]?.cssRules[0]?.cssText).toContain('.amwa-prepared');
    release();
    replaceSync.mockRestore();
  });

  it('falls back to a <style nonce> where constructable sheets are missing', () => {
    vi.stubGlobal('CSSStyleSheet', undefined);
    const root = shadow();
    const release = adoptStyles(root, 'n0nce');
    const style = root.querySelector('style');
    expect(style?.nonce).toBe('n0nce');
    expect(style?.textContent).toBe(css);
    release();
    expect(root.querySelector('style')).toBeNull();

    const releaseDocument = adoptStyles(document, 'n0nce');
    expect(document.head.querySelector('style')?.textContent).toBe(css);
    releaseDocument();
    expect(document.head.querySelector('style')).toBeNull();
  });
});
