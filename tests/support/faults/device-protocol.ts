import type { ContentIntent, ContentView, ShopperAccount } from './content/content-protocol.ts';
import type { OnlineMethod, PayPlan } from './payments/pay-plan.ts';

/**
 * What the harness asks a device worker (device-worker.ts) and what it answers: the two sides of one
 * worker-thread channel, typed once.
 */
export interface Identity {
  token: string;
  owner: string;
}

/** A shopper's intent, as the run's schedule draws it. */
export type Intent =
  | { kind: 'cart.add'; sku: string; qty: number }
  | { kind: 'cart.remove'; sku: string; qty?: number }
  | { kind: 'cart.setQty'; sku: string; qty: number }
  | { kind: 'wishlist.add'; sku: string }
  | { kind: 'wishlist.remove'; sku: string }
  /** Orders what the device's cart shows (nothing is dispatched when it is empty). */
  | { kind: 'order.place'; payment: 'cashondelivery' | 'banktransfer' | OnlineMethod; email: string }
  /** Pays the device's newest order placed with an online method, as the shopper's browser does (payments/). */
  | { kind: 'order.pay'; plan: PayPlan }
  /** Ads with a photo, reviews, inquiries, alerts (content/content-protocol.ts). */
  | ContentIntent;

/** A command as the device wrote it: what the oracle holds the store to. */
export interface Dispatched {
  id: string;
  clientId: string;
  seq: number;
  owner: string;
  type: string;
  payload: unknown;
}

/** A device's read models as its RxDB holds them, reduced to what must match the server's. */
export interface DeviceView {
  name: string;
  owner: string;
  cart: { serverSeq: number; lines: [string, number][] } | null;
  wishlist: { serverSeq: number; skus: string[] } | null;
  orders: { serverSeq: number; orders: [string, string][] } | null;
  /** Each order's payment status (orderId, status) as the device's orders show it: online orders only. */
  payments?: [string, string][];
  /** Commands still waiting on the device for an answer. */
  waiting: number;
  /** Its ads and notification settings (content/). */
  content?: ContentView;
}

export type DeviceRequest =
  /** `account`: the shopper signs up (first device) or logs in (content/content-protocol.ts). */
  | { op: 'open'; baseUrl: string; name: string; identity?: Identity; account?: ShopperAccount }
  /** `closeAfterMs`: the tab is closed that long after the dispatch (mid-push) and opened again from its database. */
  | { op: 'intent'; intent: Intent; closeAfterMs?: number }
  /** The device logs in as a user (`register`: creates it first); answers the user's identity. */
  | { op: 'login'; email: string; password: string; register: boolean }
  | { op: 'settle'; ms: number }
  | { op: 'view' }
  | { op: 'close' };

export type DeviceAnswer = { id: number; result?: unknown; error?: string };
