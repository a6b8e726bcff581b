import { promoteWaitingAds } from '../../schema/ads/ad-rules.ts';
import { readyPhotos } from '../ad-photos/index.ts';
import type { Sql } from '../store/database.ts';
import { changeOwnerAds } from './owner-ads.ts';

/**
 * A photo of `owner` is ready (helper B's upload calls it in the transaction that marks the photo ready): the
 * owner's `wait` ads whose photos are now all ready go to review (`pending`), in that transaction, and the owner's
 * devices see it live. An ad never leaves `wait` with a photo missing, so it is never half published.
 */
export const photosArrived = async (tx: Sql, owner: string, photoId: string, now: number): Promise<void> => {
  await changeOwnerAds(tx, owner, now, async (doc) => {
    const waiting = doc.ads.filter((ad) => ad.status === 'wait' && ad.photos.includes(photoId));
    if (waiting.length === 0) return undefined;
    const ready = await readyPhotos(tx, owner, [...new Set(waiting.flatMap((ad) => ad.photos))]);
    const { doc: next, moved } = promoteWaitingAds(doc, ready, now);
    return moved.length === 0 ? undefined : { doc: next, changed: moved, value: undefined };
  });
};
