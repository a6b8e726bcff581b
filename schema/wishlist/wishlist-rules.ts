import { unionOfApplied, withAppliedSeq } from '../commands/applied-seqs.ts';
import type { CommandDocument } from '../commands/envelope.ts';
import { foldPending } from '../commands/fold-pending.ts';
import type { parseCommand, TypedCommand } from '../commands/registry.ts';
import { toShortlistProduct } from '../catalog/shortlist-product.ts';
import { WISHLIST_MAX_ITEMS, type WishlistDoc, type WishlistEntry } from './wishlist.ts';

/**
 * The wishlist's rules as pure functions, run by the server's executor and by the client's optimistic view:
 * decide(command, state) -> events or a refusal; evolve(state, event) -> state.
 */

export type WishlistCommand = TypedCommand<'wishlist.add' | 'wishlist.remove'>;

export type WishlistEvent =
  { type: 'wishlist.itemAdded'; entry: WishlistEntry } | { type: 'wishlist.itemRemoved'; sku: string };

/** Refusals, shown to the shopper (the client translates `refusal.<code>`). */
export const WISHLIST_REFUSALS = {
  wishlist_full: `The wishlist holds at most ${WISHLIST_MAX_ITEMS} products: remove one to save another.`,
} as const;
export type WishlistRefusalCode = keyof typeof WISHLIST_REFUSALS;

export type WishlistDecision =
  | { kind: 'accepted'; events: WishlistEvent[]; result: Record<string, unknown> }
  | { kind: 'rejected'; code: WishlistRefusalCode; message: string; field?: string };

export const isWishlistCommand = (command: TypedCommand): command is WishlistCommand =>
  command.type === 'wishlist.add' || command.type === 'wishlist.remove';

const has = (wishlist: WishlistDoc, sku: string): boolean => wishlist.items.some((item) => item.sku === sku);

/** `now`: when the command is decided (the server's clock; the optimistic view's own until the server answers). */
export const decideWishlist = (command: WishlistCommand, wishlist: WishlistDoc, now: number): WishlistDecision => {
  const { sku } = command.payload;
  switch (command.type) {
    case 'wishlist.add': {
      // Spec: adding a product already in the wishlist is ignored.
      if (has(wishlist, sku)) return { kind: 'accepted', events: [], result: { sku, added: false } };
      if (wishlist.items.length >= WISHLIST_MAX_ITEMS) {
        return {
          kind: 'rejected',
          code: 'wishlist_full',
          message: WISHLIST_REFUSALS.wishlist_full,
          field: 'payload.sku',
        };
      }
      const entry = { sku, addedAt: now, product: toShortlistProduct(command.payload.product) };
      return { kind: 'accepted', events: [{ type: 'wishlist.itemAdded', entry }], result: { sku, added: true } };
    }
    case 'wishlist.remove':
      // Spec: removal is by sku; a sku that is not there changes nothing.
      return has(wishlist, sku)
        ? { kind: 'accepted', events: [{ type: 'wishlist.itemRemoved', sku }], result: { sku, removed: true } }
        : { kind: 'accepted', events: [], result: { sku, removed: false } };
  }
};

export const evolveWishlist = (wishlist: WishlistDoc, event: WishlistEvent): WishlistDoc => {
  switch (event.type) {
    case 'wishlist.itemAdded':
      return { ...wishlist, items: [...wishlist.items, event.entry] };
    case 'wishlist.itemRemoved':
      return { ...wishlist, items: wishlist.items.filter((item) => item.sku !== event.sku) };
  }
};

/** decide, then evolve, and record the command's seq as applied (a refused command has been handled too). */
export const applyWishlistCommand = (
  wishlist: WishlistDoc,
  command: WishlistCommand,
  now: number,
): { wishlist: WishlistDoc; decision: WishlistDecision } => {
  const decision = decideWishlist(command, wishlist, now);
  const evolved = decision.kind === 'accepted' ? decision.events.reduce(evolveWishlist, wishlist) : wishlist;
  return { wishlist: withAppliedSeq(evolved, command.clientId, command.seq), decision };
};

/**
 * Logging in joins the device's guest wishlist to the user's: a union by sku, the user's items first, then the
 * guest's new ones in the order they were saved, up to the cap (the oldest guest saves win). `applied` is the
 * union of both (see unionOfApplied).
 */
export const mergeGuestWishlist = (user: WishlistDoc, guest: WishlistDoc, now: number): WishlistDoc => {
  const items = [...user.items];
  for (const item of guest.items) {
    if (items.length >= WISHLIST_MAX_ITEMS) break;
    if (!items.some((kept) => kept.sku === item.sku)) items.push(item);
  }
  return { ...user, items, applied: unionOfApplied(user.applied, guest.applied), updatedAt: now };
};

/** The wishlist the shopper sees: the server's with this owner's pending wishlist commands folded over it. */
export const foldPendingIntoWishlist = (
  serverWishlist: WishlistDoc,
  pending: readonly CommandDocument[],
  parse?: typeof parseCommand,
): WishlistDoc =>
  foldPending(
    serverWishlist,
    pending,
    isWishlistCommand,
    // A pending add is shown as saved when it was asked for.
    (wishlist, command) => applyWishlistCommand(wishlist, command, command.createdAt).wishlist,
    parse,
  );
