import { emptyOrders, ORDERS_COLLECTION } from '../../schema/orders/order.ts';
import { ownerReadModel } from '../features/owner-documents.ts';

/** The owner's orders: one document per owner in `owner_orders`, replicated as the `orders` collection. */
export const ordersReadModel = ownerReadModel(ORDERS_COLLECTION, 'owner_orders', emptyOrders);
