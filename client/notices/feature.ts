import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { CommandDocument, CommandType } from '../../schema/index.ts';
import {
  acknowledgedIds,
  NOTICE_LIFETIME_MS,
  noticesCommands,
  selectLastingNotices,
  type LastingNotice,
} from '../../schema/notices/index.ts';
import { defineClientFeature } from '../sync/feature.ts';

/**
 * The most recent outcomes looked at for lasting notices. A refusal further back than this many answers was made
 * on a device in use since, where it was shown; it bounds the work of every emission on a busy shopper's device.
 */
const OUTCOMES_LOOKED_AT = 200;

/**
 * Lasting notices on the local store: the owner's outcomes (replicated from the server, whichever device asked and
 * whenever it was decided) less those acknowledged by a `notices.acknowledge` (answered, or pending on this
 * device). No collection of its own (schema/notices/notices-rules.ts says why). Which outcomes are worth a notice is
 * the features' say (FeatureNotices.lastingNotice), applied by the panel (client/notices/lasting-notices.tsx),
 * which loads after the first page.
 */
export const noticesFeature = defineClientFeature({
  name: 'notices',
  commands: Object.keys(noticesCommands) as CommandType[],
  collections: {},
  refusalCodes: [],
  views(context) {
    const outcomes = context.collection<CommandDocument>('outcomes');
    const unacknowledged$: Observable<LastingNotice<CommandDocument>[]> = context.owner$.pipe(
      switchMap((owner) => {
        if (!owner) return of([]);
        const since = Date.now() - NOTICE_LIFETIME_MS;
        const recent = { owner, createdAt: { $gte: since } };
        return combineLatest([
          outcomes.find({
            selector: recent,
            sort: [{ owner: 'desc' }, { createdAt: 'desc' }],
            limit: OUTCOMES_LOOKED_AT,
          }).$,
          outcomes.find({ selector: { ...recent, type: 'notices.acknowledge' } }).$,
          context.pending$,
        ]).pipe(
          map(([found, acknowledgements, pending]) => {
            const json = (docs: typeof found) => docs.map((d) => d.toJSON() as CommandDocument);
            const acknowledged = acknowledgedIds([...json(acknowledgements), ...pending]);
            return selectLastingNotices(json(found), acknowledged, Date.now(), (outcome) => outcome);
          }),
        );
      }),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    return { unacknowledged$ };
  },
});
