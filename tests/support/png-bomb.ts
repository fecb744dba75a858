// A decompression bomb for tests: a valid interlaced (Adam7) PNG of any size, one bit per pixel, all black, so
// 6300 × 6300 pixels fit in a few kilobytes. Written here in milliseconds; sharp's interlaced encoder takes 5-9 s
// for the same size on a busy machine, longer than a test hook may wait.
import { crc32, deflateSync } from 'node:zlib';

/** Adam7's seven passes: where each starts and how far it steps, across and down. */
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

export function interlacedPngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  header[12] = 1; // Adam7 interlace
  // Each pass's rows: a filter byte (0, none) and its pixels at one bit each, all zero.
  let rawLength = 0;
  for (const [x0, y0, dx, dy] of PASSES) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth > 0 && passHeight > 0) rawLength += passHeight * (1 + Math.ceil(passWidth / 8));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rawLength), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
