import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import { adCommands, AD_REFUSAL_CODES } from '../../schema/ads/ad-commands.ts';
import { foldPendingIntoMyAds } from '../../schema/ads/ad-rules.ts';
import { emptyMyAds, type MyAdsDoc } from '../../schema/ads/my-ads.ts';
import type { CommandType } from '../../schema/index.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import { defineClientFeature, rxSchema } from '../sync/feature.ts';
import { showAds, type ShownAd } from './ad-view.ts';

/**
 * The shopper's own second-hand ads on the local store: the server's `myAds` read model (one document per owner),
 * with this device's pending saves, renewals and deletions folded over it by the server's own rules, so an ad
 * written offline is in the list at once as "waiting to be sent". The public list is no collection: it is asked
 * of the server and its last answers kept on the device (client/ads/public-ads.ts).
 */
export const adsFeature = defineClientFeature({
  name: 'ads',
  commands: Object.keys(adCommands) as CommandType[],
  collections: {
    myAds: { schema: () => rxSchema<MyAdsDoc>(rxdbSchemas().myAds), scope: 'owner' },
  },
  refusalCodes: [...AD_REFUSAL_CODES],
  views(context) {
    const myAds = context.collection<MyAdsDoc>('myAds');
    const myAds$: Observable<ShownAd[]> = context.owner$.pipe(
      switchMap((owner) =>
        !owner
          ? of([])
          : combineLatest([myAds.findOne(owner).$, context.pending$]).pipe(
              map(([doc, pending]) => {
                const server = doc ? (doc.toMutableJSON() as MyAdsDoc) : emptyMyAds(owner);
                const folded = foldPendingIntoMyAds(server, pending, {}, context.parse);
                return showAds(server.ads, folded.ads, pending, context.parse);
              }),
            ),
      ),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    return { myAds$ };
  },
});
