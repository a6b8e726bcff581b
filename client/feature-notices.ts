import { cartNotices } from './cart/notices.ts';
import { noticesNotices } from './notices/notices.ts';
import { orderNotices } from './orders/notices.ts';
import { paymentNotices } from './payments/notices.ts';
import type { FeatureNotices } from './sync/feature.ts';
import { wishlistNotices } from './wishlist/notices.ts';
import { messageNotices } from './messages/notices.ts';
import { adNotices } from './ads/notices.ts';
import { alertsNotices } from './alerts/notices.ts';

/**
 * What the command notifications (client/store/command-tracker.ts) know of each feature: one line each, beside
 * its line in client/features.ts. Apart from that registry because the notifications load with the first page and
 * the features' sync parts (rules, schemas) do not.
 */
export const featureNotices: readonly FeatureNotices[] = [
  cartNotices,
  wishlistNotices,
  orderNotices,
  noticesNotices,
  paymentNotices,
  messageNotices,
  adNotices,
  alertsNotices,
];
