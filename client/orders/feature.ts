import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { CommandDocument, CommandType } from '../../schema/index.ts';
import { orderCommands } from '../../schema/orders/order-commands.ts';
import type { OrdersDoc } from '../../schema/orders/order.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import { defineClientFeature, rxSchema } from '../sync/feature.ts';
import { deferredOrders$ } from '../lib/offline-orders-store.ts';
import { ORDER_REFUSAL_CODES } from './notices.ts';
import { foldPendingOrders, type ShownOrder } from './order-view.ts';
import { watchOfflineOrders } from './offline-orders.ts';

/**
 * The owner's orders on the local store: the server's `orders` read model (one document per owner, newest first),
 * with this device's pending order commands folded over it, so an order made offline is in the history at once as
 * "waiting to be sent". An order made offline while the shop asks to confirm such orders waits on the device, not as
 * a command, until the shopper sends it (client/lib/offline-orders-store.ts says why); it is shown waiting too. An
 * order the server refused (sold out meanwhile) stays listed, refused, from its answer (the `outcomes` collection).
 */
export const ordersFeature = defineClientFeature({
  name: 'orders',
  commands: Object.keys(orderCommands) as CommandType[],
  collections: {
    orders: { schema: () => rxSchema<OrdersDoc>(rxdbSchemas().orders), scope: 'owner' },
  },
  refusalCodes: [...ORDER_REFUSAL_CODES],
  views(context) {
    const orders = context.collection<OrdersDoc>('orders');
    const outcomes = context.collection<CommandDocument>('outcomes');
    const orders$: Observable<ShownOrder[]> = context.owner$.pipe(
      switchMap((owner) =>
        !owner
          ? of([])
          : combineLatest([
              orders.findOne(owner).$,
              context.pending$,
              deferredOrders$,
              // The owner's orders the server refused to place: it keeps no order of them, only their answer.
              outcomes.find({
                selector: { owner, type: 'order.place', status: { $in: ['rejected', 'failed'] } },
              }).$,
            ]).pipe(
              map(([doc, pending, deferred, refused]) =>
                foldPendingOrders(
                  doc ? (doc.toMutableJSON() as OrdersDoc).orders : [],
                  pending,
                  context.parse,
                  deferred.filter((order) => order.owner === owner),
                  refused.map((answer) => answer.toJSON() as CommandDocument),
                ),
              ),
            ),
      ),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    return { orders$ };
  },
  start: () => watchOfflineOrders(),
});
