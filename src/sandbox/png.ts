import { PNG } from 'pngjs';

/** An opaque RGB colour. */
export type Rgb = readonly [number, number, number];

/** Encodes a `width`×`height` RGB image whose pixel colours come from `paint(x, y)`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width, height, colorType: 2 });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 4;
      png.data.set([...paint(x, y), 255], offset);
    }
  }
  return new Uint8Array(PNG.sync.write(png, { colorType: 2 }));
}
