import { cartFeature } from '../cart/cart-feature.ts';
import { catalogFeature } from '../catalog/catalog-feature.ts';
import { wishlistFeature } from '../wishlist/index.ts';
import { noticesFeature } from '../notices/index.ts';
import { ordersFeature } from '../orders/orders-feature.ts';
import { paymentsFeature } from '../payments/payments-feature.ts';
import { adsFeature } from '../ads/ads-feature.ts';
import { messagesFeature } from '../messages/index.ts';
import { alertsFeature } from '../alerts/alerts-feature.ts';
import type { ServerFeature } from './feature.ts';

/**
 * Every feature the server runs: one line each. The kernel (push, executor, effects writer, pull, stream, login
 * merge) iterates over this list and names none of them. Order matters only for locks: a batch opens its features
 * in this order, so two transactions lock read models in the same order.
 */
export const serverFeatures: readonly ServerFeature[] = [
  cartFeature,
  wishlistFeature,
  catalogFeature,
  noticesFeature,
  ordersFeature,
  paymentsFeature,
  adsFeature,
  messagesFeature,
  alertsFeature,
];
