import type { ProductLookup } from '../catalog/product.ts';
import type { parseCommand } from '../commands/registry.ts';
import type { CommandDocument } from '../commands/envelope.ts';
import { foldPending } from '../commands/fold-pending.ts';
import type { Cart } from './cart.ts';
import { applyCartCommand, isCartCommand } from './cart-rules.ts';
import { GUEST_PRICING, type CartPricing } from './tier-pricing.ts';

export { inExecutionOrder } from '../commands/fold-pending.ts';

/**
 * What the shopper sees: the server's cart with the owner's pending commands folded over it, by the
 * same rules the server runs (see foldPending). A command the rules would refuse changes nothing.
 */
export const foldPendingIntoCart = (
  serverCart: Cart,
  pending: readonly CommandDocument[],
  products: ProductLookup,
  /** How to validate a document: a caller folding the same commands again and again may memoise it. */
  parse?: typeof parseCommand,
  /** The customer group the server will charge the owner at (the logged-in user's; guests' otherwise). */
  pricing: CartPricing = GUEST_PRICING,
): Cart =>
  foldPending(
    serverCart,
    pending,
    isCartCommand,
    (cart, command) => applyCartCommand(cart, command, products, pricing).cart,
    parse,
  );
