import type { AdPhotoSize } from '../../schema/ads/ad-list.ts';
import { adPhotoIdSchema } from '../../schema/ads/ad.ts';
import type { Sql } from '../store/database.ts';

/** An upload's bookkeeping (ad_photos, migrations/server/013_ad_photos.sql). */
export interface PhotoRow {
  id: string;
  owner: string;
  status: 'uploading' | 'ready';
  length: number;
  received: number;
}

/** bytea goes in as base64 text: the Sql interface takes no binary parameters, and base64 costs a third more. */
const toBase64 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
/** bytea comes back as a Buffer (pg) or a Uint8Array (PGlite). */
const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export const findPhoto = async (sql: Sql, id: string, lock = false): Promise<PhotoRow | undefined> => {
  const [row] = await sql.query<PhotoRow>(
    `SELECT id::text, owner, status, length, received FROM ad_photos WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row;
};

/** The owner's unfinished and stored photos (for the per-owner bounds). */
export const countOwnerPhotos = async (sql: Sql, owner: string): Promise<{ uploading: number; ready: number }> => {
  const rows = await sql.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM ad_photos WHERE owner = $1 GROUP BY status',
    [owner],
  );
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { uploading: of('uploading'), ready: of('ready') };
};

/** Drops the owner's uploads nobody has continued for `staleSeconds` (a device that gave the photo up). */
export const dropStaleUploads = async (sql: Sql, owner: string, staleSeconds: number): Promise<void> => {
  await sql.query(
    `DELETE FROM ad_photos WHERE owner = $1 AND status = 'uploading'
       AND updated_at < now() - make_interval(secs => $2::int)`,
    [owner, staleSeconds],
  );
};

/** Starts an upload; false when another request started the same id first (the caller reads it again). */
export const insertPhoto = async (sql: Sql, id: string, owner: string, length: number): Promise<boolean> => {
  const rows = await sql.query(
    `INSERT INTO ad_photos (id, owner, status, length) VALUES ($1, $2, 'uploading', $3)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [id, owner, length],
  );
  return rows.length === 1;
};

export const appendChunk = async (sql: Sql, id: string, start: number, bytes: Uint8Array): Promise<void> => {
  await sql.query(`INSERT INTO ad_photo_chunks (photo_id, start_at, bytes) VALUES ($1, $2, decode($3, 'base64'))`, [
    id,
    start,
    toBase64(bytes),
  ]);
  await sql.query('UPDATE ad_photos SET received = received + $2, updated_at = now() WHERE id = $1', [
    id,
    bytes.byteLength,
  ]);
};

/** The bytes received so far, in order. */
export const readChunks = async (sql: Sql, id: string): Promise<Buffer[]> => {
  const rows = await sql.query<{ bytes: Uint8Array }>(
    'SELECT bytes FROM ad_photo_chunks WHERE photo_id = $1 ORDER BY start_at',
    [id],
  );
  return rows.map((r) => toBuffer(r.bytes));
};

export interface EncodedSize {
  size: AdPhotoSize;
  width: number;
  height: number;
  bytes: Buffer;
}

/** Stores the sizes and marks the photo ready; the original's chunks go (only the re-encoded sizes are kept). */
export const markReady = async (sql: Sql, id: string, sizes: readonly EncodedSize[]): Promise<void> => {
  for (const s of sizes) {
    await sql.query(
      `INSERT INTO ad_photo_sizes (photo_id, size, width, height, bytes) VALUES ($1, $2, $3, $4, decode($5, 'base64'))
       ON CONFLICT (photo_id, size) DO NOTHING`,
      [id, s.size, s.width, s.height, toBase64(s.bytes)],
    );
  }
  await sql.query('DELETE FROM ad_photo_chunks WHERE photo_id = $1', [id]);
  await sql.query(`UPDATE ad_photos SET status = 'ready', received = length, updated_at = now() WHERE id = $1`, [id]);
};

/** Forgets a photo and everything received of it (a refused file: nothing of it is kept). */
export const deletePhoto = async (sql: Sql, id: string): Promise<void> => {
  await sql.query('DELETE FROM ad_photos WHERE id = $1', [id]);
};

/**
 * A ready photo's size, for serving: its bytes, its owner, and whether a published ad of that owner shows it (the
 * `ads` row's public_doc, sync-server/ads/ad-rows.ts: set only while the ad is published).
 */
export const readSize = async (
  sql: Sql,
  id: string,
  size: AdPhotoSize,
): Promise<{ bytes: Buffer; owner: string; published: boolean } | undefined> => {
  const [row] = await sql.query<{ bytes: Uint8Array; owner: string; published: boolean }>(
    `SELECT s.bytes, p.owner, EXISTS (
       SELECT 1 FROM ads a WHERE a.owner = p.owner AND a.public_doc IS NOT NULL
         AND a.public_doc -> 'photos' ? p.id::text
     ) AS published
     FROM ad_photo_sizes s JOIN ad_photos p ON p.id = s.photo_id
     WHERE s.photo_id = $1 AND s.size = $2 AND p.status = 'ready'`,
    [id, size],
  );
  return row ? { bytes: toBuffer(row.bytes), owner: row.owner, published: row.published } : undefined;
};

/**
 * Which of `ids` are the owner's and ready (the ad rules' check before an ad leaves `wait`). Ids that are not
 * UUIDs, another owner's, or still uploading are simply not in the answer.
 */
export const readyPhotos = async (sql: Sql, owner: string, ids: readonly string[]): Promise<Set<string>> => {
  const valid = [...new Set(ids)].filter((id) => adPhotoIdSchema.safeParse(id).success);
  if (valid.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    `SELECT id::text FROM ad_photos WHERE owner = $1 AND status = 'ready' AND id = ANY($2::uuid[])`,
    [owner, valid],
  );
  return new Set(rows.map((r) => r.id));
};

/**
 * Deletes the owner's photos among `ids`, ready or not, with their sizes (for the ads feature: an ad deleted, or
 * photos taken out of it, in the transaction that does it). Another owner's ids are left alone. Answers how many.
 */
export const forgetAdPhotos = async (sql: Sql, owner: string, ids: readonly string[]): Promise<number> => {
  const valid = [...new Set(ids)].filter((id) => adPhotoIdSchema.safeParse(id).success);
  if (valid.length === 0) return 0;
  const rows = await sql.query('DELETE FROM ad_photos WHERE owner = $1 AND id = ANY($2::uuid[]) RETURNING id', [
    owner,
    valid,
  ]);
  return rows.length;
};
