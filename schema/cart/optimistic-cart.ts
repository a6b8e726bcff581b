import type { ProductLookup } from '../catalog/product.ts';
import { parseCommand } from '../commands/registry.ts';
import type { CommandDocument } from '../commands/envelope.ts';
import { appliedSeqOf, type Cart } from './cart.ts';
import { applyCartCommand, isCartCommand } from './cart-rules.ts';

/**
 * What the shopper sees: the server's cart with the owner's pending commands folded over it, by the
 * same rules the server runs. A pending command already reflected in the server cart (its seq is at or
 * below the cart's applied seq for its client) is skipped, so nothing is counted twice while the cart
 * and the command's result arrive separately. A command the rules would refuse changes nothing.
 */
export const foldPendingIntoCart = (
  serverCart: Cart,
  pending: readonly CommandDocument[],
  products: ProductLookup,
): Cart =>
  [...pending]
    .sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq)
    .reduce((cart, doc) => {
      if (doc.status !== 'pending' || doc.seq <= appliedSeqOf(serverCart, doc.clientId)) return cart;
      const parsed = parseCommand(doc);
      if (!parsed.ok || !isCartCommand(parsed.command)) return cart;
      return applyCartCommand(cart, parsed.command, products).cart;
    }, serverCart);
