import { Router, type Response } from 'express';
import { enforceLimit, limitKey } from '../accounts/rate-limit.ts';
import { authenticate, type Principal } from '../http/auth.ts';
import { HttpProblem } from '../http/problem.ts';
import type { Database, Sql } from '../store/database.ts';
import { DEFAULT_AD_PHOTO_LIMITS, type AdPhotoLimits } from './photo-limits.ts';
import { processPhoto } from './photo-process.ts';
import { createPhotoQueue, type PhotoQueue } from './photo-queue.ts';
import {
  appendChunk,
  countOwnerPhotos,
  deletePhoto,
  dropStaleUploads,
  findPhoto,
  insertPhoto,
  markReady,
  readChunks,
  type PhotoRow,
} from './photo-store.ts';
import { photoIdOf, readChunk, uploadHeadersOf } from './upload-headers.ts';
import { type ApiRoute } from '../http/api-description.ts';
import { z } from 'zod';

/** Told in the transaction that marks a photo ready (the ads feature moves the owner's waiting ads on). */
export type OnPhotoReady = (tx: Sql, owner: string, photoId: string, now: number) => Promise<void>;

export interface AdPhotoRoutesDeps {
  db: Database;
  onPhotoReady?: OnPhotoReady | undefined;
  limits?: AdPhotoLimits | undefined;
  queue?: PhotoQueue | undefined;
}

/** Seconds a device waits when the photo queue is full: about the time a few photos take. */
const QUEUE_FULL_RETRY_S = 5;

const userOf = (principal: Principal | undefined): string => {
  if (principal?.kind !== 'user') {
    throw new HttpProblem(403, 'Ad photos are uploaded by a logged-in shopper (not authorized as a guest)', 'token');
  }
  return principal.owner;
};

const answerOffset = (res: Response, row: Pick<PhotoRow, 'received' | 'length'>): Response =>
  res.set({ 'Upload-Offset': String(row.received), 'Upload-Length': String(row.length), 'Cache-Control': 'no-store' });

/** Another owner's photo is answered as if it did not exist: ids are not to be probed. */
const notFound = () => new HttpProblem(404, 'No such photo upload', 'id');

/**
 * The resumable upload, tus-like and small (mounted at /api/ad-photos, before express.json: it takes raw bytes):
 * - `HEAD /:id` → `Upload-Offset` (bytes the server holds) and `Upload-Length`; 404 for an id it does not know;
 * - `PATCH /:id` with `Upload-Offset`, `Upload-Length` and an `application/offset+octet-stream` chunk of at most
 *   1 MB → 204 with the new `Upload-Offset`; an offset the server does not hold → 409 with its own, to resume from.
 * The chunk that completes a photo is kept only with the finished photo: checked, re-encoded and marked ready in
 * one transaction, so `Upload-Offset` equals `Upload-Length` exactly when the photo is ready (a crash midway leaves
 * the device to send the last chunk again). A file that is not a photo is refused (415) and nothing of it kept.
 */
export const adPhotoRoutes = ({
  db,
  onPhotoReady,
  limits = DEFAULT_AD_PHOTO_LIMITS,
  queue = createPhotoQueue(),
}: AdPhotoRoutesDeps): Router => {
  const router = Router();
  router.use(authenticate(db));

  const limitRequests = (res: Response, owner: string) =>
    enforceLimit(db, res, limitKey('ad-photo', owner), limits.requests, 'Too many photo uploads', 'id');

  router.head('/:id', async (req, res) => {
    const owner = userOf(req.principal);
    const id = photoIdOf(req);
    await limitRequests(res, owner);
    const row = await findPhoto(db, id);
    if (!row || row.owner !== owner) throw notFound();
    answerOffset(res, row).status(200).end();
  });

  /** The first chunk of a new photo: the upload starts if the owner is within bounds. */
  const start = async (id: string, owner: string, length: number): Promise<PhotoRow | undefined> => {
    await dropStaleUploads(db, owner, limits.staleSeconds);
    const counts = await countOwnerPhotos(db, owner);
    if (counts.ready >= limits.stored) {
      throw new HttpProblem(403, `id: at most ${limits.stored} photos may be kept; delete an ad first`, 'id');
    }
    if (counts.uploading >= limits.inFlight) {
      throw new HttpProblem(429, `id: at most ${limits.inFlight} photos may be uploading at once`, 'id');
    }
    await insertPhoto(db, id, owner, length);
    return findPhoto(db, id);
  };

  router.patch('/:id', async (req, res) => {
    const owner = userOf(req.principal);
    const id = photoIdOf(req);
    const { offset, length } = uploadHeadersOf(req);
    await limitRequests(res, owner);
    // The bytes first: a chunk refused for its size or cut off leaves no trace, not even a started upload.
    const chunk = await readChunk(req);
    if (chunk.byteLength === 0) throw new HttpProblem(400, 'body must hold the next bytes of the photo', 'body');
    let row = await findPhoto(db, id);
    if (row && row.owner !== owner) throw notFound();
    if (!row) {
      if (length === undefined)
        throw new HttpProblem(400, 'Upload-Length is required to start an upload', 'Upload-Length');
      if (offset !== 0) {
        res.status(409).set({ 'Upload-Offset': '0', 'Cache-Control': 'no-store' }).end();
        return;
      }
      row = await start(id, owner, length);
      if (!row || row.owner !== owner) throw notFound();
    }
    if (length !== undefined && length !== row.length) {
      throw new HttpProblem(400, `Upload-Length must stay ${row.length} for this photo`, 'Upload-Length');
    }
    if (row.status === 'ready' || offset !== row.received) {
      answerOffset(res, row).status(409).end();
      return;
    }
    if (offset + chunk.byteLength > row.length) {
      throw new HttpProblem(400, `body runs past Upload-Length (${row.length} bytes)`, 'body');
    }
    if (offset + chunk.byteLength < row.length) {
      const written = await db.transaction(async (tx) => {
        const locked = await findPhoto(tx, id, true);
        if (!locked || locked.status !== 'uploading' || locked.received !== offset) return locked;
        await appendChunk(tx, id, offset, chunk);
        return { ...locked, received: offset + chunk.byteLength };
      });
      if (!written) throw notFound();
      answerOffset(res, written)
        .status(written.received === offset + chunk.byteLength ? 204 : 409)
        .end();
      return;
    }
    const finished = await finish(row, chunk);
    if (finished.kind === 'busy') {
      res.set('Retry-After', String(QUEUE_FULL_RETRY_S));
      throw new HttpProblem(503, 'The photos are being processed: send the last part again shortly', 'id');
    }
    if (finished.kind === 'refused') throw new HttpProblem(finished.status, `photo ${finished.message}`, 'photo');
    if (finished.kind === 'gone') throw notFound();
    answerOffset(res, finished.row)
      .status(finished.row.status === 'ready' && finished.mine ? 204 : 409)
      .end();
  });

  type Finished =
    | { kind: 'done'; row: PhotoRow; mine: boolean }
    | { kind: 'refused'; status: 413 | 415; message: string }
    | { kind: 'busy' }
    | { kind: 'gone' };

  /** The last chunk: the whole photo is checked and re-encoded (outside any transaction), then kept at once. */
  const finish = async (row: PhotoRow, last: Buffer): Promise<Finished> => {
    const processed = queue.run(async () => {
      const original = Buffer.concat([...(await readChunks(db, row.id)), last]);
      if (original.byteLength !== row.length) return undefined;
      return processPhoto(original);
    });
    if (!processed) return { kind: 'busy' };
    const result = await processed;
    if (result?.kind === 'refused') {
      // Nothing of a refused file is kept: not its chunks, not its row.
      await deletePhoto(db, row.id);
      return result;
    }
    return db.transaction(async (tx): Promise<Finished> => {
      const locked = await findPhoto(tx, row.id, true);
      if (!locked) return { kind: 'gone' };
      // Another request finished it meanwhile, or the chunks changed under us: the device reads the offset.
      if (!result || locked.status !== 'uploading' || locked.received !== row.received) {
        return { kind: 'done', row: locked, mine: false };
      }
      await markReady(tx, row.id, result.sizes);
      await onPhotoReady?.(tx, row.owner, row.id, Date.now());
      return { kind: 'done', row: { ...locked, status: 'ready', received: locked.length }, mine: true };
    });
  };

  return router;
};

const photoParams = z.object({ id: z.string().describe("The photo's id, a UUID the device chose") });
const offsetHeaders = z.object({ 'upload-offset': z.string(), 'upload-length': z.string() });

export const adPhotoApi: ApiRoute[] = [
  {
    method: 'head',
    path: '/api/ad-photos/:id',
    summary: 'How many bytes of a photo upload the server holds (Upload-Offset)',
    access: 'user',
    request: { params: photoParams },
    responses: { 200: { description: 'Upload-Offset and Upload-Length headers' }, 404: { description: 'Unknown id' } },
  },
  {
    method: 'patch',
    path: '/api/ad-photos/:id',
    summary: 'The next chunk (at most 1 MB) of a photo; the last one checks and re-encodes it',
    access: 'user',
    request: {
      params: photoParams,
      headers: offsetHeaders,
      body: z.string().describe('The bytes'),
      bodyType: 'application/offset+octet-stream',
    },
    responses: {
      204: { description: 'Taken; Upload-Offset says how far' },
      409: { description: 'An offset the server does not hold; resume from its Upload-Offset' },
      413: { description: 'Too large' },
      415: { description: 'Not a photo' },
      429: { description: 'Too many uploads' },
    },
  },
];
