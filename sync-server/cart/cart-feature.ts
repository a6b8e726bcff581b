import { applyCartCommand, isCartCommand, type Cart, type CommandType } from '../../schema/index.ts';
import { cartCommands } from '../../schema/commands/cart-commands.ts';
import { mergeGuestCart } from '../../schema/cart/merge-carts.ts';
import { repriceCart } from '../../schema/cart/reprice-cart.ts';
import { couponEmailKey, normaliseCouponCode, usesByCustomer } from '../../schema/coupons/coupon.ts';
import { loadProductLookup } from '../catalog/product-repository.ts';
import { accountEmailsOf } from '../accounts/account-emails.ts';
import { loadCoupons } from '../coupons/coupon-store.ts';
import { outcomeOf, type ReadModelWrite, type ServerFeature } from '../features/feature.ts';
import type { Sql } from '../store/database.ts';
import { cartReadModel } from './cart-read-model.ts';
import { CartSession } from './cart-session.ts';

/**
 * The cart on the sync kernel: its commands run the shared pure rules (schema/cart) on the batch's locked carts,
 * priced from the catalogue as of the batch, at each owner's customer group.
 */
export const cartFeature: ServerFeature = {
  name: 'cart',
  commands: Object.keys(cartCommands) as CommandType[],
  readModels: [cartReadModel],

  async open(tx, commands, now, documents) {
    // The carts locked, then their lines' products and the payloads' (see CartSession.load).
    const skus = commands.flatMap((c) => ('sku' in c.payload ? [c.payload.sku] : []));
    const carts = await CartSession.load(
      tx,
      commands.map((c) => c.owner),
      { skus, now, documents },
    );
    // Another variant of a line: its siblings priced too (only for batches that reconfigure a line), of the lines
    // in the carts and of those the batch's commands may add before the change.
    if (commands.some((c) => c.type === 'cart.configureLine')) await carts.loadSiblings(tx, skus);
    const codes = commands.flatMap((c) => (c.type === 'cart.applyCoupon' ? [String(c.payload.code)] : []));
    // A logged-in owner's address: a personal code is refused on another account's cart, and once per customer
    // counts the address's uses too. A guest's cart has no address: its order is checked when placed.
    const emails =
      codes.length > 0
        ? await accountEmailsOf(
            tx,
            commands.map((c) => c.owner),
          )
        : new Map<string, string>();
    // Read without a lock: applying a coupon reserves nothing; placing the order counts its uses under the lock.
    const coupons = await loadCoupons(
      tx,
      codes,
      commands.map((c) => c.owner),
      [...emails.values()].map(couponEmailKey),
    );
    return {
      handle(command) {
        if (!isCartCommand(command)) throw new Error(`not a cart command: ${(command as { type: string }).type}`);
        const { cart, decision } = applyCartCommand(
          carts.get(command.owner),
          command,
          carts.products,
          carts.pricingOf(command.owner),
          {
            now,
            ...(emails.has(command.owner) ? { customerEmail: emails.get(command.owner)! } : {}),
            coupons: (code) => {
              const state = coupons.get(normaliseCouponCode(code));
              return (
                state && {
                  ...state,
                  usedByCustomer: usesByCustomer(state.uses, command.owner, emails.get(command.owner)),
                }
              );
            },
          },
        );
        carts.set(command.owner, cart);
        return outcomeOf(decision);
      },
    };
  },

  /**
   * The guest's lines join the user's cart (schema/cart/merge-carts.ts), priced for the user's customer group
   * (spec: cart prices reload on login): the guest's lines were priced for a guest, and a merged line's new
   * quantity may reach a quantity tier. The guest's cart is emptied.
   */
  async mergeGuest(tx, guest, user, now) {
    const carts = await CartSession.load(tx, [guest, user], { now });
    const joined = mergeGuestCart(carts.get(user), carts.get(guest), now);
    const products = await loadProductLookup(
      tx,
      joined.items.map((line) => line.sku),
      new Date(now),
    );
    const merged = repriceCart(joined, products, carts.pricingOf(user));
    const emptied: Cart = { ...carts.get(guest), items: [], updatedAt: now };
    return [cartWrite(merged), cartWrite(emptied)];
  },
};

const cartWrite = (cart: Cart): ReadModelWrite => ({ model: cartReadModel, owner: cart.owner, doc: cart });

/**
 * The owner's cart priced again for its customer group (an operator moved the user to another group), to write
 * with writeOwnerDocuments; undefined when the cart is empty. The cart is locked until the transaction ends.
 */
export const repricedCartOf = async (tx: Sql, owner: string, now = Date.now()): Promise<ReadModelWrite | undefined> => {
  const carts = await CartSession.load(tx, [owner], { now });
  const cart = carts.get(owner);
  if (cart.items.length === 0) return undefined;
  const products = await loadProductLookup(
    tx,
    cart.items.map((line) => line.sku),
  );
  return cartWrite({ ...repriceCart(cart, products, carts.pricingOf(owner)), updatedAt: now });
};
