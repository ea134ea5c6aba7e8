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

/** The most states a masked field keeps for undo (spec section 9). */
export const MASK_HISTORY_LIMIT = 100;

/**
 * The undo history of a masked field. The field rewrites its own text on every edit, which
 * empties the browser's undo stack, so the field keeps one: at most `limit` states, the oldest
 * dropped first; a new edit after an undo drops the states it could have redone.
 */
export interface MaskHistory {
  /** The state the field is in. */
  current(): MaskedEdit;
  record(state: MaskedEdit): void;
  /** The state before the current one, which becomes current; undefined at the oldest. */
  undo(): MaskedEdit | undefined;
  /** The state an undo left, which becomes current again; undefined at the newest. */
  redo(): MaskedEdit | undefined;
  readonly size: number;
}

/** Creates a history that starts at `initial`. */
export function createMaskHistory(initial: MaskedEdit, limit = MASK_HISTORY_LIMIT): MaskHistory {
  let states = [initial];
  let at = 0;
  return {
    current: () => states[at]!,
    record(state) {
      const current = states[at]!;
      if (state.model === current.model && state.display === current.display) return;
      states = [...states.slice(0, at + 1), state].slice(-limit);
      at = states.length - 1;
    },
    undo: () => (at > 0 ? states[--at] : undefined),
    redo: () => (at < states.length - 1 ? states[++at] : undefined),
    get size() {
      return states.length;
    },
  };
}

/** Which history move a key press asks for: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo. */
export function historyKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  return key === 'y' && !event.shiftKey ? 'redo' : undefined;
}
