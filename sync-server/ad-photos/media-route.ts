import type { RequestHandler } from 'express';
import { AD_PHOTO_SIZES, type AdPhotoSize } from '../../schema/ads/ad-list.ts';
import { adPhotoIdSchema } from '../../schema/ads/ad.ts';
import type { Database } from '../store/database.ts';
import { readSize } from './photo-store.ts';

const isSize = (value: string): value is AdPhotoSize => Object.hasOwn(AD_PHOTO_SIZES, value);

/**
 * `GET /media/ads/:id/:file` (`{size}.webp`, schema/ads/ad-list.ts adPhotoPath): a ready photo's size. A photo id
 * is never reused and its sizes never change, so browsers and proxies keep them for a year, unasked. Anything
 * else (an unknown id or size, a photo still uploading) is a 404. Photos are public: they show in published ads.
 */
export const adPhotoMediaRoute =
  (db: Database): RequestHandler =>
  async (req, res) => {
    const id = adPhotoIdSchema.safeParse(req.params.id);
    const file = String(req.params.file ?? '');
    const size = file.endsWith('.webp') ? file.slice(0, -5) : '';
    const bytes = id.success && isSize(size) ? await readSize(db, id.data, size) : undefined;
    if (!bytes) {
      res.status(404).set('Cache-Control', 'no-store').end();
      return;
    }
    res.status(200).type('image/webp').set('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
  };
