// Draws the viewer app's icons (PNG) with Node's built-ins only: the brand's orange tile with a play
// mark on the app's dark background. Run after changing the design; the PNGs are committed.
//
//   node scripts/generate-app-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');

const BACKGROUND = [0x0b, 0x0b, 0x0f];
const ACCENT = [0xff, 0x6b, 0x3d];
const MARK = [0x0b, 0x0b, 0x0f];
const SAMPLES = 4; // 4×4 samples per pixel smooth the edges.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG from a function giving each pixel's colour. */
function png(size, colourAt) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = colourAt(x, y);
      rows.writeUInt8(r, row + 1 + x * 3);
      rows.writeUInt8(g, row + 2 + x * 3);
      rows.writeUInt8(b, row + 3 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Inside a rounded square centred at 0.5, 0.5 with half-width `half` and corner radius `radius` (unit coordinates). */
function inRoundedSquare(u, v, half, radius) {
  const dx = Math.max(Math.abs(u - 0.5) - (half - radius), 0);
  const dy = Math.max(Math.abs(v - 0.5) - (half - radius), 0);
  return dx * dx + dy * dy <= radius * radius;
}

/** Inside the play triangle pointing right, centred optically, `scale` of the unit square tall. */
function inPlayMark(u, v, scale) {
  const h = scale;
  const w = h * 0.88;
  const left = 0.5 - w * 0.42;
  const top = 0.5 - h / 2;
  const x = (u - left) / w;
  const y = (v - top) / h;
  return x >= 0 && y >= 0 && y <= 1 && x <= 1 - Math.abs(y - 0.5) * 2;
}

function mix(a, b, t) {
  return a.map((channel, i) => Math.round(channel + (b[i] - channel) * t));
}

/** Renders `shape(u, v)` → colour with supersampling. */
function render(size, shape) {
  return png(size, (x, y) => {
    let sum = [0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const colour = shape((x + (sx + 0.5) / SAMPLES) / size, (y + (sy + 0.5) / SAMPLES) / size);
        sum = sum.map((s, i) => s + colour[i]);
      }
    }
    return sum.map((s) => Math.round(s / (SAMPLES * SAMPLES)));
  });
}

// "any" icons: an orange tile on the dark background, play mark cut out of it.
const standard = (u, v) => (inRoundedSquare(u, v, 0.4, 0.12) ? (inPlayMark(u, v, 0.34) ? MARK : ACCENT) : BACKGROUND);
// Maskable: the launcher crops to its own shape, so the colour runs to the edges and the mark stays in the safe zone.
const maskable = (u, v) => (inPlayMark(u, v, 0.3) ? MARK : mix(ACCENT, [0xff, 0x8a, 0x5f], v * 0.6));

fs.mkdirSync(out, { recursive: true });
const files = [
  ['icon-192.png', 192, standard],
  ['icon-512.png', 512, standard],
  ['maskable-512.png', 512, maskable],
  ['apple-touch-icon.png', 180, maskable],
];
for (const [name, size, shape] of files) {
  const data = render(size, shape);
  fs.writeFileSync(path.join(out, name), data);
  console.log(`${name}: ${size}×${size}, ${data.length} bytes`);
}
