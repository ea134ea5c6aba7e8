
import { useWidgetId } from './widget-id';
import { cx } from './cx';

/** A key under the scanner's screen; a `chosen` key is the one to press. */
export interface ScannerKey {
  label: string;
  chosen?: boolean;
}

/** Props of {@link ScannerIllustration}. */
export interface ScannerIllustrationProps {
  /** What the scanner's screen shows, one line each (three fit). */
  screen: readonly string[];
  /** The keys under the screen, left to right (two fit). */
  keys: readonly ScannerKey[];
  /** What to do, shown under the drawing; it is also the drawing's text alternative. */
  caption: string;
  className?: string;
}

const WIDTH = 160;
const SCREEN = { x: 18, y: 20, width: 124, height: 76 };
const LINE_HEIGHT = 20;
// Lines longer than this are squeezed to the screen's width rather than cut off.
const SQUEEZE_AFTER = 17;
const keypad = [0, 1, 2, 3].flatMap((row) => [0, 1, 2].map((col) => [30 + col * 40, 150 + row * 20] as const));

/**
 * A scanner drawn as inline SVG (no image request, nothing for a CSP to block): its screen
 * text and the key to press, captioned. Its colours and font are the theme's (flow-styles.ts
 * paints it by class), so it follows a brand and a dark theme. The caption names the drawing
 * for screen readers, so the text inside the drawing is not read twice.
 */
export function ScannerIllustration({ screen, keys, caption, className }: ScannerIllustrationProps) {
  const captionId = useWidgetId();
  const keyWidth = (SCREEN.width - 8 * (keys.length - 1)) / Math.max(keys.length, 1);
  return (
    <figure className={cx('amwa-illustration', className)}>
      <svg className="amwa-illustration__drawing" role="img" aria-labelledby={captionId} viewBox={`0 0 ${WIDTH} 240`} width={WIDTH} height={240} focusable="false">
        <rect className="amwa-illustration__body" x={4} y={4} width={WIDTH - 8} height={232} rx={22} strokeWidth={3} />
        <rect className="amwa-illustration__screen" {...SCREEN} rx={6} strokeWidth={2} />
        {screen.map((line, index) => (
          <text
            key={index}
            x={WIDTH / 2}
            y={SCREEN.y + 24 + index * LINE_HEIGHT}
            textAnchor="middle"
            fontSize={13}
            textLength={line.length > SQUEEZE_AFTER ? SCREEN.width - 12 : undefined}
            lengthAdjust="spacingAndGlyphs"
          >
            {line}
          </text>
        ))}
        {keys.map((key, index) => {
          const x = SCREEN.x + index * (keyWidth + 8);
          return (
            <g key={index} className={cx('amwa-illustration__key', key.chosen && 'amwa-illustration__key--chosen')}>
              <rect x={x} y={106} width={keyWidth} height={26} rx={13} strokeWidth={2} />
              <text x={x + keyWidth / 2} y={123} textAnchor="middle" fontSize={12} fontWeight={key.chosen ? 700 : 400}>
                {key.label}
              </text>
            </g>
          );
        })}
        {keypad.map(([x, y]) => (
          <rect key={`${x}-${y}`} className="amwa-illustration__button" x={x - 12} y={y} width={24} height={12} rx={6} />
        ))}
      </svg>
      <figcaption id={captionId} className="amwa-illustration__caption">
        {caption}
      </figcaption>
    </figure>
  );
}

/**
 * A scanner with a tick badge: the picture a finished activation ends on. Decorative (the
 * heading says it in words); drawn in the accent so it follows the host's theme.
 */
export function SuccessIllustration() {
  return (
    <svg className="amwa-success" width={96} height={96} viewBox="0 0 96 96" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
      <rect x={24} y={6} width={40} height={72} rx={8} />
      <rect x={32} y={16} width={24} height={16} rx={2} />
      {[36, 44, 52].flatMap((x) => [42, 50, 58].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r={2} fill="currentColor" stroke="none" />))}
      <circle className="amwa-success__badge" cx={66} cy={70} r={20} fill="currentColor" />
      <path className="amwa-success__tick" d="M57 70.5l6.5 6.5 12-13" />
    </svg>
  );
}
