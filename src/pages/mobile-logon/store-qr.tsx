import { useEffect, useState } from 'react';

const QUIET_ZONE = 4; // modules of white around the code, as the QR standard asks

/** The dark modules of `text` as one SVG path, and the side of the square it is drawn in. */
async function qrPath(text: string): Promise<{ d: string; side: number }> {
  // Loaded on first use: only the install topics of the help dialog draw a QR code.
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { d, side: modules.size + 2 * QUIET_ZONE };
}

/** A QR code of an app-store url, drawn here as SVG (no remote image); its label says what it opens. */
export function StoreQr({ url, label }: { url: string; label: string }) {
  const [drawn, setDrawn] = useState<{ url: string; d: string; side: number }>();
  useEffect(() => {
    let current = true;
    qrPath(url).then(
      (path) => current && setDrawn({ url, ...path }),
      (error: unknown) => console.warn('amwa: could not draw the store QR code', error),
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (drawn?.url !== url) return <div className="amwa-store-qr" />;
  return (
    <svg className="amwa-store-qr" viewBox={`0 0 ${drawn.side} ${drawn.side}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={drawn.side} height={drawn.side} fill="#ffffff" />
      <path d={drawn.d} fill="#000000" />
    </svg>
  );
}
