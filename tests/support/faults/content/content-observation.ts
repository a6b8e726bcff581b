import type { AdLine, AlertLine } from './content-protocol.ts';

/** What the store holds of the run's content (store-reader.ts reads it by SQL: content-store.ts), for the oracle. */
export interface ContentObservation {
  /** The run's shoppers with an account: owner id and e-mail. */
  accounts: { owner: string; email: string }[];
  /** The `myAds` read model of each owner. */
  myAds: { owner: string; serverSeq: number; ads: AdLine[] }[];
  /** Rows of `ads` (one per ad id) of the run's owners. */
  adRows: { adId: string; owner: string; status: string }[];
  /** The owners' photo uploads and how many re-encoded sizes each has (per size name: a repeat shows as 2). */
  photos: { id: string; owner: string; status: string; sizes: Record<string, number> }[];
  /** Reviews written by the run's owners. */
  reviews: { id: number; owner: string; sku: string; commandId: string | null }[];
  /** The `accountSettings` read model of each owner. */
  alerts: { owner: string; serverSeq: number; notifications: AlertLine[] }[];
  /**
   * The back-in-stock change the run made after its commands had run (undefined: none), and whether the alert
   * sweep had taken it when the store was read.
   */
  stockAlert?: { sku: string; eventId: number; swept: boolean } | undefined;
}

export const emptyContent = (): ContentObservation => ({
  accounts: [],
  myAds: [],
  adRows: [],
  photos: [],
  reviews: [],
  alerts: [],
});
