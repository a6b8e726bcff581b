import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { BehaviorSubject, interval } from 'rxjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPhotoPath } from '../../schema/ads/ad-list.ts';
import { keepPhotos } from '../../client/ad-photos/index.ts';
import { ownPhoto } from '../../client/ad-photos/own-photo.ts';
import { getPhoto } from '../../client/ad-photos/photo-store.ts';
import { progress$ } from '../../client/ad-photos/progress.ts';
import { CHUNK_BYTES } from '../../client/ad-photos/upload-plan.ts';
import { startUploader } from '../../client/ad-photos/uploader.ts';
import type { ServerAccess } from '../../client/sync/feature.ts';
import { issueTokens } from '../../sync-server/accounts/sessions.ts';
import { insertUser } from '../../sync-server/accounts/users.ts';
import { adPhotosApp, readyPhotos } from '../../sync-server/ad-photos/index.ts';
import { errorHandler } from '../../sync-server/http/problem.ts';
import type { Database } from '../../sync-server/store/database.ts';
import { openDatabase } from '../../sync-server/store/open-database.ts';
import { waitFor } from '../support/wait.ts';

/**
 * The device's side of ad photos (client/ad-photos) against the server's (sync-server/ad-photos): photos kept
 * offline in IndexedDB (fake-indexeddb here) go up when the device is online, chunk by chunk, one at a time; a
 * connection that drops mid-upload and a reload each resume from the offset the server holds, sending no chunk
 * twice that the server had; a file the server refuses ends `failed` with the server's reason.
 */
const storeKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let db: Database;
let http: Server;
let url: string;
let seller: { owner: string; token: string };
/** Every PATCH the server saw: which photo, from which offset, and whether the link was cut under it. */
const patches: { id: string; offset: number; cut: boolean }[] = [];
/** Hooks a test sets: cut the link of the PATCH at this photo and offset, or run something once it is answered. */
let cutAt: { id: string; offset: number } | undefined;
let onAnswered: ((id: string, offset: number) => void) | undefined;
/** PATCHes still to be answered "busy, come back in 5 minutes" (503, Retry-After), as a server in trouble does. */
let busyAnswers = 0;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await db.query('DELETE FROM ad_photos');
  await db.query("DELETE FROM rate_limits WHERE key LIKE 'ad-photo:%'");
  const app = express();
  app.use('/api/ad-photos/:id', (req, res, next) => {
    if (req.method !== 'PATCH') return next();
    const id = String(req.params.id);
    const offset = Number(req.get('upload-offset'));
    const cut = cutAt?.id === id && cutAt.offset === offset;
    patches.push({ id, offset, cut });
    res.on('finish', () => onAnswered?.(id, offset));
    if (busyAnswers > 0) {
      busyAnswers -= 1;
      res
        .status(503)
        .set('retry-after', '300')
        .json({ code: 503, result: { error: 'busy' } });
      return;
    }
    if (!cut) return next();
    cutAt = undefined;
    // The phone's link dies mid-request: no answer at all.
    req.socket.destroy();
  });
  app.use(adPhotosApp({ db }));
  app.use(errorHandler);
  http = createServer(app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const user = await insertUser(
    db,
    { email: `photo-device-${Date.now()}@example.bg`, firstname: 'Петя', lastname: 'Иванова' },
    'not-a-real-hash',
  );
  const { token } = await issueTokens(db, user!, { accessSeconds: 900, refreshSeconds: 3600 });
  seller = { owner: user!.owner, token };
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await db?.close();
});

const photoFile = async (name: string, width: number, height: number): Promise<File> => {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: '#468', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new File([Uint8Array.from(bytes)], name, { type: 'image/jpeg' });
};

const settled = (ids: readonly string[]) =>
  waitFor(
    progress$,
    (states) => ids.every((id) => ['uploaded', 'failed'].includes(states.get(id)?.state ?? '')),
    `photos ${ids.join(', ')} settled`,
    30_000,
  );

const offsetsOf = (id: string) => patches.filter((p) => p.id === id && !p.cut).map((p) => p.offset);

describe(`ad photos: the device's uploader (${storeKind})`, () => {
  it('keeps photos offline and uploads them when online, resuming after a dropped link and after a reload', async () => {
    let online = false;
    const server: ServerAccess = {
      baseUrl: url,
      isOnline: () => online,
      connected$: new BehaviorSubject(true),
      who: () => ({ token: seller.token, customerGroupId: 1 }),
    };
    const owner$ = new BehaviorSubject<string | undefined>(seller.owner);

    // Offline: the photos are kept and given ids; nothing is sent.
    const first = await photoFile('IMG_1.jpg', 1800, 1300);
    const second = await photoFile('IMG_2.jpg', 1800, 1300);
    const script = new File(['#!/bin/sh\nrm -rf /\n'.repeat(50)], 'holiday.jpg', { type: 'image/jpeg' });
    const gif = new File(['GIF89a'], 'funny.gif', { type: 'image/gif' });
    expect(first.size).toBeGreaterThan(2 * CHUNK_BYTES);
    let stop = startUploader(server, owner$);
    const kept = await keepPhotos([first, second, script, gif]);
    expect(kept.map((k) => (k.ok ? 'kept' : k.reason))).toEqual(['kept', 'kept', 'kept', 'not-a-photo']);
    const [firstId, secondId, scriptId] = kept.map((k) => (k.ok ? k.id : ''));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(patches).toEqual([]);

    // Online (the tab is reloaded online: a new uploader over the same IndexedDB). The first photo's second chunk
    // loses its link; the second photo's tab is reloaded as soon as its second chunk has been answered.
    stop();
    online = true;
    cutAt = { id: firstId!, offset: CHUNK_BYTES };
    onAnswered = (id, offset) => {
      if (id !== secondId || offset !== CHUNK_BYTES) return;
      onAnswered = undefined;
      stop();
      // The reload: a new uploader a moment later, which knows nothing but what IndexedDB and the server hold.
      setTimeout(() => {
        stop = startUploader(server, owner$);
      }, 50);
    };
    stop = startUploader(server, owner$);
    await settled([firstId!, secondId!, scriptId!]);
    stop();

    expect((await getPhoto(firstId!))?.state).toBe('uploaded');
    expect((await getPhoto(secondId!))?.state).toBe('uploaded');
    const refused = await getPhoto(scriptId!);
    expect(refused?.state).toBe('failed');
    expect(refused?.failure).toContain('must be a JPEG, PNG or WebP photo');
    expect(await readyPhotos(db, seller.owner, [firstId!, secondId!, scriptId!])).toEqual(
      new Set([firstId!, secondId!]),
    );

    // Every chunk the server kept was sent once: the cut one again (the server had none of it), nothing else.
    const chunksOf = (file: File) =>
      Array.from({ length: Math.ceil(file.size / CHUNK_BYTES) }, (_, i) => i * CHUNK_BYTES);
    expect(patches.filter((p) => p.cut).map((p) => [p.id, p.offset])).toEqual([[firstId, CHUNK_BYTES]]);
    expect(offsetsOf(firstId!)).toEqual(chunksOf(first));
    expect(offsetsOf(secondId!)).toEqual(chunksOf(second));
    // One photo at a time: the second's first chunk went after the first's last.
    const order = patches.filter((p) => !p.cut).map((p) => p.id);
    expect(order.lastIndexOf(firstId!)).toBeLessThan(order.indexOf(secondId!));
  });

  it("the owner's device shows its photos of an ad not published yet, which no one else is given", async () => {
    const server: ServerAccess = {
      baseUrl: url,
      isOnline: () => true,
      connected$: new BehaviorSubject(true),
      who: () => ({ token: seller.token, customerGroupId: 1 }),
    };
    const owner$ = new BehaviorSubject<string | undefined>(seller.owner);
    const stop = startUploader(server, owner$);
    const [kept] = await keepPhotos([await photoFile('IMG_3.jpg', 600, 400)]);
    const id = kept!.ok ? kept!.id : '';
    await settled([id]);
    stop();

    // No published ad shows it: an <img> of its address (no bearer header) gets nothing.
    expect((await fetch(`${url}${adPhotoPath(id, 'tile')}`)).status).toBe(404);
    // Its owner's device (another one, or after the device's copy is dropped) fetches it with its token.
    const shown = await ownPhoto(id, 'tile', server);
    expect(shown?.startsWith('data:image/webp;base64,')).toBe(true);
    const bytes = Buffer.from(shown!.slice('data:image/webp;base64,'.length), 'base64');
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    const stranger: ServerAccess = { ...server, who: () => ({ token: 'someone-else', customerGroupId: 1 }) };
    expect(await ownPhoto(id, 'large', stranger)).toBeUndefined();
  });

  it('a photo held back by a server in trouble goes up once the sync reaches the server again, not minutes later', async () => {
    // The fault harness saw a photo never uploaded (seed 10485): failures during an outage had backed the uploader
    // off, and nothing told it the server was back. The live stream's reconnect does (the sync state's "connected").
    const connected$ = new BehaviorSubject(true);
    const server: ServerAccess = {
      baseUrl: url,
      isOnline: () => true,
      connected$,
      who: () => ({ token: seller.token, customerGroupId: 1 }),
    };
    busyAnswers = 1;
    const stop = startUploader(server, new BehaviorSubject<string | undefined>(seller.owner));
    try {
      const [kept] = await keepPhotos([await photoFile('IMG_5.jpg', 600, 400)]);
      const id = kept!.ok ? kept!.id : '';
      await waitFor(interval(50), () => busyAnswers === 0 && patches.some((p) => p.id === id), 'the busy answer given');
      expect((await getPhoto(id))?.state).toBe('queued');
      // The stream drops with the server's trouble and connects again: the device is told to wait no longer.
      connected$.next(false);
      connected$.next(true);
      await settled([id]);
      expect((await getPhoto(id))?.state).toBe('uploaded');
    } finally {
      stop();
    }
  });
});
