import { useEffect, useState } from 'react';
import { whileStaying } from '../../core/lazy-import';

/** A QR code of an app-store url, drawn here as SVG (no remote image); its label says what it opens. */
export function StoreQr({ url, label }: { url: string; label: string }) {
  const [drawn, setDrawn] = useState<{ url: string; d: string; side: number }>();
  useEffect(() => {
    let current = true;
    const unmounted = new AbortController();
    // Loaded on first use: only the install topics of the help dialog draw a QR code.
    whileStaying(() => import('./qr-path'), unmounted.signal)
      .then(({ qrPath }) => current && setDrawn({ url, ...qrPath(url) }))
      .catch((error: unknown) => console.warn('amwa: could not draw the store QR code', error));
    return () => {
      current = false;
      unmounted.abort();
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
