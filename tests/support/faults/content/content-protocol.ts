/**
 * The fault harness's content intents (issue 31: ad with a photo, review, message, alerts) and what a device shows
 * of them: the types both sides of the device worker's channel share (device-protocol.ts adds them to its own).
 */

/** A content intent as the seed draws it (the device makes the ad's and the photo's UUIDs, as the form does). */
export type ContentIntent =
  /** A new ad with one photo, picked on the device and uploaded the way the ad form's uploader does it. */
  | { kind: 'ad.create'; title: string; priceCents: number; category: string }
  /**
   * The shopper opens one of the ads the device lists (`pick`, modulo their number, oldest first) and saves it with a
   * new title and price; nothing is dispatched if the device lists none.
   */
  | { kind: 'ad.edit'; pick: number; title: string; priceCents: number }
  | { kind: 'review.create'; sku: string; rating: number }
  /** A product inquiry (the spec's "send inquiry"), from the logged-in shopper: no proof-of-work asked. */
  | { kind: 'inquiry.send'; sku: string; email: string }
  /** The contact form's message (terms accepted), from the logged-in shopper. */
  | { kind: 'contact.send'; email: string }
  | { kind: 'alerts.set'; sku: string; stock: boolean; price: boolean };

export const CONTENT_INTENT_KINDS: readonly ContentIntent['kind'][] = [
  'ad.create',
  'ad.edit',
  'review.create',
  'inquiry.send',
  'contact.send',
  'alerts.set',
];

export const isContentIntent = (intent: { kind: string }): intent is ContentIntent =>
  (CONTENT_INTENT_KINDS as readonly string[]).includes(intent.kind);

/** An own ad reduced to what must match the server's: id, status, title, price, photos. */
export type AdLine = [id: string, status: string, title: string, priceCents: number, photos: string[]];
/** A notification setting: sku, stock, price. */
export type AlertLine = [sku: string, stock: boolean, price: boolean];

/** The device's content read models (null: the device holds no document for its owner). */
export interface ContentView {
  myAds: { serverSeq: number; ads: AdLine[] } | null;
  alerts: { serverSeq: number; notifications: AlertLine[] } | null;
  /** Photos the device has picked and not yet seen uploaded (queued or refused). */
  photosNotUploaded: number;
}

/** The shopper's account, made on the first device (the sign-up form) and logged in on the others. */
export interface ShopperAccount {
  email: string;
  password: string;
  /** true on the shopper's first device: the sign-up (which logs in); false: a login. */
  register: boolean;
}
