import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import {
  cartTotals,
  CART_REFUSALS,
  emptyCart,
  foldPendingIntoCart,
  type Cart,
  type CartLine,
  type CartTotals,
  type CommandType,
  type Product,
} from '../../schema/index.ts';
import { cartCommands } from '../../schema/commands/cart-commands.ts';
import { cartCheckoutTotals } from '../../schema/cart/cart-totals.ts';
import type { CheckoutTotals } from '../../schema/checkout/totals.ts';
import { rxdbSchemas } from '../../schema/rxdb/collections.ts';
import { removeOrderedLines } from '../../schema/cart/ordered-lines.ts';
import { deferredOrders$ } from '../lib/offline-orders-store.ts';
import { defineClientFeature, rxSchema } from '../sync/feature.ts';

/** The cart as the shopper sees it: the server's with the owner's pending commands folded over it, and its totals. */
export interface OptimisticCart extends Cart {
  /** Quantities and the lev total of the lines that count (a line flagged out of stock does not). */
  totals: CartTotals;
  /** The euro totals charged (schema/cart/cart-totals.ts): the same function the server's totals call. */
  checkout: CheckoutTotals;
  /**
   * Lines whose product the device knows to be out of stock (spec Cart step 7): kept and flagged, not counted; in the
   * 'remove' setting the cart removes them (client/cart/stock-check.ts).
   */
  outOfStock: readonly string[];
}

/** A line is out of stock when its product, as last replicated, has no unit left. Unknown products are not judged. */
const isOutOfStock = (product: Product | undefined): boolean =>
  product !== undefined && (!product.isInStock || product.stockQty <= 0);

/** The cart as shown, from the cart the rules give and the products the device holds (pure: unit-tested). */
export const optimisticCart = (cart: Cart, bySku: ReadonlyMap<string, Product>): OptimisticCart => {
  const outOfStock = cart.items.filter((line) => isOutOfStock(bySku.get(line.sku))).map((line) => line.lineId);
  const counts = (line: CartLine) => !outOfStock.includes(line.lineId);
  return {
    ...cart,
    totals: cartTotals({ items: cart.items.filter(counts) }),
    checkout: cartCheckoutTotals(cart, { counts }),
    outOfStock,
  };
};

/**
 * Schema versions: each step only added optional fields (carts 1: line `labels`; carts 2: `coupon`, `shipping`;
 * products 1: `options`; products 2: `tierPricesInclTax`; products 3: `variant`), so a stored document is valid as
 * it is: kept, not re-pulled. A kept product lacks its tier prices until the server next sends it: meanwhile a customer group's pending line shows the
 * normal price, and the server's answer (priced with tiers) replaces it.
 */
const keep = <Doc>(doc: Doc): Doc => doc;

/**
 * The cart on the local store: its read model (`carts`), the catalogue's products as the cart prices them
 * (`products`), and the optimistic cart, folded by the same pure rules the server runs (schema/cart).
 */
export const cartFeature = defineClientFeature({
  name: 'cart',
  commands: Object.keys(cartCommands) as CommandType[],
  collections: {
    carts: {
      schema: () => rxSchema<Cart>(rxdbSchemas().carts),
      migrationStrategies: { 1: keep<Cart>, 2: keep<Cart> },
      scope: 'owner',
    },
    products: {
      schema: () => rxSchema<Product>(rxdbSchemas().products),
      migrationStrategies: { 1: keep<Product>, 2: keep<Product>, 3: keep<Product>, 4: keep<Product> },
      scope: 'public',
    },
  },
  refusalCodes: Object.keys(CART_REFUSALS),
  views(context) {
    const products$: Observable<Product[]> = context
      .collection<Product>('products')
      .find({ sort: [{ sku: 'asc' }] })
      .$.pipe(
        map((docs) => docs.map((d) => d.toMutableJSON() as Product)),
        shareReplay({ bufferSize: 1, refCount: true }),
      );
    const carts = context.collection<Cart>('carts');
    const cart$: Observable<OptimisticCart> = context.owner$.pipe(
      switchMap((owner) =>
        !owner
          ? of(optimisticCart(emptyCart(''), new Map()))
          : combineLatest([
              carts.findOne(owner).$,
              context.pending$,
              products$,
              context.customerGroup$,
              deferredOrders$,
            ]).pipe(
              map(([cartDoc, pending, products, customerGroupId, deferred]) => {
                const bySku = new Map(products.map((p) => [p.sku, p]));
                const serverCart = cartDoc ? (cartDoc.toMutableJSON() as Cart) : emptyCart(owner);
                const folded = foldPendingIntoCart(serverCart, pending, (sku) => bySku.get(sku), context.parse, {
                  customerGroupId,
                });
                // An order made offline that waits for the shopper's word is placed, to the shopper: its lines are
                // out of the cart, as they will be once it is sent (it is sent after what the tab does meanwhile).
                const cart = deferred
                  .filter((order) => order.owner === owner)
                  .reduce((shown, order) => removeOrderedLines(shown, order.payload.lines, order.createdAt), folded);
                return optimisticCart(cart, bySku);
              }),
            ),
      ),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    return { products$, cart$ };
  },
});
