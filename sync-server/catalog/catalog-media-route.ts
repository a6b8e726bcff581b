import type { RequestHandler } from 'express';
import { CATALOG_IMAGE_SIZES, CATALOG_MEDIA_KEY, type CatalogImageSize } from '../../schema/catalog/media-path.ts';
import type { Database } from '../store/database.ts';
import { readCatalogMedia } from './media/catalog-media-store.ts';

const isSize = (value: string): value is CatalogImageSize => Object.hasOwn(CATALOG_IMAGE_SIZES, value);

/**
 * `GET /media/catalog/:key/:file` (`{size}.webp`, schema/catalog/media-path.ts): a catalogue picture's size. A
 * key is its original's hash, so what it names never changes: browsers keep it for a year. Anything else is a 404.
 */
export const catalogMediaRoute =
  (db: Database): RequestHandler =>
  async (req, res) => {
    const key = String(req.params.key ?? '');
    const file = String(req.params.file ?? '');
    const size = file.endsWith('.webp') ? file.slice(0, -5) : '';
    const bytes = CATALOG_MEDIA_KEY.test(key) && isSize(size) ? await readCatalogMedia(db, key, size) : undefined;
    if (!bytes) {
      res.status(404).set('Cache-Control', 'no-store').end();
      return;
    }
    res.status(200).type('image/webp').set('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
  };
