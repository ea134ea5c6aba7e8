import { icon } from './icons';

// Its own module: only the scanner logon draws it, so Home's first load goes without it.
const keys = [66, 84, 102, 120].flatMap((y) => [14, 34, 54].map((x) => [x, y] as const));

/** The hardware scanner (80x142): screen above a 3x4 keypad. */
export const ScannerIcon = icon(
  'scanner',
  () => (
    <>
      <rect x={2} y={2} width={76} height={138} rx={14} strokeWidth={3} />
      <rect x={12} y={14} width={56} height={40} rx={4} />
      {keys.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={12} height={10} rx={3} fill="currentColor" stroke="none" />
      ))}
    </>
  ),
  80,
  142,
);
