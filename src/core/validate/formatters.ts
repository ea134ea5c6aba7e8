// Formatters turn a model value into what the field shows. Each accepts its own output
// too (separators are parsed away first), so reformatting on every keystroke is stable.
import { parseDigits } from './parsers';

/** What the serial-number field shows before the user types: every serial starts with 38. */
export const SERIAL_PREFILL = '38-';

// Groups of the given sizes, the last size repeating; a separator appears only once the
// next group has a character, so Backspace never fights a separator the formatter re-adds.
const group = (value: string, sizes: readonly number[], separator: string) => {
  const groups: string[] = [];
  for (let start = 0; start < value.length; ) {
    const size = sizes[Math.min(groups.length, sizes.length - 1)]!;
    groups.push(value.slice(start, start + size));
    start += size;
  }
  return groups.join(separator);
};

/** A scanner response code grouped in threes from the right for `length` digits: '0 000 000' for 7. */
export function formatLogonCode(value: string, length = 7): string {
  // The leading group size comes from the expected length, so partial input groups the same way as the full code.
  return group(parseDigits(value), [length % 3 || 3, 3], ' ');
}

/** An activation confirmation code in groups of three: '000 000 000 000 000'. */
export function formatConfirmationCode(value: string): string {
  return group(parseDigits(value), [3], ' ');
}

/** A serial number as '38-1234567-8'; partial input keeps its shape ('38123' → '38-123'). */
export function formatSerial(value: string): string {
  return group(parseDigits(value), [2, 7, Infinity], '-');
}
