import { flowCss } from './flow-styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptStyles, css, prepareStyles } from './styles';

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

  it('defines the blue accent, the orange channel and the primary colour', () => {
    expect(css).toContain('--_amwa-accent: var(--amwa-accent, rgba(16, 122, 193, 1))');
    expect(css).toMatch(/\.amwa-root\[data-channel="orange"\] \{\s*--_amwa-accent: var\(--amwa-accent, rgba\(255, 98, 0, 1\)\)/);
    expect(css).toContain('--_amwa-primary: var(--amwa-primary, rgba(155, 0, 76, 1))');
  });

  it('derives the strong accent and the info background from the accent, unless the host sets them', () => {
    expect(css).toContain('--_amwa-accent-strong: var(--amwa-accent-strong, oklch(from var(--_amwa-accent) min(l, 0.52) c h))');
    expect(css).toContain('--_amwa-info-bg: var(--amwa-info-bg, color-mix(in srgb, var(--_amwa-accent) 8%, #ffffff))');
  });

  it('defines one spacing and one type scale, each overridable by the host, and takes every gap and type size from them', () => {
    for (const [step, size] of [[1, 4], [2, 8], [3, 12], [4, 16], [5, 24], [6, 32]] as const) {
      expect(css).toContain(`--_amwa-space-${step}: var(--amwa-space-${step}, ${size}px);`);
    }
    for (const [step, size] of [['s', 14], ['m', 16], ['l', 18], ['xl', 22], ['xxl', 28]] as const) {
      expect(css).toContain(`--_amwa-font-size-${step}: var(--amwa-font-size-${step}, ${size}px);`);
    }
    // Gaps and type sizes come from the scales; a literal would drift from them.
    expect(`${css}\n${flowCss}`.match(/(?:gap|font-size): [^;]*\d+px/g) ?? []).toEqual([]);
  });

  it("never declares a public theme property, so the host's value always wins", () => {
    expect(css).not.toMatch(/(^|[;{\s])--amwa-[\w-]+\s*:/m);
  });

  // Buttons: the spec's 36px is raised to the one control height of fields and buttons (48px,
  // issue 21), so a button beside a field lines up and every target clears 2.5.8 with room.
  it('fixes the spec sizes: card 470px, dialog 400px at z-index 1880; buttons and fields share the 48px control height', () => {
    expect(css).toMatch(/\.amwa-card \{[^}]*max-width: 470px/);
    expect(flowCss).toMatch(/\.amwa-dialog \{[^}]*width: 400px; max-width: calc\(100vw - 32px\)/);
    expect(flowCss).toMatch(/\.amwa-dialog__overlay \{[^}]*z-index: 1880/);
    expect(css).toMatch(/--_amwa-control-height: var\(--amwa-control-height, 48px\)/);
    expect(flowCss).toMatch(/\.amwa-button \{[^}]*min-height: var\(--_amwa-control-height\)/);
    expect(flowCss).toMatch(/\.amwa-field__input \{[^}]*min-height: var\(--_amwa-control-height\)/);
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
