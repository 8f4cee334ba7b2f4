import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * The contact map's own raster tile (issue #44 item 1): while MAP_TILE_URL is empty, Leaflet
 * loads /api/map-tiles/{z}/{x}/{y}.png from here, so the demo and the tests fetch nothing from
 * outside. Every tile is the same 256 × 256 neutral PNG (a pale ground with a faint grid line
 * on two edges, so panning and zooming stay visible); it is built once, in memory.
 */

const SIZE = 256;
const GROUND = [0xee, 0xf1, 0xf3];
const LINE = [0xdc, 0xe1, 0xe5];

let tile: Buffer | undefined;

/** The neutral tile as a PNG (8-bit RGB, no interlace). */
export function neutralTile(): Buffer {
  tile ??= encodePng(SIZE, SIZE, (x, y) => (x === SIZE - 1 || y === SIZE - 1 ? LINE : GROUND));
  return tile;
}

export function registerMapTiles(app: FastifyInstance) {
  app.get<{ Params: { z: string; x: string; y: string } }>(
    '/api/map-tiles/:z/:x/:y.png',
    async (request, reply) => {
      const { z, x, y } = request.params;
      if (![z, x, y].every((part) => /^\d{1,7}$/.test(part)) || Number(z) > 22) {
        return reply.status(404).send();
      }
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(neutralTile());
    },
  );
}

function encodePng(width: number, height: number, pixel: (x: number, y: number) => number[]) {
  // Each row: filter byte 0 and the RGB bytes.
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y += 1) {
    raw[offset++] = 0;
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      raw[offset++] = r!;
      raw[offset++] = g!;
      raw[offset++] = b!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}
