import { icon } from './icons';

// Its own module: only the scanner logon draws it, so Home's first load goes without it.

/** The 3x4 keypad's keys (12x10, corners of 3) as one path: one element to create, not twelve, in the scanner logon's first render. */
const KEYS = [66, 84, 102, 120]
  .flatMap((y) => [14, 34, 54].map((x) => `M${x + 3} ${y}h6a3 3 0 0 1 3 3v4a3 3 0 0 1-3 3h-6a3 3 0 0 1-3-3v-4a3 3 0 0 1 3-3z`))
  .join('');

/** The hardware scanner (80x142): screen above a 3x4 keypad. */
export const ScannerIcon = icon(
  'scanner',
  () => (
    <>
      <rect x={2} y={2} width={76} height={138} rx={14} strokeWidth={3} />
      <rect x={12} y={14} width={56} height={40} rx={4} />
      <path d={KEYS} fill="currentColor" stroke="none" />
    </>
  ),
  80,
  142,
);
