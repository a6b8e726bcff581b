import { emptyMyAds, MY_ADS_COLLECTION, type MyAdsDoc } from '../../schema/ads/my-ads.ts';
import type { ReadModelWrite } from '../features/feature.ts';
import { ownerReadModel } from '../features/owner-documents.ts';

/** The owner's ads: one document per owner in `my_ads`, replicated as the `myAds` collection. */
export const myAdsReadModel = ownerReadModel(MY_ADS_COLLECTION, 'my_ads', emptyMyAds);

/** A document to write (the writer gives it its serverSeq). */
export const myAdsWrite = (doc: MyAdsDoc, now: number): ReadModelWrite => {
  const { serverSeq: _old, ...rest } = doc;
  return { model: myAdsReadModel, owner: doc.owner, doc: { ...rest, updatedAt: now } };
};
