// Draws the app's icons (the white "Y" on the blue tile of favicon.svg) as PNGs for the web app manifest and
// iOS: 192 and 512 px, a maskable 512 px with the safe zone's margin, and the 180 px Apple touch icon. Run
// once after changing the logo: node apps/web/scripts/make-icons.mjs (the PNGs are kept in public/icons).
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BLUE = [37, 99, 235];
const NAVY = [11, 21, 48];
const WHITE = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(size, pixel) {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      rows.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Distance from p to the segment a–b. */
function toSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** The logo in a unit square: a rounded tile (radius `round`, inset `pad`) with a Y; 1 px of smoothing. */
function logo(size, { pad, round, background }) {
  const s = (v) => v * size;
  return (x, y) => {
    const u = x / size;
    const v = y / size;
    const inner = 1 - 2 * pad;
    const cx = Math.min(Math.max(u, pad + round), pad + inner - round);
    const cy = Math.min(Math.max(v, pad + round), pad + inner - round);
    const outside = (Math.hypot(u - cx, v - cy) - round) * size;
    if (outside > 0.5) return [...background, background === NAVY ? 255 : 0];
    const half = 0.055;
    const stroke = Math.min(
      toSegment(u, v, 0.33, 0.28, 0.5, 0.52),
      toSegment(u, v, 0.67, 0.28, 0.5, 0.52),
      toSegment(u, v, 0.5, 0.52, 0.5, 0.74),
    );
    const edge = Math.max(0, Math.min(1, (half - stroke) * s(1) + 0.5));
    const tile = Math.max(0, Math.min(1, 0.5 - outside));
    const color = BLUE.map((c, i) => Math.round(c + (WHITE[i] - c) * edge));
    if (background === NAVY) return [...color.map((c, i) => Math.round(NAVY[i] + (c - NAVY[i]) * tile)), 255];
    return [...color, Math.round(255 * tile)];
  };
}

mkdirSync(out, { recursive: true });
const icons = {
  'icon-192.png': [192, { pad: 0, round: 0.18, background: [0, 0, 0] }],
  'icon-512.png': [512, { pad: 0, round: 0.18, background: [0, 0, 0] }],
  // maskable: the platform cuts its own shape; the tile fills the square and the Y stays in the safe zone
  'maskable-512.png': [512, { pad: 0, round: 0, background: NAVY }],
  'apple-touch-icon-180.png': [180, { pad: 0, round: 0, background: NAVY }],
};
for (const [name, [size, options]] of Object.entries(icons)) {
  writeFileSync(`${out}${name}`, png(size, logo(size, options)));
}
console.log(`icons written to ${out}`);
