import { create } from 'qrcode';

const QUIET_ZONE = 4; // modules of white around the code, as the QR standard asks

/** The dark modules of a QR code of `text` as one SVG path, and the side of the square it is drawn in. */
export function qrPath(text: string): { d: string; side: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { d, side: modules.size + 2 * QUIET_ZONE };
}
