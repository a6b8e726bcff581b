import type { ProductLookup } from '../catalog/product.ts';
import type { parseCommand, TypedCommand } from '../commands/registry.ts';
import type { CommandDocument } from '../commands/envelope.ts';
import { foldPending } from '../commands/fold-pending.ts';
import type { Cart } from './cart.ts';
import { applyCartCommand, isCartCommand, type CartCommand } from './cart-rules.ts';
import { removeOrderedLines } from './ordered-lines.ts';
import { GUEST_PRICING, type CartPricing } from './tier-pricing.ts';

export { inExecutionOrder } from '../commands/fold-pending.ts';

/** The commands that change the cart: its own, and an order placed from it (which takes its lines out). */
type ChangesCart = CartCommand | TypedCommand<'order.place'>;
const changesCart = (command: TypedCommand): command is ChangesCart =>
  isCartCommand(command) || command.type === 'order.place';

/**
 * What the shopper sees: the server's cart with the owner's pending commands folded over it, by the
 * same rules the server runs (see foldPending). A command the rules would refuse changes nothing. A pending
 * order takes its lines out, as the server will when it places it: the cart right after "Поръчай", offline too, is
 * the cart the server will keep (were the order refused, the server's cart, which still holds them, comes back).
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
    changesCart,
    (cart, command) =>
      command.type === 'order.place'
        ? removeOrderedLines(cart, command.payload.lines, command.createdAt)
        : applyCartCommand(cart, command, products, pricing).cart,
    parse,
  );
