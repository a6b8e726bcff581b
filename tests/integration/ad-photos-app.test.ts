import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPhotoPath } from '../../schema/ads/ad-list.ts';
import type { RunningServer } from '../../sync-server/server.ts';
import { startTestServer, storeKind } from '../support/test-server.ts';
import { registerLoggedInUser } from '../support/users.ts';

/**
 * Ad photos as the real server mounts them (sync-server/http/app.ts): the upload's raw bytes reach it past the
 * JSON body parser, the ads feature is told of a ready photo in its transaction, and the sizes are served.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.db.query('DELETE FROM ad_photos');
});
afterAll(async () => {
  await server?.close();
});

describe(`ad photos in the store's server (${storeKind})`, () => {
  it('a logged-in shopper uploads a photo in two chunks and its sizes are served', async () => {
    const { token } = await registerLoggedInUser(server.url, 'photo-app');
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#58a' } })
      .jpeg()
      .toBuffer();
    const id = randomUUID();
    const half = Math.ceil(photo.byteLength / 2);
    for (const [start, end] of [
      [0, half],
      [half, photo.byteLength],
    ] as const) {
      const res = await fetch(`${server.url}/api/ad-photos/${id}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(start),
          'upload-length': String(photo.byteLength),
        },
        body: new Blob([Uint8Array.from(photo.subarray(start, end))]),
      });
      expect(res.status).toBe(204);
      expect(Number(res.headers.get('upload-offset'))).toBe(end);
    }
    // In no published ad yet: its owner's only (asked with the bearer header), and no cache keeps it.
    expect((await fetch(`${server.url}${adPhotoPath(id, 'large')}`)).status).toBe(404);
    const large = await fetch(`${server.url}${adPhotoPath(id, 'large')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-type')).toBe('image/webp');
    expect(large.headers.get('cache-control')).toBe('private, no-store');
    expect(large.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(825);
  });
});
