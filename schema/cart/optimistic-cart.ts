import type { ProductLookup } from '../catalog/product.ts';
import { parseCommand } from '../commands/registry.ts';
import type { CommandDocument } from '../commands/envelope.ts';
import { appliedSeqOf, type Cart } from './cart.ts';
import { applyCartCommand, isCartCommand } from './cart-rules.ts';
import { GUEST_PRICING, type CartPricing } from './tier-pricing.ts';

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
  /** How to validate a document: a caller folding the same commands again and again may memoise it. */
  parse: typeof parseCommand = parseCommand,
  /** The customer group the server will charge the owner at (the logged-in user's; guests' otherwise). */
  pricing: CartPricing = GUEST_PRICING,
): Cart =>
  inExecutionOrder(pending).reduce((cart, doc) => {
    if (doc.status !== 'pending' || doc.seq <= appliedSeqOf(serverCart, doc.clientId)) return cart;
    const parsed = parse(doc);
    if (!parsed.ok || !isCartCommand(parsed.command)) return cart;
    return applyCartCommand(cart, parsed.command, products, pricing).cart;
  }, serverCart);

/**
 * The order the server runs commands in: each client's strictly by seq (whatever its clock said),
 * clients interleaved by creation time, always taking the earliest next command of any client.
 */
export const inExecutionOrder = <C extends Pick<CommandDocument, 'clientId' | 'seq' | 'createdAt'>>(
  commands: readonly C[],
): C[] => {
  const runs = new Map<string, C[]>();
  for (const c of [...commands].sort((a, b) => a.seq - b.seq)) {
    const run = runs.get(c.clientId);
    if (run) run.push(c);
    else runs.set(c.clientId, [c]);
  }
  const ordered: C[] = [];
  for (;;) {
    let next: C[] | undefined;
    for (const run of runs.values()) if (run[0] && (!next || run[0].createdAt < next[0]!.createdAt)) next = run;
    if (!next) return ordered;
    ordered.push(next.shift()!);
  }
};
