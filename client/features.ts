import { cartFeature } from './cart/feature.ts';
import { noticesFeature } from './notices/feature.ts';
import { catalogFeature } from './offline-catalog/feature.ts';
import { ordersFeature } from './orders/feature.ts';
import { paymentsFeature } from './payments/feature.ts';
import type { CollectionsOf, ViewsOf } from './sync/feature.ts';
import { wishlistFeature } from './wishlist/feature.ts';
import { messagesFeature } from './messages/feature.ts';
import { adsFeature } from './ads/feature.ts';
import { alertsFeature } from './alerts/feature.ts';
import { adPhotosFeature } from './ad-photos/feature.ts';

/**
 * Every feature of the local store: one line each. The sync kernel (client/sync: database, replication, views,
 * logout) iterates over this list and names none of them. Their collections count against RxDB's 13 a tab (see
 * the README's collection budget; tests/unit/commands/feature-registry.test.ts holds the total at 10 or fewer).
 */
export const clientFeatures = [
  cartFeature,
  wishlistFeature,
  catalogFeature,
  ordersFeature,
  noticesFeature,
  paymentsFeature,
  messagesFeature,
  adsFeature,
  alertsFeature,
  adPhotosFeature,
] as const;

type Registered = (typeof clientFeatures)[number];
export type FeatureCollectionSpecs = CollectionsOf<Registered>;
export type FeatureViews = ViewsOf<Registered>;
