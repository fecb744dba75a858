// A raster tile server on 127.0.0.1 for the browser suite: answers /{z}/{x}/{y}.png with a 256×256 PNG, as an
// OpenStreetMap-style tile server does, and counts what it was asked, so a test can see that a map really loaded
// its tiles from MAP_TILE_URL (and that pages without a map asked for none).
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';

export interface FakeTiles {
  /** MAP_TILE_URL for this server. */
  tileUrl: string;
  port: number;
  /** Tiles served, as 'z/x/y'. */
  served: string[];
  close(): Promise<void>;
}

/** CRC-32 as PNG chunks need it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 tile of a map's paper colour with a darker grid line along two edges, so tile seams show. */
function tilePng(): Buffer {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x += 1) {
      const edge = x === 0 || y === 0;
      row.set(edge ? [205, 200, 190] : [242, 239, 233], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startFakeTiles(port = 0): Promise<FakeTiles> {
  const tile = tilePng();
  const served: string[] = [];
  const server = createServer((request, response) => {
    if (request.url === '/__served') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served));
      return;
    }
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    served.push(`${match[1]}/${match[2]}/${match[3]}`);
    response
      .writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' })
      .end(tile);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    tileUrl: `http://127.0.0.1:${actualPort}/{z}/{x}/{y}.png`,
    port: actualPort,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
