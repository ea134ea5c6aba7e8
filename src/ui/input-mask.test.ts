import { describe, expect, it } from 'vitest';
import { applyEdit, createMaskHistory, filterNumber, historyKey, MASK_HISTORY_LIMIT, type Mask } from './input-mask';

// The logon code as shown: '0 000 000'.
const code: Mask = {
  parse: (display) => display.replace(/\D/g, '').slice(0, 7),
  format: (model) => [model.slice(0, 1), model.slice(1, 4), model.slice(4, 7)].filter(Boolean).join(' '),
};

describe('applyEdit', () => {
  it('formats while typing and keeps the caret at the end', () => {
    expect(applyEdit(code, '1 234', 5, '1 23', false)).toEqual({ model: '1234', display: '1 234', caret: 5 });
    expect(applyEdit(code, '1 2345', 6, '1 234', false)).toEqual({ model: '12345', display: '1 234 5', caret: 7 });
  });

  it('keeps the caret behind the same digit when typing in the middle', () => {
    // '1 2|34 5' + '9' → '1 29345' → model 129345 → '1 293 45', caret after the 9.
    expect(applyEdit(code, '1 2934 5', 4, '1 234 5', false)).toEqual({ model: '129345', display: '1 293 45', caret: 4 });
  });

  it('formats a pasted value', () => {
    expect(applyEdit(code, '1234567', 7, '', false)).toEqual({ model: '1234567', display: '1 234 567', caret: 9 });
  });

  it('keeps every digit when the same code is pasted or autofilled over the formatted one', () => {
    expect(applyEdit(code, '1234567', 7, '1 234 567', false)).toEqual({ model: '1234567', display: '1 234 567', caret: 9 });
  });

  it('deletes the digit before a separator on Backspace', () => {
    // '1 |234' Backspace removes the space → raw '1234', caret 1.
    expect(applyEdit(code, '1234', 1, '1 234', true)).toEqual({ model: '234', display: '2 34', caret: 0 });
  });

  it('deletes the digit after a separator on Delete', () => {
    // '1| 234' Delete removes the space → raw '1234', caret 1.
    expect(applyEdit(code, '1234', 1, '1 234', false)).toEqual({ model: '134', display: '1 34', caret: 1 });
  });

  it('ignores typed characters the parser drops, caret unmoved', () => {
    expect(applyEdit(code, '1 2x34', 4, '1 234', false)).toEqual({ model: '1234', display: '1 234', caret: 3 });
  });
});

describe('filterNumber', () => {
  it('lets only digits, period, comma, e and minus through', () => {
    expect(filterNumber('-1,5e3.2abc +x/ 7')).toBe('-1,5e3.27');
  });
});

describe('createMaskHistory', () => {
  const state = (model: string) => ({ model, display: code.format(model), caret: code.format(model).length });

  it('undoes and redoes edits in order', () => {
    const history = createMaskHistory(state(''));
    for (const model of ['1', '12', '123']) history.record(state(model));
    expect(history.undo()).toEqual(state('12'));
    expect(history.undo()).toEqual(state('1'));
    expect(history.redo()).toEqual(state('12'));
    expect(history.current()).toEqual(state('12'));
    expect(history.redo()).toEqual(state('123'));
    expect(history.redo()).toBeUndefined();
  });

  it('drops what could be redone when a new edit follows an undo, and ignores an edit that changes nothing', () => {
    const history = createMaskHistory(state(''));
    history.record(state('1'));
    history.record(state('12'));
    history.undo();
    history.record(state('19'));
    history.record(state('19'));
    expect(history.size).toBe(3);
    expect(history.redo()).toBeUndefined();
    expect(history.undo()).toEqual(state('1'));
  });

  it(`keeps at most ${MASK_HISTORY_LIMIT} states, dropping the oldest`, () => {
    const history = createMaskHistory(state(''));
    for (let i = 1; i <= 150; i++) history.record(state(String(i)));
    expect(history.size).toBe(MASK_HISTORY_LIMIT);
    let oldest = history.current();
    for (let undo = history.undo(); undo; undo = history.undo()) oldest = undo;
    expect(oldest).toEqual(state('51'));
  });
});

describe('historyKey', () => {
  const key = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
    historyKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('reads Ctrl/Cmd+Z as undo, Ctrl/Cmd+Shift+Z and Ctrl+Y as redo, anything else as nothing', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z')).toBeUndefined();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeUndefined();
    expect(key('a', { ctrlKey: true })).toBeUndefined();
  });
});
