import type { Cart } from '../../schema/cart/cart.ts';
import { mergeGuestCart } from '../../schema/cart/merge-carts.ts';
import { repriceCart } from '../../schema/cart/reprice-cart.ts';
import { CartSession } from '../cart/cart-session.ts';
import { writeCarts } from '../cart/write-carts.ts';
import { loadProductLookup } from '../catalog/product-repository.ts';
import type { Sql } from '../store/database.ts';

/**
 * Logging in on a device that shopped as a guest: the guest's cart, commands and devices become the user's,
 * in the login's transaction and at most once per guest.
 * - The guest's client rows are locked first, as a push locks them: a push of the guest's commands either
 *   committed before (its lines are in the guest cart merged here) or runs after and finds the merge
 *   (push-commands.ts then executes it for the user).
 * - The guest's commands, pending ones included, are re-owned: whatever runs later runs on the user's cart.
 * - The merged cart is priced for the user's customer group (spec: cart prices reload on login): the guest's
 *   lines were priced for a guest, and a merged line's new quantity may reach a quantity tier.
 * Returns false when this guest was merged before (into this user or another): nothing changes then.
 */
export const mergeGuestInto = async (tx: Sql, guest: string, user: string, now = Date.now()): Promise<boolean> => {
  await tx.query('SELECT client_id FROM sync_clients WHERE principal = ANY($1) ORDER BY client_id FOR UPDATE', [
    [guest, user],
  ]);
  const [first] = await tx.query(
    'INSERT INTO guest_merges (guest_owner, user_owner) VALUES ($1, $2) ON CONFLICT (guest_owner) DO NOTHING RETURNING guest_owner',
    [guest, user],
  );
  if (!first) return false;

  const carts = await CartSession.load(tx, [guest, user]);
  const joined = mergeGuestCart(carts.get(user), carts.get(guest), now);
  const products = await loadProductLookup(
    tx,
    joined.items.map((line) => line.sku),
    new Date(now),
  );
  const merged = repriceCart(joined, products, carts.pricingOf(user));
  const emptied: Cart = { ...carts.get(guest), items: [], updatedAt: now };
  await tx.query('UPDATE commands SET owner = $2 WHERE owner = $1', [guest, user]);
  await tx.query('UPDATE sync_clients SET principal = $2 WHERE principal = $1', [guest, user]);
  // Last: the sequence numbers (their row lock is held until COMMIT, see reserveServerSeqs).
  await writeCarts(tx, [merged, emptied]);
  return true;
};
