/**
 * Ad photos' figures (issue 18, `npm run bench:ads` calls `benchAdPhotos`; alone: `npx tsx tools/bench/ads-photos.ts`):
 * - photos per second per core: the server's whole processing of a 12-megapixel JPEG (type check, decode, upright,
 *   three WebP sizes), by the process's CPU time (every libvips thread counts), not wall time;
 * - peak memory for one such photo: the RSS high-water mark (process.resourceUsage().maxRSS) of a fresh process
 *   that processes exactly one, beside the same process's mark before it starts.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { processPhoto } from '../../sync-server/ad-photos/photo-process.ts';
import { cpuNow } from './process-cpu.ts';
import { sized } from './short.ts';
import { table } from './stats.ts';

const log = (line: string): void => console.log(`[bench:ads-photos] ${line}`);
const PHOTOS = Number(process.env.BENCH_AD_PHOTOS ?? sized(6, 1));
const WIDTH = 4032;
const HEIGHT = 3024;
const run = promisify(execFile);

/** A 12-megapixel phone-like JPEG: smooth gradients with sensor-like noise, EXIF with an orientation and GPS. */
const makePhoto = async (): Promise<Buffer> => {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a6ea5"/><stop offset="0.5" stop-color="#c9d6df"/><stop offset="1" stop-color="#52616b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="2000" cy="1500" r="900" fill="#e8b04b" fill-opacity="0.7"/></svg>`,
  );
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 41/1 5/1', GPSLongitudeRef: 'E', GPSLongitude: '23/1 19/1 7/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
};

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

/** In a fresh process: the RSS mark before and after processing one photo (maxRSS is in KB). */
const measureOne = async (file: string): Promise<void> => {
  const photo = await readFile(file);
  // Load sharp and libvips before the "before" mark, so the difference is the photo's.
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .webp()
    .toBuffer();
  const before = process.resourceUsage().maxRSS * 1024;
  const result = await processPhoto(photo);
  if (result.kind !== 'ok') throw new Error(`the bench photo was refused: ${result.message}`);
  const after = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ before, after }));
};

export const benchAdPhotos = async (): Promise<void> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ad-photos-bench-'));
  try {
    const photo = await makePhoto();
    const file = path.join(dir, 'photo.jpg');
    await writeFile(file, photo);
    log(
      `a ${WIDTH} × ${HEIGHT} JPEG (${((WIDTH * HEIGHT) / 1e6).toFixed(1)} MP, ${mb(photo.byteLength)} MB), ${PHOTOS} photos`,
    );

    // One first, untimed: libvips' first use loads its modules.
    await processPhoto(photo);
    const cpuFrom = cpuNow();
    const wallFrom = performance.now();
    let encoded = 0;
    for (let i = 0; i < PHOTOS; i++) {
      const result = await processPhoto(photo);
      if (result.kind !== 'ok') throw new Error(`the bench photo was refused: ${result.message}`);
      encoded += result.sizes.reduce((sum, s) => sum + s.bytes.byteLength, 0);
    }
    const cpuMs = cpuNow().nodeMs - cpuFrom.nodeMs;
    const wallMs = performance.now() - wallFrom;

    const self = fileURLToPath(import.meta.url);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', self, '--one', file], { cwd: process.cwd() });
    const { before, after } = JSON.parse(stdout.trim().split('\n').pop()!) as { before: number; after: number };

    console.log(
      table(
        ['figure', 'value'],
        [
          ['photos per second per core (CPU time)', (PHOTOS / (cpuMs / 1000)).toFixed(2)],
          ['CPU ms per photo', (cpuMs / PHOTOS).toFixed(0)],
          ['wall ms per photo (one at a time)', (wallMs / PHOTOS).toFixed(0)],
          ['WebP bytes per photo (3 sizes)', String(Math.round(encoded / PHOTOS))],
          ['peak RSS, one photo (MB)', mb(after)],
          ['RSS before it, same process (MB)', mb(before)],
          ['peak RSS added by the photo (MB)', mb(after - before)],
        ],
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const invokedAs = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (invokedAs === fileURLToPath(import.meta.url)) {
  const one = process.argv.indexOf('--one');
  if (one !== -1) await measureOne(process.argv[one + 1]!);
  else await benchAdPhotos();
}
