import { crc32, deflateSync } from 'node:zlib';

/** An opaque RGB colour. */
export type Rgb = readonly [number, number, number];

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Encodes an RGB image of `columns`×`rows` cells, each `scale` pixels square, whose colours come
 * from `paint(column, row)`. Every QR and colour code is drawn here on request, so it paints each
 * cell once and writes each repeated pixel row as a zero difference to the row above, instead of
 * searching PNG's adaptive filters, which cost ten times as much (a QR code took 15 ms with them).
 */
export function encodePng(columns: number, rows: number, paint: (column: number, row: number) => Rgb, scale = 1): Uint8Array<ArrayBuffer> {
  const [width, height] = [columns * scale, rows * scale];
  const stride = width * 3 + 1; // each row starts with its filter type: 0 (none) unless set
  const raw = Buffer.alloc(stride * height);
  for (let row = 0; row < rows; row++) {
    const first = row * scale * stride;
    for (let column = 0; column < columns; column++) {
      const [r, g, b] = paint(column, row);
      for (let x = column * scale, offset = first + 1 + x * 3; x < (column + 1) * scale; x++, offset += 3) {
        raw[offset] = r;
        raw[offset + 1] = g;
        raw[offset + 2] = b;
      }
    }
    // The cell row's other pixel rows repeat it: filter type 2 ("up") with zero differences.
    for (let copy = 1; copy < scale; copy++) raw[first + copy * stride] = 2;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter method variant, no interlace
  const png = Buffer.concat([Buffer.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
  return new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.length)) as Uint8Array<ArrayBuffer>;
}
