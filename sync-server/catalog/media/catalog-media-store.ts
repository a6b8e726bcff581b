import type { CatalogImageSize } from '../../../schema/catalog/media-path.ts';
import type { EncodedSize } from '../../ad-photos/index.ts';
import type { Sql } from '../../store/database.ts';

/** One size of a picture, as the photo pipeline makes it (the ads' and the catalogue's sizes are the spec's). */
export type CatalogMediaSize = EncodedSize;

/** Keeps a picture's sizes; a key already kept is the same photo (its key is its bytes' hash), so it stays. */
export const saveCatalogMedia = async (sql: Sql, key: string, sizes: readonly CatalogMediaSize[]): Promise<void> => {
  for (const s of sizes) {
    // bytea as base64 text: the Sql interface takes no binary parameters.
    await sql.query(
      `INSERT INTO catalog_media (key, size, width, height, bytes) VALUES ($1, $2, $3, $4, decode($5, 'base64'))
       ON CONFLICT (key, size) DO NOTHING`,
      [key, s.size, s.width, s.height, s.bytes.toString('base64')],
    );
  }
};

/** One size of a kept picture; undefined when there is none. bytea comes back as a Buffer (pg) or a Uint8Array (PGlite). */
export const readCatalogMedia = async (sql: Sql, key: string, size: CatalogImageSize): Promise<Buffer | undefined> => {
  const [row] = await sql.query<{ bytes: Uint8Array }>('SELECT bytes FROM catalog_media WHERE key = $1 AND size = $2', [
    key,
    size,
  ]);
  return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : undefined;
};
