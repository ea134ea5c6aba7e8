import type { ReactNode } from 'react';
import { cx } from './cx';

/** Props every icon takes; icons are decorative (aria-hidden), so the control around them carries the name. */
export interface IconProps {
  className?: string;
}

/**
 * Makes a decorative icon component from its drawing. The body is a function so each render gets
 * fresh elements (Preact must not share vnodes).
 */
export function icon(name: string, body: () => ReactNode, width = 24, height = 24) {
  function Icon({ className }: IconProps) {
    return (
      <svg
        className={cx('amwa-icon', `amwa-icon--${name}`, className)}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {body()}
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

const dot = (x: number, y: number) => <circle cx={x} cy={y} r={1.2} fill="currentColor" stroke="none" />;

/** A cross, for close buttons. */
export const CloseIcon = icon('close', () => <path d="M6 6l12 12M18 6L6 18" />);

/** A right-pointing chevron, for list items that open a detail. */
export const ChevronRightIcon = icon('chevron-right', () => <path d="M9 5l7 7-7 7" />);

/** A left arrow, for back buttons. */
export const ArrowLeftIcon = icon('arrow-left', () => <path d="M20 12H4M10 5l-7 7 7 7" />);

/** A question mark in a circle, for help buttons. */
export const HelpIcon = icon('help', () => (
  <>
    <circle cx={12} cy={12} r={10} />
    <path d="M9.2 9.2a2.9 2.9 0 0 1 5.6 1c0 1.9-2.8 2.4-2.8 4" />
    {dot(12, 17.6)}
  </>
));

/** An "i" in a circle, for information alerts. */
export const InfoIcon = icon('info', () => (
  <>
    <circle cx={12} cy={12} r={10} />
    <path d="M12 11v6" />
    {dot(12, 7.6)}
  </>
));

/** An exclamation mark in a triangle, for warnings. */
export const WarningIcon = icon('warning', () => (
  <>
    <path d="M12 3L2 21h20L12 3z" />
    <path d="M12 10v5" />
    {dot(12, 18)}
  </>
));

/** A cross in a circle, for errors. */
export const ErrorIcon = icon('error', () => (
  <>
    <circle cx={12} cy={12} r={10} />
    <path d="M15 9l-6 6M9 9l6 6" />
  </>
));

/** A tick in a circle, for success messages. */
export const SuccessIcon = icon('success', () => (
  <>
    <circle cx={12} cy={12} r={10} />
    <path d="M7.5 12.5l3 3 6-6.5" />
  </>
));

/** A tick, for completed steps. */
export const CheckIcon = icon('check', () => <path d="M5 12.5l4.5 4.5L19 7.5" />);

/** A smartphone, for the mobile-app option. */
export const MobileIcon = icon('mobile', () => (
  <>
    <rect x={6} y={2} width={12} height={20} rx={2} />
    <path d="M11 18.5h2" />
  </>
));

const KEYPAD = [9, 12, 15].flatMap((x) => [13.5, 17].map((y) => `M${x - 1.1} ${y}a1.1 1.1 0 1 0 2.2 0a1.1 1.1 0 1 0-2.2 0`)).join('');

/** The scanner as a 24px line icon: the mobile icon's twin wherever the two are offered side by side. */
export const ScannerGlyphIcon = icon('scanner-glyph', () => (
  <>
    <rect x={5} y={2} width={14} height={20} rx={2.5} />
    <rect x={8} y={5} width={8} height={5} rx={1} />
    {/* The six keys as one filled path of circles (r 1.1): one element to create, not six, on Home's first render. */}
    <path d={KEYPAD} fill="currentColor" stroke="none" />
  </>
));
