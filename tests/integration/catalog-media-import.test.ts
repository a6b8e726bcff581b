import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sizedImage } from '../../schema/catalog/media-path.ts';
import { importVsf1 } from '../../sync-server/catalog/import/import-vsf1.ts';
import { importMedia, mediaSourceOf } from '../../sync-server/catalog/media/import-media.ts';
import { seedCatalog } from '../../sync-server/catalog/seed-catalog.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { main } from '../../tools/import-vsf1.ts';
import { openTestDatabase, startTestServer, storeKind } from '../support/test-server.ts';
import { dumpLine, simpleProduct } from '../unit/vsf1-import/vsf1-files.ts';

/**
 * A shop moving from Vue Storefront 1 brings its real pictures (issue 19): `--media` reads them from the shop's
 * media folder, remakes them in the spec's sizes without metadata, and the store serves them from its database;
 * a picture that is missing, outside the folder or not a photo is listed, and its product is drawn instead.
 */
const product = (id: number, sku: string, image: string, gallery: string[] = []) =>
  dumpLine(
    'product',
    simpleProduct(id, sku, {
      image,
      media_gallery: gallery.map((file) => ({ image: file, pos: 1, typ: 'image', lab: null, vid: null })),
    }),
  );

/** A camera photo with GPS in its EXIF, larger than every size. */
const cameraPhoto = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#58a' } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 41/1 5/1', GPSLongitudeRef: 'E', GPSLongitude: '23/1 19/1 7/1' },
    })
    .toBuffer();

describe(`VSF1 import with the shop's pictures (${storeKind})`, () => {
  const temp = mkdtempSync(path.join(tmpdir(), 'vsf1-media-'));
  const out = path.join(temp, 'catalog');
  const mediaDir = path.join(temp, 'pub-media');
  const printed: string[] = [];
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    mkdirSync(path.join(mediaDir, 'm/b'), { recursive: true });
    const photo = await cameraPhoto();
    writeFileSync(path.join(mediaDir, 'm/b/mbp-14.jpg'), photo);
    // The same photo under a second name: made once.
    writeFileSync(path.join(mediaDir, 'm/b/mbp-14-copy.jpg'), photo);
    writeFileSync(path.join(mediaDir, 'm/b/evil.jpg'), '#!/bin/sh\necho owned\n');
    writeFileSync(path.join(temp, 'secret.jpg'), photo);
    const dump = path.join(temp, 'dump.ndjson');
    writeFileSync(
      dump,
      [
        product(1, 'MBP14', '/m/b/mbp-14.jpg', ['/m/b/mbp-14.jpg', '/m/b/mbp-14-copy.jpg', '/m/b/gone.jpg']),
        product(2, 'EVIL', '/m/b/evil.jpg'),
        product(3, 'GONE', '/m/b/gone.jpg'),
        product(4, 'ESCAPE', '/../secret.jpg'),
      ].join('\n'),
    );
    const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    try {
      expect(await main([dump, '--out', out, '--media', mediaDir])).toBe(0);
    } finally {
      log.mockRestore();
    }
    db = await openTestDatabase();
    expect(await seedCatalog(db, 'generated', out, () => undefined)).toBe('generated');
    server = await startTestServer(db);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await db?.close();
    rmSync(temp, { recursive: true, force: true });
  });

  const products = () =>
    new Map(
      readFileSync(path.join(out, 'products.ndjson'), 'utf8')
        .trim()
        .split('\n')
        .map((text) => JSON.parse(text) as { sku: string; image: string; media_gallery: { image: string }[] })
        .map((p) => [p.sku, p]),
    );

  it("names the store's address for a brought picture, one picture for one photo under two names", () => {
    const mbp = products().get('MBP14')!;
    expect(mbp.image).toMatch(/^\/media\/catalog\/[0-9a-f]{32}\/gallery\.webp$/);
    // The copy is the same photo (same key); the missing one is left out of the gallery.
    expect(mbp.media_gallery.map((item) => item.image)).toEqual([mbp.image, mbp.image]);
    expect(printed.some((text) => text.startsWith('Pictures: 1 made'))).toBe(true);
  });

  it('lists what it could not bring, and those products are drawn by the store instead', async () => {
    const all = products();
    for (const sku of ['EVIL', 'GONE', 'ESCAPE']) expect(all.get(sku)!.image).toBe(`/images/products/${sku}.svg`);
    expect((await fetch(server.url + all.get('GONE')!.image)).headers.get('content-type')).toContain('image/svg+xml');
    expect(printed).toContain('  /m/b/evil.jpg: must be a JPEG, PNG or WebP photo');
    expect(printed).toContain('  /m/b/gone.jpg: not in the media folder');
    // '/../secret.jpg' stays inside the shop's folder: the file beside it is never read.
    expect(printed).toContain('  /../secret.jpg: not in the media folder');
  });

  it('serves the sizes from the store: WebP within the spec sizes, with no GPS or other metadata', async () => {
    const gallery = products().get('MBP14')!.image;
    for (const [size, box] of [
      ['tile', [310, 300]],
      ['gallery', [600, 744]],
      ['large', [825, 1024]],
    ] as const) {
      const answer = await fetch(server.url + sizedImage(gallery, size));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(answer.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBeLessThanOrEqual(box[0]);
      expect(meta.height).toBeLessThanOrEqual(box[1]);
      expect(Math.max(meta.width! / box[0], meta.height! / box[1])).toBeCloseTo(1, 2);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('answers 404 for an unknown picture, size or key', async () => {
    const gallery = products().get('MBP14')!.image;
    const key = gallery.split('/')[3]!;
    for (const address of [
      `/media/catalog/${key}/huge.webp`,
      `/media/catalog/${'0'.repeat(32)}/tile.webp`,
      '/media/catalog/not-a-key/tile.webp',
      `/media/catalog/${key}/tile.png`,
    ]) {
      expect((await fetch(server.url + address)).status, address).toBe(404);
    }
  });

  it("reads the pictures from the shop's address when --media is one, refusing what is not there", async () => {
    const photo = readFileSync(path.join(mediaDir, 'm/b/mbp-14.jpg'));
    const shop = createServer((req, res) => {
      if (req.url === '/media/catalog/product/m/b/mbp-14.jpg')
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = shop.address() as AddressInfo;
      const snapshot = (await importVsf1([path.join(temp, 'dump.ndjson')])).snapshot;
      const kept: string[] = [];
      const result = await importMedia(
        snapshot,
        mediaSourceOf(`http://127.0.0.1:${port}/media/catalog/product`),
        async (key, sizes) => void kept.push(`${key}:${sizes.map((s) => s.size).join(',')}`),
      );
      expect(result.made).toBe(1);
      expect(kept).toEqual([expect.stringMatching(/^[0-9a-f]{32}:tile,gallery,large$/)]);
      expect(result.problems).toContainEqual({ image: '/m/b/gone.jpg', reason: 'answered 404' });
      expect(result.snapshot.products.find((p) => p.sku === 'MBP14')!.image).toBe(products().get('MBP14')!.image);
    } finally {
      shop.close();
    }
  });
});
