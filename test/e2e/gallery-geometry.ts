// What the gallery's e2e measures in every state's frame (docs/gallery.md): interactive elements
// that overlap, targets under 24x24 px or partly hidden (WCAG 2.5.8, 2.4.11), action rows that
// break the one rule (docs/theming.md), and the status block's frame size; and the screenshot
// comparison with a tolerance that survives font differences between machines.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { PNG } from 'pngjs';
import type { Frame } from 'playwright-core';

/** One state's geometry: what broke the rules, and the status block's frame size if it has one. */
export interface Geometry {
  overlaps: string[];
  targets: string[];
  actionRows: string[];
  statusFrame?: { width: number; height: number };
}

/**
 * Measures one frame's widget. Runs in the frame; the widget renders in a shadow root. While a
 * modal dialog is open only its controls count (the page behind is covered on purpose).
 */
export function measureFrame(frame: Frame): Promise<Geometry> {
  return frame.evaluate(() => {
    const host = [...document.querySelectorAll('*')].find((element) => element.shadowRoot?.querySelector('.amwa-root'));
    const root: ShadowRoot | Document = host?.shadowRoot ?? document;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} '${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}'`;
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // checkVisibility also answers for the content of a closed <details>.
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && !element.closest('.amwa-visually-hidden') && element.checkVisibility();
    };
    const controls = [
      ...root.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])'),
    ].filter(shown);
    const dialogs = [...root.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
    const layer = dialogs.length ? controls.filter((control) => dialogs.some((dialog) => dialog.contains(control))) : controls;

    const overlaps: string[] = [];
    for (const [index, a] of layer.entries()) {
      for (const b of layer.slice(index + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const r = a.getBoundingClientRect();
        const s = b.getBoundingClientRect();
        const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
        const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (x > 0.5 && y > 0.5) overlaps.push(`${name(a)} overlaps ${name(b)} by ${Math.round(x)}x${Math.round(y)}`);
      }
    }

    // The nearest ancestor that clips: a control outside a scrolling one is reached by scrolling.
    const clipOf = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(node);
        if ([overflowX, overflowY].some((value) => value !== 'visible')) return { node, scrolls: [overflowX, overflowY].some((value) => value === 'auto' || value === 'scroll') };
      }
      return undefined;
    };
    const targets: string[] = [];
    for (const control of layer) {
      const rect = control.getBoundingClientRect();
      const inline = control.tagName === 'A' && getComputedStyle(control).display === 'inline';
      // WCAG 2.5.8 exempts a link inside a sentence; every other target is at least 24x24.
      if (!inline && (rect.width < 23.5 || rect.height < 23.5)) targets.push(`${name(control)} is ${Math.round(rect.width)}x${Math.round(rect.height)}`);
      if (rect.left < -0.5 || rect.right > innerWidth + 0.5) {
        targets.push(`${name(control)} sticks out of the ${innerWidth} px viewport`);
        continue;
      }
      const clip = clipOf(control);
      if (clip) {
        const box = clip.node.getBoundingClientRect();
        const inside = rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5 && rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5;
        if (!inside && clip.scrolls) continue;
        if (!inside) targets.push(`${name(control)} is clipped by ${clip.node.className}`);
      }
      // Nothing covers it: its centre and corners hit the control itself. The corners are taken far
      // enough in to lie inside a round button (hit tests follow border-radius).
      const first = inline ? control.getClientRects()[0]! : rect;
      const inset = Math.max(3, 0.16 * Math.min(rect.width, rect.height));
      const points = inline
        ? [[first.left + first.width / 2, first.top + first.height / 2]]
        : [
            [rect.left + rect.width / 2, rect.top + rect.height / 2],
            [rect.left + inset, rect.top + inset],
            [rect.right - inset, rect.top + inset],
            [rect.left + inset, rect.bottom - inset],
            [rect.right - inset, rect.bottom - inset],
          ];
      for (const [x, y] of points) {
        if (y! < 0 || y! > innerHeight) continue;
        const hit = root.elementFromPoint(x!, y!);
        if (!hit || !(hit === control || control.contains(hit))) {
          targets.push(`${name(control)} is covered at ${Math.round(x!)},${Math.round(y!)} by ${hit ? name(hit) : 'nothing'}`);
          break;
        }
      }
    }

    // The action row: one row with the primary rightmost; in a narrow card (400 px or less) one
    // full-width button a row with the primary first. Help is never in it (it is in the footer line).
    const actionRows: string[] = [];
    for (const row of root.querySelectorAll('.amwa-card__actions')) {
      const box = row.getBoundingClientRect();
      const items = [...row.children].filter(shown).map((element) => ({ element, rect: element.getBoundingClientRect() }));
      const primary = items.find(({ element }) => element.classList.contains('amwa-button--primary'));
      if (items.some(({ element }) => element.getAttribute('aria-haspopup') === 'dialog')) actionRows.push('Help sits in the action row');
      if (box.width > 400.5) {
        if (new Set(items.map(({ rect }) => Math.round(rect.top))).size > 1) actionRows.push(`wide row wraps: ${items.map(({ element }) => name(element)).join(', ')}`);
        if (primary && Math.abs(primary.rect.right - box.right) > 1) actionRows.push(`wide row: the primary ${name(primary.element)} is not rightmost`);
      } else {
        for (const { element, rect } of items) if (Math.abs(rect.width - box.width) > 1) actionRows.push(`narrow row: ${name(element)} is not full width`);
        if (primary && items.some(({ rect }) => rect.top < primary.rect.top - 0.5)) actionRows.push(`narrow row: the primary ${name(primary.element)} is not first`);
      }
    }

    const status = root.querySelector('.amwa-status__frame')?.getBoundingClientRect();
    return { overlaps, targets, actionRows, statusFrame: status && { width: Math.round(status.width), height: Math.round(status.height) } };
  });
}

/** Side of the square blocks compared: larger than a glyph's anti-aliasing, smaller than a button. */
const BLOCK = 16;
/** A block differs when its mean grey value moves this much (0–255). */
const BLOCK_TOLERANCE = 48;
/** Share of blocks that may differ: text drawn by another font engine moves a few, a moved button many. */
const SHARE_TOLERANCE = 0.04;

/** Mean grey value of every BLOCK x BLOCK square of a PNG. */
function blocks(png: PNG): { columns: number; rows: number; values: number[] } {
  const columns = Math.ceil(png.width / BLOCK);
  const rows = Math.ceil(png.height / BLOCK);
  const sums = new Array<number>(columns * rows).fill(0);
  const counts = new Array<number>(columns * rows).fill(0);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const at = (y * png.width + x) * 4;
      const cell = Math.floor(y / BLOCK) * columns + Math.floor(x / BLOCK);
      sums[cell]! += 0.299 * png.data[at]! + 0.587 * png.data[at + 1]! + 0.114 * png.data[at + 2]!;
      counts[cell]! += 1;
    }
  }
  return { columns, rows, values: sums.map((sum, cell) => sum / counts[cell]!) };
}

/** The image in 8-bit grey, all the comparison reads: a third of the colour file's size in the repository. */
function greyPng(png: PNG): Buffer {
  const grey = new PNG({ width: png.width, height: png.height });
  for (let at = 0; at < png.data.length; at += 4) {
    const value = Math.round(0.299 * png.data[at]! + 0.587 * png.data[at + 1]! + 0.114 * png.data[at + 2]!);
    grey.data[at] = grey.data[at + 1] = grey.data[at + 2] = value;
    grey.data[at + 3] = 255;
  }
  return PNG.sync.write(grey, { colorType: 0 });
}

/**
 * Compares a screenshot with the baseline kept in the repository. The images are compared in
 * 16 px blocks of mean grey, so anti-aliasing and another machine's fonts pass while a moved,
 * added or missing control fails. A missing baseline fails unless UPDATE_SCREENSHOTS=1 writes it
 * (commit it, and review it when it changes).
 */
export function compareScreenshot(actual: Buffer, baselinePath: string): string | undefined {
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    writeFileSync(baselinePath, greyPng(PNG.sync.read(actual)));
    return undefined;
  }
  if (!existsSync(baselinePath)) return `no baseline ${baselinePath}: run with UPDATE_SCREENSHOTS=1 and review it`;
  const now = PNG.sync.read(actual);
  const then = PNG.sync.read(readFileSync(baselinePath));
  if (now.width !== then.width || Math.abs(now.height - then.height) > BLOCK) return `size ${now.width}x${now.height}, baseline ${then.width}x${then.height}`;
  const a = blocks(now);
  const b = blocks(then);
  const rows = Math.min(a.rows, b.rows);
  let differing = 0;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < a.columns; column++) {
      if (Math.abs(a.values[row * a.columns + column]! - b.values[row * b.columns + column]!) > BLOCK_TOLERANCE) differing += 1;
    }
  }
  const share = differing / (rows * a.columns);
  return share > SHARE_TOLERANCE ? `${(share * 100).toFixed(1)}% of ${BLOCK} px blocks differ (at most ${SHARE_TOLERANCE * 100}%)` : undefined;
}
