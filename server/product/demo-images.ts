/**
 * Demo product pictures drawn in code: a PNG of a bottle, can, cup or box in
 * the product's colours, so the demo catalogue has real images without
 * shipping binaries. A PNG is a signature, a header, deflated rows and an
 * end chunk; node:zlib has both deflate and CRC-32, so no image library is
 * needed for something this small.
 */
import { crc32, deflateSync } from 'node:zlib';

export type Shape = 'bottle' | 'can' | 'cup' | 'box' | 'bag';
type Rgb = readonly [number, number, number];

const SIZE = 96;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Whether (x, y) lies inside the shape, on a 96 × 96 canvas. */
function inside(shape: Shape, x: number, y: number): boolean {
  const cx = x - SIZE / 2;
  switch (shape) {
    case 'bottle':
      return (Math.abs(cx) <= 6 && y >= 12 && y < 28) || (Math.abs(cx) <= 16 && y >= 28 && y <= 86);
    case 'can':
      return Math.abs(cx) <= 18 && y >= 20 && y <= 82;
    case 'cup':
      return y >= 30 && y <= 84 && Math.abs(cx) <= 22 - (y - 30) / 8;
    case 'box':
      return Math.abs(cx) <= 28 && y >= 26 && y <= 74;
    case 'bag':
      return Math.abs(cx) <= 26 - Math.abs(y - 52) / 6 && y >= 18 && y <= 86;
  }
}

/** A PNG of `shape` in `fill` on `background`, with a band in `band` across it. */
export function drawProduct(shape: Shape, background: Rgb, fill: Rgb, band: Rgb): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 3);
    for (let x = 0; x < SIZE; x++) {
      const colour = inside(shape, x, y) ? (y >= 46 && y <= 58 ? band : fill) : background;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
