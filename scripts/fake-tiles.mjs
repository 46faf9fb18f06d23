import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A small map tile server for the browser journeys and for looking at the map without the internet: it answers
 * GET /{z}/{x}/{y}.png, as OpenStreetMap's tile servers do, with a 256 × 256 PNG (a pale background with a
 * grid, so that the tiles show), and tells which tiles were asked for at GET /_test/requests.
 *
 * Run alone: node scripts/fake-tiles.mjs <port>; then MAP_TILE_URL=http://127.0.0.1:<port>/{z}/{x}/{y}.png
 */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** One tile: RGB, a grid line every 32 px on a pale ground. */
export function tilePng(size = 256) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    rows[row] = 0; // no filter
    for (let x = 0; x < size; x++) {
      const line = x % 32 === 0 || y % 32 === 0;
      const at = row + 1 + x * 3;
      rows[at] = line ? 200 : 232;
      rows[at + 1] = line ? 212 : 238;
      rows[at + 2] = line ? 220 : 226;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startFakeTiles({ port = 0 } = {}) {
  const png = tilePng();
  /** @type {string[]} */
  const requests = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/_test/requests') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(requests));
      return;
    }
    if (/^\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/.test(path)) {
      requests.push(path);
      response.writeHead(200, {
        'content-type': 'image/png',
        'content-length': png.length,
        'cache-control': 'public, max-age=3600',
        'access-control-allow-origin': '*',
      });
      response.end(png);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('no such tile');
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    tileUrl: `${url}/{z}/{x}/{y}.png`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tiles = await startFakeTiles({ port: Number(process.argv[2] ?? 0) });
  console.log(`fake map tiles at ${tiles.tileUrl}`);
}
