import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { CommandDocument, CommandType } from '../../schema/index.ts';
import {
  acknowledgedIds,
  NOTICE_LIFETIME_MS,
  noticesCommands,
  selectLastingNotices,
  type LastingNotice,
} from '../../schema/notices/index.ts';
import {
  acknowledgedOrderChanges,
  selectOrderNotices,
  shopperCancelledOrders,
  type OrderChange,
} from '../../schema/notices/order-changes.ts';
import type { OrdersDoc } from '../../schema/orders/order.ts';
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
 * which loads after the first page. The changes of orders the shopper did not cause (an operator's move, a payment
 * the server decided) are read from the owner's `orders` read model (schema/notices/order-changes.ts).
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
    const orders = context.collection<OrdersDoc>('orders');
    const orderNotices$: Observable<OrderChange[]> = context.owner$.pipe(
      switchMap((owner) => {
        if (!owner) return of([]);
        const recent = { owner, createdAt: { $gte: Date.now() - NOTICE_LIFETIME_MS } };
        return combineLatest([
          orders.findOne(owner).$,
          // The shopper's own cancellations are not told back to them; acknowledgements name what was seen.
          outcomes.find({ selector: { ...recent, type: { $in: ['notices.acknowledge', 'order.cancel'] } } }).$,
          context.pending$,
        ]).pipe(
          map(([doc, found, pending]) => {
            const commands = [...found.map((d) => d.toJSON() as CommandDocument), ...pending];
            return selectOrderNotices(
              doc ? (doc.toMutableJSON() as OrdersDoc).orders : [],
              acknowledgedOrderChanges(commands),
              shopperCancelledOrders(commands),
              Date.now(),
            );
          }),
        );
      }),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    return { unacknowledged$, orderNotices$ };
  },
});
