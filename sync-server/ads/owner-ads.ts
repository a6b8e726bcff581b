import { expireAds } from '../../schema/ads/ad-rules.ts';
import type { OwnAd } from '../../schema/ads/ad.ts';
import type { MyAdsDoc } from '../../schema/ads/my-ads.ts';
import { lockOwners } from '../executor/owner-locks.ts';
import { lockOwnerDocuments, writeOwnerDocuments } from '../features/owner-documents.ts';
import type { Sql } from '../store/database.ts';
import { writeAdRows } from './ad-rows.ts';
import { myAdsReadModel, myAdsWrite } from './my-ads-read-model.ts';

/** What a change made outside a command does to an owner's ads: the new document and the ads it changed. */
export interface OwnerAdsChange<T> {
  doc: MyAdsDoc;
  changed: readonly OwnAd[];
  /** Work for the same transaction once the change is decided (an e-mail), before the document is written. */
  also?: (tx: Sql) => Promise<void>;
  value: T;
}

/**
 * A change to one owner's ads made outside a command (an operator's decision, a photo arriving, the expiry
 * sweep), in the caller's transaction: the owner's lock first (as every transaction that changes an owner's read
 * models takes it), then the document, the published ads whose period ran out are finished, `change` decides, and
 * the rows and the document are written, the document last (it takes the server sequence, held until COMMIT), so
 * it reaches the owner's devices live. `change` returning undefined changes nothing but the expiry.
 */
export const changeOwnerAds = async <T>(
  tx: Sql,
  owner: string,
  now: number,
  change: (doc: MyAdsDoc) => Promise<OwnerAdsChange<T> | undefined> | OwnerAdsChange<T> | undefined,
): Promise<T | undefined> => {
  await lockOwners(tx, [owner]);
  const docs = await lockOwnerDocuments<MyAdsDoc>(tx, myAdsReadModel, [owner]);
  const swept = expireAds(docs.get(owner)!, now);
  const decided = await change(swept.doc);
  const doc = decided?.doc ?? swept.doc;
  const changedIds = new Set([...swept.expired, ...(decided?.changed ?? []).map((ad) => ad.id)]);
  if (changedIds.size === 0) return decided?.value;
  await writeAdRows(
    tx,
    owner,
    doc.ads.filter((ad) => changedIds.has(ad.id)),
    [],
    now,
  );
  await decided?.also?.(tx);
  await writeOwnerDocuments(tx, [myAdsWrite(doc, now)]);
  return decided?.value;
};
