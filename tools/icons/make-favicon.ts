import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * `npx tsx tools/icons/make-favicon.ts`: public/favicon.ico from public/icons/icon.svg, a real ICO holding PNG
 * images of 16, 32 and 48 px (the ICO format allows PNG entries; every browser reads them). Browsers ask for
 * /favicon.ico on their own, whatever the page links; the file is committed, so this runs only when the icon changes.
 */
const SIZES = [16, 32, 48];
const svg = readFileSync('public/icons/icon.svg');
const images = await Promise.all(SIZES.map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()));

const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1: icon
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map((png, i) => {
  const entry = Buffer.alloc(16);
  const size = SIZES[i]!;
  entry.writeUInt8(size % 256, 0); // width (0 means 256)
  entry.writeUInt8(size % 256, 1); // height
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  return entry;
});
writeFileSync('public/favicon.ico', Buffer.concat([header, ...entries, ...images]));
console.log(`public/favicon.ico: ${SIZES.join(', ')} px, ${offset} bytes`);
