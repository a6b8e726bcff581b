/**
 * What the oracle's parts share (oracle.ts and the sub-oracles it calls, content/ and payments/): the command log's
 * rows they read and the violations they report. A module of its own, so a sub-oracle need not import oracle.ts,
 * which imports it.
 */

/** A row of the command log. */
export interface StoreCommand {
  id: string;
  clientId: string;
  seq: number;
  owner: string;
  type: string;
  status: string;
  serverSeq: number;
  payload: unknown;
  result: unknown;
}

export const PROPERTIES = [
  'lost',
  'duplicated',
  'reordered',
  'stock',
  'double-charge',
  'charged-unpaid',
  'double-email',
  'not-converged',
  'not-drained',
] as const;
export type Property = (typeof PROPERTIES)[number];
export interface Violation<P extends Property = Property> {
  property: P;
  detail: string;
}

/** In the order the server ran them. */
export const byServerSeq = (a: StoreCommand, b: StoreCommand): number => a.serverSeq - b.serverSeq;
