// @vitest-environment node
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng, type Rgb } from './png';

const pixel = (png: PNG, x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4)];

describe('encodePng', () => {
  it('writes a PNG a decoder reads back pixel for pixel, each cell `scale` pixels square', () => {
    const colours: Rgb[] = [
      [255, 98, 0],
      [16, 122, 193],
      [0, 0, 0],
    ];
    const paint = (column: number, row: number) => colours[(column + 2 * row) % 3]!;
    const png = PNG.sync.read(Buffer.from(encodePng(5, 4, paint, 3)));
    expect([png.width, png.height]).toEqual([15, 12]);
    for (let y = 0; y < 12; y++) {
      for (let x = 0; x < 15; x++) expect(pixel(png, x, y), `pixel ${x},${y}`).toEqual([...paint(Math.floor(x / 3), Math.floor(y / 3)), 255]);
    }
  });

  it('paints pixel by pixel at scale 1', () => {
    const png = PNG.sync.read(Buffer.from(encodePng(3, 2, (x, y) => [x * 100, y * 100, 7])));
    expect([pixel(png, 2, 0), pixel(png, 0, 1)]).toEqual([
      [200, 0, 7, 255],
      [0, 100, 7, 255],
    ]);
  });
});
