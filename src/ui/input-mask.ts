/** A parser/formatter pair: `parse` turns displayed text into the model value, `format` turns it back. */
export interface Mask {
  parse(display: string): string;
  format(model: string): string;
}

/** Where one edit leaves a masked input: its model value, the text shown, and the caret in that text. */
export interface MaskedEdit {
  model: string;
  display: string;
  caret: number;
}

const modelLength = (mask: Mask, display: string) => mask.parse(display).length;

/** The first display position that has `count` model characters before it. */
function caretAfter(mask: Mask, display: string, count: number): number {
  for (let at = 0; at < display.length; at++) if (modelLength(mask, display.slice(0, at)) >= count) return at;
  return display.length;
}

/**
 * Runs one edit (the input's raw text and caret after the browser applied it)
 * through the mask. The caret stays behind the same model characters however
 * the formatting moved, and a deletion that only removed formatting deletes
 * the model character beside it, so Backspace never sticks on a separator.
 */
export function applyEdit(mask: Mask, raw: string, caret: number, previous: string, backward: boolean): MaskedEdit {
  let model = mask.parse(raw);
  let before = modelLength(mask, raw.slice(0, caret));
  // Exactly one character gone and the model unchanged: a separator was deleted. A paste or
  // autofill of the same digits over the formatted text also shortens it, but by more.
  if (raw.length === previous.length - 1 && model === mask.parse(previous)) {
    const at = backward ? before - 1 : before;
    if (at >= 0 && at < model.length) {
      model = model.slice(0, at) + model.slice(at + 1);
      before = at;
    }
  }
  const display = mask.format(model);
  return { model, display, caret: caretAfter(mask, display, before) };
}

/** What a number-type field lets through: digits, period, comma, 'e' and minus. */
export const filterNumber = (text: string) => text.replace(/[^\d.,eE-]/g, '');
