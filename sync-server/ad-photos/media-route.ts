import type { RequestHandler } from 'express';
import { AD_PHOTO_SIZES, type AdPhotoSize } from '../../schema/ads/ad-list.ts';
import { adPhotoIdSchema } from '../../schema/ads/ad.ts';
import { bearerToken, principalOfToken } from '../http/auth.ts';
import type { Database } from '../store/database.ts';
import { readSize } from './photo-store.ts';
import { isOperatorRole } from '../../schema/ops/roles.ts';

const isSize = (value: string): value is AdPhotoSize => Object.hasOwn(AD_PHOTO_SIZES, value);

/** Whether the bearer (if any) may see a photo no published ad shows: its owner, or an operator. */
const maySeeUnpublished = async (db: Database, token: string, photoOwner: string): Promise<boolean> => {
  const principal = await principalOfToken(db, token);
  if (principal?.kind !== 'user') return false;
  if (principal.owner === photoOwner) return true;
  const [row] = await db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [principal.userId]);
  return isOperatorRole(row?.role);
};

/**
 * `GET /media/ads/:id/:file` (`{size}.webp`, schema/ads/ad-list.ts adPhotoPath): a ready photo's size. A photo a
 * published ad shows is public: its id is never reused and its sizes never change, so browsers and proxies keep it
 * for a year, unasked. Until then (an ad waiting for review, refused, or being edited) it is its owner's and the
 * operators', asked with the bearer header (the owner's device fetches it into a blob: client/ad-photos), and no
 * cache keeps it. Anything else (an unknown id or size, a photo still uploading, someone else's unpublished photo)
 * is the same 404, so an id tells nothing.
 */
export const adPhotoMediaRoute =
  (db: Database): RequestHandler =>
  async (req, res) => {
    const id = adPhotoIdSchema.safeParse(req.params.id);
    const file = String(req.params.file ?? '');
    const size = file.endsWith('.webp') ? file.slice(0, -5) : '';
    const found = id.success && isSize(size) ? await readSize(db, id.data, size) : undefined;
    const visible =
      found !== undefined && (found.published || (await maySeeUnpublished(db, bearerToken(req), found.owner)));
    if (!found || !visible) {
      res.status(404).set('Cache-Control', 'no-store').end();
      return;
    }
    res
      .status(200)
      .type('image/webp')
      .set('Cache-Control', found.published ? 'public, max-age=31536000, immutable' : 'private, no-store')
      .send(found.bytes);
  };
